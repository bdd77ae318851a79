/**
 * Shipping a rail shipment on its page (docs/rail.md §8, §11.9, §11.11): the dispatcher's Ship
 * lists everything still missing at once; once the destination is named it ships, the header
 * shows the BOL number and the History tab the move; the dispatcher has no Void, the site
 * administrator voids with a reason and finds the change in the BOL and contract history; the
 * driver reaches none of it. Screenshots at 1,400 and 390 px go to /tmp/ship-shots.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';
/** Today at Fort Saskatchewan, where the demo's cars are released. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton' }).format(new Date());
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);

async function api(request: APIRequestContext) {
  const login = await request.post('/api/auth/login/', { data: { email: 'siteadmin@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()).results[0] as { id: number }).id;
  return { headers, first };
}

/** An active sale around today, and an open shipment of today with one loaded tank car and no destination. */
async function shipmentWithoutDestination(request: APIRequestContext) {
  const { headers, first } = await api(request);
  const day = today();
  const k = await request.post('/api/contract/', {
    headers,
    data: {
      contract_type: 'sale', status: 'active', number_of_cars: 10, start_date: shift(day, -10), end_date: shift(day, 20),
      party: await first('/api/party/?code=GCR'), product: await first('/api/product/?code=CRUDE'), facility: await first('/api/facility/?code=FSK'),
      carrier: await first('/api/party/?code=CN'),
    },
  });
  expect(k.status(), await k.text()).toBe(201);
  const schedule = ((await (await request.get(`/api/rail_schedule/list/?contract_id=${(await k.json()).id as number}`, { headers })).json()) as { id: number }[])[0].id;
  const made = await request.post(`/api/rail_schedule/${schedule}/create_shipment/`, { headers, data: { date: day } });
  expect(made.status(), await made.text()).toBe(201);
  const shipment = await made.json() as { id: number; version: number };
  const car = await request.post('/api/loaded_rail_car/', {
    headers, data: { rail_shipment: shipment.id, car_mark: 'TILX', car_number: 8801, shell_capacity: '30000', volume_outage: '600', temperature_correction_factor: '0.985', density: '0.87' },
  });
  expect(car.status(), await car.text()).toBe(201);
  return {
    id: shipment.id,
    nameDestination: async () => {
      const now = await (await request.get(`/api/rail_shipment/${shipment.id}/`, { headers })).json() as { version: number };
      const res = await request.patch(`/api/rail_shipment/${shipment.id}/`, { headers, data: { destination: await first('/api/facility/?code=HRD'), version: now.version } });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

test('ship: what is missing at once, then the BOL number, its history, a void with its reason, and the register', async ({ page, request }) => {
  const x = await shipmentWithoutDestination(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/ship/${x.id}/`);
  await expect(page.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Dangerous goods certified by')).toHaveValue('Dana Dispatcher');
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Name the destination before shipping.');
  await page.screenshot({ path: `${SHOTS}/ship-missing-1400.png` });
  await dialog.getByRole('button', { name: 'Not now' }).click();

  await x.nameDestination();
  await page.reload();
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText(/^Shipped: BOL [A-Z0-9]+\.$/)).toBeVisible();
  const header = page.getByText(/^BOL [A-Z0-9]+ · Ship date/);
  await expect(header).toBeVisible();
  const bol = /^BOL ([A-Z0-9]+)/.exec((await header.textContent())!)![1];
  await expect(page.getByText('A shipped shipment is not edited. Open it for correction to change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open for correction' })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\?tab=history$/);
  const history = page.getByTestId('rail-history');
  await expect(history.getByRole('row', { name: /Shipped/ })).toContainText('Dana Dispatcher');
  await expect(history.getByRole('row', { name: /Shipped/ })).toContainText(`BOL number: — → ${bol}`);
  await expect(history).toContainText('Car TILX 8801: Created');
  await page.screenshot({ path: `${SHOTS}/ship-history-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/ship-history-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/rail/ship/${x.id}/`);
  await page.getByRole('button', { name: 'Void' }).click();
  await page.getByLabel('Why is it void?').fill('Released to the wrong railroad');
  await page.getByRole('dialog').getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Void: Released to the wrong railroad')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open for correction' })).toHaveCount(0);

  await page.goto(`/company/history/bol_contract/?record=${bol}`);
  const register = page.getByTestId('bol-contract-history');
  await expect(register.getByRole('row', { name: /Voided/ })).toContainText('Released to the wrong railroad');
  await expect(register.getByRole('link', { name: `BOL ${bol}` }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bol-history-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/bol-history-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('make a master billing from a shipment and add a sub-billing to it', async ({ page, request }) => {
  const x = await shipmentWithoutDestination(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/ship/${x.id}/`);
  const first = (await page.getByRole('heading', { level: 2 }).first().textContent())!;
  await page.getByRole('button', { name: 'Make master billing' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/rail/ship/${x.id}/$`));
  const subs = page.getByRole('region', { name: 'Sub-billings' }).or(page.getByLabel('Sub-billings'));
  await expect(subs.getByRole('link', { name: first })).toBeVisible();
  await expect(subs).toContainText('1 car');
  await expect(page.getByRole('table', { name: 'Cars' })).toHaveCount(0);
  await subs.getByRole('button', { name: 'New sub-billing' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(/^Sub-billing of RS-\d{6}$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sub-billing-1400.png`, fullPage: true });
});

test('the driver reaches neither a shipment nor the BOL and contract history', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  for (const path of ['/company/history/bol_contract/', '/rail/ship/1/']) {
    await page.goto(path);
    await expect(page.getByText('You do not have access to view this page.')).toBeVisible();
  }
});
