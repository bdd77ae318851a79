/**
 * The partner portal as the partner meets it (docs/partners.md, Partner shipments, Partner tickets,
 * Nominations board): the shipper ships a car on a contract it shares; the partner, on a 390 px
 * phone, finds the shipment and opens its bill of lading, and at 1,400 px sees the car on the
 * board beside the shipper's; it prints and mails its terminal tickets. A driver reaches none of
 * these screens. Screenshots go to /tmp/partner-portal-shots.
 */
import { expect, test } from '@playwright/test';
import { apiAs, gridRow, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/partner-portal-shots';
const addDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('the shipper ships on a shared contract; the partner opens the bill of lading and sees the car on the board', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const shipper = await apiAs(request);
  const idOf = async (path: string, code: string) => ((await shipper.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;
  const contract = await shipper.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: await idOf('party', 'NRP'), product: await idOf('product', 'CRUDE'),
    facility: await idOf('facility', 'FSK'), carrier: await idOf('party', 'CN'), number_of_cars: 10, start_date: addDays(-5), end_date: addDays(30),
  });
  // A car shipped two days ago (a day gone at the facility whatever the hour in its zone).
  const day = addDays(-2);
  const [schedule] = (await shipper.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { id: number }[];
  const made = await shipper.post(`/api/rail_schedule/${schedule.id}/create_shipment/`, { date: day });
  await shipper.patch(`/api/rail_shipment/${String(made.id)}/`, { destination: await idOf('facility', 'HRD'), routing: 'CN', version: made.version });
  await shipper.post('/api/loaded_rail_car/', {
    rail_shipment: made.id, car_mark: 'TILX', car_number: 400000 + (Date.now() % 99999),
    shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700',
  });
  const shipped = await shipper.post(`/api/rail_shipment/${String(made.id)}/ship/`, { hazardous_certificate_person: 'Sam Site' });
  const bol = String(shipped.bol_number);

  // The partner, on its phone, finds the shipment and opens the bill of lading.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'partner@partner.test');
  await phone.goto('/partner/shipments/');
  await phone.getByLabel('Search').fill(bol);
  await expect(gridRow(phone, bol)).toHaveCount(1);
  await phone.screenshot({ path: `${SHOTS}/partner-shipments-390.png`, fullPage: true });
  const printed = phone.waitForResponse((r) => r.url().includes(`/api/partner/railshipment/${String(made.id)}/print/`));
  const tab = phone.waitForEvent('popup');
  await gridRow(phone, bol).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(`bol-${bol}.pdf`);
  expect((await tab).url()).toMatch(/^blob:/);

  // At 1,400 px the board has the car on its day, on the partner's side and on the shipper's.
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'partner@partner.test');
  await page.goto('/partner/orders/');
  await page.getByRole('tab', { name: 'Board' }).click();
  await expect(page).toHaveURL(/tab=board/);
  await expect(page.getByTestId(`total-${String(contract.id)}-shipped`)).toHaveText('1');
  await expect(page.getByRole('cell', { name: `${String(contract.contract_number)} shipped ${day}: 1` })).toBeVisible();
  // The shipper's own plan is not the partner's to see.
  await expect(page.getByTestId(`total-${String(contract.id)}-planned`)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/partner-board-1400.png`, fullPage: true });
  await page.getByRole('link', { name: String(contract.contract_number) }).click();
  await expect(page).toHaveURL(new RegExp(`/partner/orders/${String(contract.id)}/$`));

  const desk = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(desk, 'siteadmin@demo.test');
  await desk.goto('/partner/orders/?tab=board');
  await expect(desk.getByTestId(`total-${String(contract.id)}-shipped`)).toHaveText('1');
  await expect(desk.getByTestId(`total-${String(contract.id)}-planned`)).toBeVisible();

  // On a phone the board is a list by day.
  await phone.goto('/partner/orders/?tab=board');
  await expect(phone.getByRole('link', { name: new RegExp(`${String(contract.contract_number)} · Prairie Bulk Terminals`) }).first()).toContainText('shipped 1');
  await phone.screenshot({ path: `${SHOTS}/partner-board-390.png`, fullPage: true });
});

test('the partner prints and mails the terminal tickets that name it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'partner@partner.test');
  await page.goto('/partner/v3ticket/');
  const rows = page.locator('.MuiDataGrid-row');
  await expect(rows.first()).toBeVisible();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print selected' }).click();
  expect((await download).suggestedFilename()).toBe('tickets.zip');
  // One PDF of both opens in a new tab.
  const printed = page.waitForResponse((r) => r.url().endsWith('/api/partner/v3ticket/print_multiple/'));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'One PDF of the selected tickets' }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await tab).url()).toMatch(/^blob:/);
  await page.getByRole('button', { name: 'Email selected' }).click();
  await page.getByRole('dialog').getByLabel('Recipients').fill('partner@partner.test');
  const mailed = page.waitForResponse((r) => r.url().endsWith('/api/partner/v3ticket/email_multiple/'));
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  expect((await mailed).status()).toBe(200);
  await expect(page.getByText('Tickets sent to partner@partner.test')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/partner-tickets-1400.png`, fullPage: true });
  // The older screens' path lists the same tickets.
  await page.goto('/partner/ticketview/');
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
});

test('the driver, who holds no partner codes, reaches no partner shipments or tickets', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  for (const path of ['/partner/shipments/', '/partner/v3ticket/', '/partner/ticketview/']) {
    await page.goto(path);
    await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  }
});
