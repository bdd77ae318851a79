/**
 * Customs on screen (docs/invoicing.md, Customs screens): a dispatcher picks two cars of a shipment
 * to Port Arthur, TX in Customs cars and makes their customs invoice, opens it, downloads the broker
 * CSV (read: one row per car with the HS code and UN number), prints it (the PDF's text read: the
 * parties and the TSCA certification in its words), sends it to the broker (the invoice is then
 * sent and no longer edited) and marks it cleared with the entry number. On a phone the customs
 * invoice fits and its moves fold into one menu; an operator and a driver have no customs.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs, gridRow, pdfText, signIn } from './helpers';

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const mark = 'CUSE';
const base = 200000 + (Date.now() % 700000);
const cars = [`${mark} ${base}`, `${mark} ${base + 1}`];

test.beforeAll(async ({ request }) => {
  const admin = await apiAs(request);
  const idOf = async (path: string, code: string) => ((await admin.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;
  const [terms] = (await admin.get('/api/terminalboss/v3/cross-border-contract/?search=Crude oil to&page_size=0')) as { id: string }[];
  const contract = await admin.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: await idOf('party', 'GCR'), product: await idOf('product', 'CRUDE'), facility: await idOf('facility', 'FSK'),
    carrier: await idOf('party', 'CN'), number_of_cars: 5, start_date: day(-20), end_date: day(20), currency: 'USD', price: '71.25', price_unit: 'per_bbl',
    cross_border_contract: terms.id,
  });
  const [schedule] = (await admin.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { id: number }[];
  const made = await admin.post(`/api/rail_schedule/${schedule.id}/create_shipment/`, { date: day(-2) });
  await admin.patch(`/api/rail_shipment/${String(made.id)}/`, {
    destination: await idOf('facility', 'PAR'), custom_broker_us: await idOf('party', 'SCB'), routing: 'CN', version: made.version,
  });
  for (const n of [base, base + 1]) {
    await admin.post('/api/loaded_rail_car/', {
      rail_shipment: made.id, car_mark: mark, car_number: n, shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700',
    });
  }
  await admin.post(`/api/rail_shipment/${String(made.id)}/ship/`, { hazardous_certificate_person: 'Sam Site' });
});

test('make a customs invoice from two cars, read its CSV and PDF, send it to the broker and mark it cleared', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/customs/cars/');
  await expect(page.getByRole('heading', { name: 'Cars awaiting customs papers' }).first()).toBeVisible();
  await page.getByLabel('Search').fill(mark);
  for (const c of cars) await gridRow(page, c).getByRole('checkbox').check();
  await expect(gridRow(page, cars[0])).toContainText('CA-US');
  await page.getByRole('button', { name: 'Make customs invoices for 2 cars' }).click();
  const made = page.waitForResponse((r) => r.url().endsWith('/customs/create_invoice/'));
  await page.getByRole('dialog').getByRole('button', { name: 'Make customs invoices' }).click();
  expect((await made).status()).toBe(200);
  const done = page.getByTestId('customs-made');
  await expect(done).toContainText(/Made CI-\d{4}-\d{5} \(2 cars, [\d,]+\.\d\d USD\)/);
  await expect(gridRow(page, cars[0])).toHaveCount(0);
  await page.screenshot({ path: 'test-results/customs-cars-1400.png' });

  await done.getByRole('link').click();
  const heading = page.getByTestId('customs-heading');
  await expect(heading).toContainText(/Customs invoice CI-\d{4}-\d{5}/);
  const code = /CI-\d{4}-\d{5}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByTestId('customs-lines').locator('.MuiDataGrid-row')).toHaveCount(2);
  await expect(page.getByTestId('customs-parties')).toContainText('Sweetgrass Customs Brokerage LLC');
  await expect(page.getByTestId('customs-totals')).toContainText('Total USD');
  await page.screenshot({ path: 'test-results/customs-invoice-1400.png', fullPage: true });

  const actions = page.getByTestId('customs-actions');
  const download = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Broker CSV' }).click();
  const csvFile = await download;
  expect(csvFile.suggestedFilename()).toBe(`${code}.csv`);
  const rows = readFileSync((await csvFile.path())!, 'utf8').trim().split('\r\n');
  expect(rows).toHaveLength(3);
  expect(rows[0]).toContain('"hs_code"');
  for (const row of rows.slice(1)) for (const want of [`"${code}"`, '"2709.00"', '"UN1267"', '"barrel"', '"USD"']) expect(row).toContain(want);

  const printed = page.waitForResponse((r) => r.url().includes('/print/'));
  const tab = page.waitForEvent('popup');
  await actions.getByRole('button', { name: 'Print' }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const text = pdfText(await (await page.request.get(pdf.url(), { headers: { authorization: `Token ${String(token)}` } })).body()).replace(/\s+/g, ' ');
  for (const want of ['CUSTOMS INVOICE', code, 'Gulf Coast Refining LLC', 'IMPORTER OF RECORD', cars[0].replace(' ', ''), '2709.00', 'I certify that all chemical substances in this shipment comply with all applicable rules']) {
    expect(text).toContain(want);
  }
  await (await tab).close();

  await actions.getByRole('button', { name: 'Send to broker' }).click();
  const sent = page.waitForResponse((r) => r.url().endsWith('/customs/send/'));
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText(/Sent 1 customs invoice in 1 mail/)).toBeVisible();
  await expect(heading).toContainText('Sent to broker');
  await expect(page.getByTestId('customs-facts')).toContainText('entries@sweetgrass-customs.example');

  await actions.getByRole('button', { name: 'Cleared' }).click();
  await page.getByRole('dialog').getByLabel('Entry (transaction) number').fill('SCB-7654321-0');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cleared' }).click();
  await expect(page.getByText('Cleared under entry SCB-7654321-0.')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  // Voiding stays with Site Administration.
  await expect(actions.getByRole('button', { name: 'Void' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a customs invoice fits, its moves in one Actions menu; an operator and a driver have no customs', async ({ page }) => {
    await signIn(page, 'siteadmin@demo.test');
    await page.goto('/customs/invoices/');
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('.MuiDataGrid-row').first().click();
    await expect(page.getByTestId('customs-heading')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions' })).toBeVisible();
    await expect(page.getByTestId('customs-totals')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/customs-invoice-390.png', fullPage: true });
    await page.goto('/customs/cars/');
    await expect(page.getByRole('heading', { name: 'Cars awaiting customs papers' }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const who of ['operator@demo.test', 'driver@demo.test']) {
      await signIn(page, who);
      await page.goto('/customs/invoices/');
      await expect(page.getByTestId('no-access')).toBeVisible();
    }
  });
});
