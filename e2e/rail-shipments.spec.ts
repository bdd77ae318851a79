/**
 * Shipments and loaded cars before shipping (docs/rail.md §11.3, §11.6, §11.9): the dispatcher
 * creates a shipment from a contract's planned day, adds a car whose volumes and weight show as
 * its measurements are typed (the server's rule, to the last digit), and cancels the shipment with
 * a reason, and finds both on the contract's Shipments and Cars tabs; the driver reaches none of it. Screenshots at 1,400 and 390 px go to /tmp/ship-shots.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, gridRow, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';

async function api(request: APIRequestContext, email = 'siteadmin@demo.test') {
  const login = await request.post('/api/auth/login/', { data: { email, password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  return { headers, first: async (path: string) => ((await (await request.get(path, { headers })).json()).results[0] as { id: number }).id };
}

/** An April 2027 sale of 10 cars, active, with 2 cars planned on 5 April. */
async function plannedContract(request: APIRequestContext): Promise<number> {
  const { headers, first } = await api(request);
  const made = await request.post('/api/contract/', {
    headers,
    data: {
      contract_type: 'sale', status: 'active', number_of_cars: 10, start_date: '2027-04-01', end_date: '2027-04-30',
      party: await first('/api/party/?code=GCR'), product: await first('/api/product/?code=CRUDE'), facility: await first('/api/facility/?code=FSK'),
      carrier: await first('/api/party/?code=CN'),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = (await made.json()).id as number;
  const schedule = ((await (await request.get(`/api/rail_schedule/list/?contract_id=${id}`, { headers })).json()) as { id: number }[])[0].id;
  const day = await request.post('/api/rail_schedule_entry/', { headers, data: { schedule, date: '2027-04-05', quantity: 2 } });
  expect(day.status(), await day.text()).toBe(201);
  return id;
}

test('create a shipment from a contract\'s day, load a car with its derived values, cancel it with a reason', async ({ page, request }) => {
  const contractId = await plannedContract(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/contract/${contractId}/?tab=schedule`);
  await page.getByRole('gridcell', { name: /^2027-04-05/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create shipment' }).click();
  await expect(page).toHaveURL(/\/rail\/ship\/\d+\/$/);
  const shipmentId = Number(/\/rail\/ship\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^RS-\d{6}$/);
  await expect(page.getByText('Ship date 2027-04-05')).toBeVisible();
  await expect(page.getByText('No car yet.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ship-1400.png`, fullPage: true });

  await page.getByRole('link', { name: 'Add car' }).click();
  await expect(page).toHaveURL(new RegExp(`/rail/car/\\?shipment=${shipmentId}$`));
  await page.getByLabel('Reporting mark').fill('tilx');
  await page.getByLabel('Car number').fill('4321');
  await page.getByLabel('Shell capacity').fill('30000');
  await page.getByLabel('Outage').fill('600');
  await page.getByRole('textbox', { name: 'Temperature correction factor', exact: true }).fill('0.985');
  await page.getByLabel('Density').fill('0.87');
  const derived = page.getByLabel('Derived values');
  await expect(derived).toContainText('28,959.00 US gal');
  await expect(derived).toContainText('109,621.7 L');
  await expect(derived).toContainText('95,370.9 kg');
  await expect(derived).toContainText('210,257 lb');
  await page.screenshot({ path: `${SHOTS}/car-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/car-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByLabel('Outage').fill('30001');
  await expect(derived).toContainText('The outage cannot be more than the shell capacity, 30,000.00 US gal.');
  await page.getByLabel('Outage').fill('600');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/rail/ship/${shipmentId}/$`));
  const cars = page.getByRole('table', { name: 'Cars' });
  await expect(cars.getByRole('row', { name: /TILX 4321/ })).toContainText('28,959.00');
  await expect(cars).toContainText('1 car');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/ship-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.getByRole('button', { name: 'Cancel shipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the shipment' });
  await dialog.getByLabel('Why is it cancelled?').fill('Buyer deferred to May');
  await dialog.getByRole('button', { name: 'Cancel shipment' }).click();
  await expect(page.getByText('Cancelled: Buyer deferred to May')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel shipment' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add car' })).toHaveCount(0);
  await expect(page.getByText('A cancelled shipment is not edited.')).toBeVisible();

  // The contract's Shipments and Cars tabs list them.
  await page.goto(`/contract/${contractId}/?tab=shipments`);
  await expect(gridRow(page, 'RS-')).toHaveCount(1);
  await expect(gridRow(page, 'RS-')).toContainText('Cancelled');
  await page.screenshot({ path: `${SHOTS}/contract-shipments-1400.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Cars' }).click();
  await expect(gridRow(page, 'TILX 4321')).toContainText('28,959.00');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/contract-cars-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the driver sees no shipment and no car', async ({ page, request }) => {
  const { headers, first } = await api(request);
  const made = await request.post('/api/rail_shipment/', { headers, data: { origin: await first('/api/facility/?code=FSK') } });
  const shipment = (await made.json()).id as number;
  await signIn(page, 'driver@demo.test');
  await page.goto(`/rail/ship/${shipment}/`);
  await expect(page.getByText('You do not have access to view this page.')).toBeVisible();
  await page.goto('/rail/car/');
  await expect(page.getByText('You do not have access to view this page.')).toBeVisible();
  const driver = await api(request, 'driver@demo.test');
  expect((await request.get(`/api/rail_shipment/${shipment}/`, { headers: driver.headers })).status()).toBe(403);
  expect((await request.get('/api/loaded_rail_car/', { headers: driver.headers })).status()).toBe(403);
});
