/**
 * Rail invoicing on screen (docs/invoicing.md, Screens): the site administrator picks two shipped
 * cars in Cars to invoice, invoices them on a new draft, opens it, issues it (it gets its number),
 * prints it (the PDF's text read: number, party, cars, totals in words) and voids it with a reason;
 * the cars then wait for an invoice again. A dispatcher reads invoices without the moves; on a phone
 * the invoice fits and its moves fold into one menu; an operator and a driver have no invoicing.
 */
import { expect, test } from '@playwright/test';
import { apiAs, gridRow, pdfText, signIn } from './helpers';

const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const mark = 'INVE';
const base = 200000 + (Date.now() % 700000);
const cars = [`${mark} ${base}`, `${mark} ${base + 1}`];

test.beforeAll(async ({ request }) => {
  const admin = await apiAs(request);
  const idOf = async (path: string, code: string) => ((await admin.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;
  // A sale to Gulf Coast Refining shipped twelve days ago: past the demo's ten days, priced by its prices for this year.
  const contract = await admin.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: await idOf('party', 'GCR'), product: await idOf('product', 'CRUDE'), facility: await idOf('facility', 'FSK'),
    carrier: await idOf('party', 'CN'), number_of_cars: 5, start_date: day(-20), end_date: day(20), currency: 'USD',
  });
  const [schedule] = (await admin.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { id: number }[];
  const made = await admin.post(`/api/rail_schedule/${schedule.id}/create_shipment/`, { date: day(-12) });
  await admin.patch(`/api/rail_shipment/${String(made.id)}/`, { destination: await idOf('facility', 'HRD'), routing: 'CN', version: made.version });
  for (const n of [base, base + 1]) {
    await admin.post('/api/loaded_rail_car/', {
      rail_shipment: made.id, car_mark: mark, car_number: n, shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700',
    });
  }
  await admin.post(`/api/rail_shipment/${String(made.id)}/ship/`, { hazardous_certificate_person: 'Sam Site' });
});

test('pick two shipped cars, invoice them, issue the invoice, print it and void it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/invoice/products/cars/');
  await expect(page.getByRole('heading', { name: 'Cars to invoice' }).first()).toBeVisible();
  await page.getByLabel('Search').fill(mark);
  for (const c of cars) await gridRow(page, c).getByRole('checkbox').check();
  await expect(gridRow(page, cars[0])).toContainText('Gulf Coast Refining LLC');
  await page.getByRole('button', { name: 'Invoice 2 cars' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('On new draft invoices, one per party and currency');
  const invoiced = page.waitForResponse((r) => r.url().endsWith('/invoice/invoice_cars/'));
  await dialog.getByRole('button', { name: 'Invoice' }).click();
  expect((await invoiced).status()).toBe(200);
  const done = page.getByTestId('invoiced');
  await expect(done).toContainText(/Invoiced on Draft \d+ \(5 lines, [\d,]+\.\d\d USD\)/);
  // The cars have left the list.
  await expect(gridRow(page, cars[0])).toHaveCount(0);
  await page.screenshot({ path: 'test-results/invoice-cars-1400.png' });

  await done.getByRole('link').click();
  await expect(page.getByTestId('invoice-heading')).toContainText(/Invoice draft \d+/);
  const lines = page.getByTestId('invoice-lines');
  await expect(lines.locator('.MuiDataGrid-row')).toHaveCount(5);
  const totals = page.getByTestId('invoice-totals');
  await expect(totals).toContainText('Zero-rated export');
  await expect(totals).toContainText('Total USD');
  const actions = page.getByTestId('invoice-actions');
  await actions.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(page.getByText('Issued: numbered and ready to send')).toBeVisible();
  const heading = page.getByTestId('invoice-heading');
  await expect(heading).toContainText(/Invoice INV-\d{4}-\d{5}/);
  const code = /INV-\d{4}-\d{5}/.exec((await heading.textContent()) ?? '')![0];
  await expect(heading).toContainText('Issued');
  await page.screenshot({ path: 'test-results/invoice-issued-1400.png', fullPage: true });

  const printed = page.waitForResponse((r) => r.url().includes('/print/'));
  const tab = page.waitForEvent('popup');
  await actions.getByRole('button', { name: 'Print' }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-disposition']).toContain(`${code}.pdf`);
  // The answer's body went to the new tab; the same call again reads it.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const text = pdfText(await (await page.request.get(pdf.url(), { headers: { authorization: `Token ${String(token)}` } })).body());
  for (const want of [code, 'INVOICE', 'Prairie Bulk Terminals Ltd.', 'Gulf Coast Refining LLC', cars[0], cars[1], 'Zero-rated export', 'US dollars']) expect(text).toContain(want);
  await (await tab).close();

  await actions.getByRole('button', { name: 'Void' }).click();
  await page.getByRole('dialog').getByLabel('Why is it void?').fill('Billed before the price change was agreed');
  await page.getByRole('dialog').getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Invoice void: its cars may be invoiced again')).toBeVisible();
  await expect(page.getByText('Void: Billed before the price change was agreed')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Issue', exact: true })).toHaveCount(0);

  // The cars wait for an invoice again.
  await page.goto('/invoice/products/cars/');
  await page.getByLabel('Search').fill(mark);
  await expect(gridRow(page, cars[0])).toBeVisible();
});

test('a dispatcher reads an invoice without its moves', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/invoice/invoices/');
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await page.locator('.MuiDataGrid-row').first().click();
  await expect(page.getByTestId('invoice-heading')).toContainText(/Invoice|Credit note/);
  const actions = page.getByTestId('invoice-actions');
  await expect(actions.getByRole('button', { name: 'Print' })).toBeVisible();
  for (const move of ['Issue', 'Void', 'Mark paid', 'Credit note']) await expect(actions.getByRole('button', { name: move, exact: true })).toHaveCount(0);
  await page.goto('/invoice/products/cars/');
  await expect(page.getByRole('heading', { name: 'Cars to invoice' }).first()).toBeVisible();
  // Rows with cars take a check box (to open them in the fleet); invoicing them is not offered.
  await page.locator('.MuiDataGrid-row').first().getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: /^Invoice \d+ cars?$/ })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an invoice fits, its moves in one Actions menu; an operator and a driver have no invoicing', async ({ page }) => {
    await signIn(page, 'siteadmin@demo.test');
    await page.goto('/invoice/invoices/');
    await expect(page.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('.MuiDataGrid-row').first().click();
    await expect(page.getByTestId('invoice-heading')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Actions' })).toBeVisible();
    await expect(page.getByTestId('invoice-totals')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/invoice-390.png', fullPage: true });
    for (const who of ['operator@demo.test', 'driver@demo.test']) {
      await signIn(page, who);
      await page.goto('/invoice/invoices/');
      await expect(page.getByTestId('no-access')).toBeVisible();
    }
  });
});
