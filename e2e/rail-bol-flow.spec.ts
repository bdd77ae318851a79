/**
 * The rail desk's day, end to end (docs/rail.md §14, slice 7; the browser test): plan a
 * contract's schedule, Auto-schedule it, create a shipment from today's day, load a car, name the
 * destination, ship, print the bill of lading (its text read from the PDF the server answered),
 * and void it with a reason; the driver reaches none of it. Screenshots go to /tmp/ship-shots.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { PASSWORD, pdfText, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton' }).format(new Date());
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);


/** An active sale of 10 cars from today, nothing planned yet. */
async function contractFromToday(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/auth/login/', { data: { email: 'siteadmin@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()).results[0] as { id: number }).id;
  const made = await request.post('/api/contract/', {
    headers,
    data: {
      contract_type: 'sale', status: 'active', number_of_cars: 10, start_date: today(), end_date: shift(today(), 27),
      party: await first('/api/party/?code=GCR'), product: await first('/api/product/?code=CRUDE'), facility: await first('/api/facility/?code=FSK'),
      carrier: await first('/api/party/?code=CN'),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).id as number;
}

/**
 * The document a print button opens: the button opens `print/bol/{id}/` in a new tab, which asks
 * for the PDF with the session and shows it under its file name; its bytes are the server's answer
 * to the same print call (an issued copy is the archived bytes, so they are the same).
 */
async function printed(page: Page, button: string): Promise<Buffer> {
  const answer = page.context().waitForEvent('response', (r) => /\/api\/rail_shipment\/\d+\/print\//.test(r.url()));
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: button }).click();
  const tab = await popup;
  expect(new URL(tab.url()).pathname).toMatch(/^\/print\/bol\/\d+\/$/);
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(/^bol-.*\.pdf$/);
  await tab.close();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const again = await page.request.get(res.url(), { headers: { authorization: `Token ${String(token)}` } });
  return Buffer.from(await again.body());
}

async function pickInForm(page: Page, label: string, text: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: text }).first().click();
}

test('plan, auto-schedule, create a shipment from a day, load a car, ship, print the BOL, void it', async ({ page, request }) => {
  const contractId = await contractFromToday(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/contract/${contractId}/?tab=schedule`);
  // Plan the first week, weekends too, then let Auto-schedule spread the contract's cars.
  await page.getByRole('button', { name: 'Plan days' }).click();
  const plan = page.getByRole('dialog', { name: 'Plan days' });
  await plan.getByLabel('To').fill(shift(today(), 6));
  for (const w of ['Sat', 'Sun']) await plan.getByRole('checkbox', { name: w }).check();
  await plan.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Auto-schedule' }).click();
  await expect(page.getByTestId('schedule-totals')).toHaveText('10 cars · planned 10 · actual 0 · remaining 10');

  await page.getByRole('gridcell', { name: new RegExp(`^${today()}`) }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create shipment' }).click();
  await expect(page).toHaveURL(/\/rail\/ship\/\d+\/$/);
  const shipmentUrl = page.url();

  await page.getByRole('link', { name: 'Add car' }).click();
  await page.getByLabel('Reporting mark').fill('TILX');
  await page.getByLabel('Car number').fill('7701');
  await page.getByLabel('Shell capacity').fill('30000');
  await page.getByLabel('Outage').fill('600');
  await page.getByRole('textbox', { name: 'Temperature correction factor', exact: true }).fill('0.985');
  await page.getByLabel('Density').fill('0.87');
  await page.getByLabel('Seal 1', { exact: true }).fill('S778812');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(shipmentUrl);

  // The description as the bill of lading will print it, before shipping.
  await expect(page.getByTestId('shipping-description')).toHaveText('UN1267, PETROLEUM CRUDE OIL, 3, PG I');
  await pickInForm(page, 'Destination', 'Hardisty Rail Terminal');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/saved|updated/i).first()).toBeVisible();

  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText(/^Shipped: BOL [A-Z0-9]+\.$/)).toBeVisible();
  const bol = /^BOL ([A-Z0-9]+)/.exec((await page.getByText(/^BOL [A-Z0-9]+ · Ship date/).textContent())!)![1];

  const text = pdfText(await printed(page, 'Print BOL'));
  for (const want of [bol, 'UN1267, PETROLEUM CRUDE OIL, 3, PG I', 'Gulf Coast Refining LLC', 'Fort Saskatchewan Terminal', 'Hardisty Rail Terminal', 'TILX 7701', 'S778812', '28,959.00', 'UN1267', 'PETROLEUM CRUDE OIL', 'Sam Siteadmin']) {
    expect(text, want).toContain(want);
  }
  await expect(page.getByRole('list', { name: 'Archived bills of lading' })).toContainText(`Issued · BOL ${bol}`);
  await page.screenshot({ path: `${SHOTS}/shipped-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/shipped-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.getByRole('button', { name: 'Void' }).click();
  await page.getByLabel('Why is it void?').fill('Released to the wrong railroad');
  await page.getByRole('dialog').getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Void: Released to the wrong railroad')).toBeVisible();
  const voidText = pdfText(await printed(page, 'Print void copy'));
  expect(voidText).toContain('VOID');
  expect(voidText).toContain('Released to the wrong railroad');

  // The day's actual went up with the ship and down with the void.
  await page.goto(`/contract/${contractId}/?tab=schedule`);
  await expect(page.getByTestId('schedule-totals')).toHaveText('10 cars · planned 10 · actual 0 · remaining 10');

  // The dashboard measures the contract against its plan: nothing shipped, today's planned cars behind.
  await page.goto('/contract/');
  const card = page.getByTestId('contract-progress').filter({ has: page.getByRole('progressbar', { name: /: 0 of 10 cars shipped$/ }) }).first();
  await expect(card).toContainText('0 of 10 shipped · 10 remaining');
  await expect(card).toContainText(/\d+ cars? behind/);
  // One counterparty: the picker offers those of the contracts shown; every line left is theirs, and the address keeps it.
  await page.getByRole('combobox', { name: 'Counterparty' }).click();
  const option = page.getByRole('option').first();
  const name = (await option.textContent())!;
  await option.click();
  await expect(page).toHaveURL(/[?&]party=\d+/);
  const lines = page.getByTestId('contract-progress');
  await expect(lines.filter({ hasNotText: name })).toHaveCount(0);
  await expect(lines.first()).toContainText(name);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Counterparty' })).toHaveValue(name);
  await page.getByRole('combobox', { name: 'Counterparty' }).click();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/party=/);
  await page.screenshot({ path: `${SHOTS}/dashboard-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the driver sees no contract, shipment or bill of lading', async ({ page, request }) => {
  const contractId = await contractFromToday(request);
  await signIn(page, 'driver@demo.test');
  for (const path of [`/contract/${contractId}/?tab=schedule`, '/rail/ship/', '/company/history/bol_contract/', '/print/bol/1/']) {
    await page.goto(path);
    await expect(page.getByText('You do not have access to view this page.')).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Contracts' })).toHaveCount(0);
});

test('the print tab: a shipped document at both widths, a cancelled shipment refused in words', async ({ page, request }) => {
  const login = await request.post('/api/auth/login/', { data: { email: 'dispatcher@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const one = async (status: string) => ((await (await request.get(`/api/rail_shipment/?status=${status}&page_size=1`, { headers })).json()).results[0] as { id: number; bol_number: string | null });
  const shipped = await one('shipped');
  const cancelled = await one('cancelled');
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/print/bol/${shipped.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`bol-${String(shipped.bol_number)}.pdf`);
  await expect(page.locator(`iframe[title="bol-${String(shipped.bol_number)}.pdf"]`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('download', `bol-${String(shipped.bol_number)}.pdf`);
  await page.screenshot({ path: `${SHOTS}/print-tab-1400.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Open', exact: true })).toBeVisible();
  await expect(page.getByText("Open shows it in your phone's PDF viewer")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/print-tab-390.png` });
  await page.getByRole('link', { name: 'Shipment' }).click();
  await expect(page).toHaveURL(new RegExp(`/rail/ship/${shipped.id}/$`));
  await page.goto(`/print/bol/${cancelled.id}/`);
  await expect(page.getByRole('alert')).toHaveText('A cancelled shipment has no bill of lading.');
});
