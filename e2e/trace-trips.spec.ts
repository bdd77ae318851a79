/**
 * Trips as a dispatcher meets them (docs/trace.md, Screens): the trips table at 1,400 px, a trip
 * opened with its stops and events, a loaded trip matched to a car load by hand and unmatched; the
 * operator reads a trip on a phone without the match buttons; the driver has no trips screen.
 * Screenshots go to /tmp/trace-shots.
 */
import { expect, test } from '@playwright/test';
import { apiAs, gridRow, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/trace-shots';

test('a dispatcher opens a trip, matches it to a car load by hand and unmatches it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await apiAs(request, 'dispatcher@demo.test');
  const admin = await apiAs(request);
  // A new car of the fleet released loaded two days ago with no load shipped for it then: a trip to match by hand.
  const fleetCar = await admin.post('/api/car/', { mark: 'TSTX', number: 100000 + (Date.now() % 800000), car_type: 'T', fleet_status: 'P' }) as { id: number; mark: string; number: number };
  const released = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const station = `E2E YARD ${Date.now() % 100000}`;
  await admin.post('/api/car_event/', { car: fleetCar.id, event_code: 'W', event_time: released, station, state_province: 'AB', railroad: 'CN', loaded: true });
  const [mine] = (await api.get(`/api/trip/?car=${fleetCar.id}&page_size=0`)) as { id: number; origin_station: string }[];
  expect(mine.origin_station).toBe(station);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/trace/trips/table/');
  await page.getByLabel('Search').fill(station);
  await expect(gridRow(page, station)).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/trips-1400.png` });
  await gridRow(page, station).click();
  await expect(page).toHaveURL(new RegExp(`/company/trace/trips/${mine.id}/$`));
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText(`${station} →`);
  await expect(page.getByRole('table', { name: 'Events' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('trip-match')).toHaveText('Not matched');
  await page.screenshot({ path: `${SHOTS}/trip-1400.png`, fullPage: true });

  // The load went out on a shipment ten days before the release (outside the rules' window): matched by hand.
  const idOf = async (path: string, code: string) => ((await admin.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const contract = await admin.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: await idOf('party', 'GCR'), product: await idOf('product', 'CRUDE'), facility: await idOf('facility', 'FSK'),
    carrier: await idOf('party', 'CN'), number_of_cars: 5, start_date: day(-20), end_date: day(20),
  });
  const [schedule] = (await admin.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { id: number }[];
  const made = await admin.post(`/api/rail_schedule/${schedule.id}/create_shipment/`, { date: day(-12) });
  await admin.patch(`/api/rail_shipment/${String(made.id)}/`, { destination: await idOf('facility', 'HRD'), routing: 'CN', version: made.version });
  await admin.post('/api/loaded_rail_car/', {
    rail_shipment: made.id, car_mark: fleetCar.mark, car_number: fleetCar.number,
    shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700',
  });
  const shipped = await admin.post(`/api/rail_shipment/${String(made.id)}/ship/`, { hazardous_certificate_person: 'Sam Site' });
  await page.getByRole('button', { name: 'Match to a car load' }).click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('combobox', { name: /Car load/ });
  await box.click();
  await box.fill(`${fleetCar.mark} ${fleetCar.number}`);
  await page.getByRole('option', { name: `${fleetCar.mark} ${fleetCar.number}` }).first().click();
  await dialog.getByRole('button', { name: 'Match' }).click();
  await expect(page.getByTestId('trip-match')).toContainText('Matched by hand');
  await expect(page.getByTestId('trip-match')).toContainText(String(shipped.shipment_number));
  await page.getByRole('button', { name: 'Unmatch' }).click();
  await expect(page.getByTestId('trip-match')).toHaveText('Unmatched by hand');
});

test('an operator reads a demo trip on a phone, without the match buttons; the driver has no trips', async ({ page, browser }) => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'operator@demo.test');
  await phone.goto('/company/trace/trips/table/');
  await phone.locator('.MuiDataGrid-row').first().click();
  await expect(phone).toHaveURL(/\/company\/trace\/trips\/\d+\/$/);
  await expect(phone.getByRole('table', { name: 'Stops' })).toBeVisible();
  await expect(phone.getByRole('button', { name: /Match/ })).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/trip-390.png`, fullPage: true });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The trip history: only trips that are over, at 390 px too.
  await phone.goto('/company/trace/history/trips/');
  await expect(phone.locator('.MuiDataGrid-row').first()).toBeVisible();
  await phone.locator('.MuiDataGrid-row').first().click();
  await expect(phone).toHaveURL(/\/company\/trace\/trips\/\d+\/$/);
  await expect(phone.getByTestId('status-chip').first()).toHaveAttribute('data-status', /^(completed|incomplete)$/);

  await signIn(page, 'driver@demo.test');
  await page.goto('/company/trace/history/trips/');
  await expect(page.getByText('You do not have access to view this page')).toBeVisible();
  await page.goto('/company/trace/trips/table/');
  await expect(page.getByText('You do not have access to view this page')).toBeVisible();
});

test('a dispatcher opens a demo waybill: the load it moves and the trip that carries it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/trace/waybills/');
  await page.locator('.MuiDataGrid-row').first().click();
  await expect(page).toHaveURL(/\/company\/trace\/waybills\/\d+\/$/);
  await expect(page.getByTestId('waybill-load')).toContainText('Moves');
  await expect(page.getByTestId('waybill-trip')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assign another load' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/waybill-1400.png`, fullPage: true });
  await page.goto('/company/trace/waybills/new/');
  await expect(page.getByLabel(/Waybill number/)).toBeVisible();
});

test('the fleet overview: counts that open the tables behind them, at 1,400 and 390 px', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/fleet/');
  const tile = page.getByRole('link', { name: /Loaded, on the move/ });
  await expect(tile).toBeVisible();
  const count = Number(await page.getByTestId('tile-Loaded, on the move').textContent());
  await page.screenshot({ path: `${SHOTS}/fleet-overview-1400.png`, fullPage: true });
  await tile.click();
  await expect(page).toHaveURL(/\/company\/trace\/trips\/table\/\?status=in_transit&car_fleet_status=P%2CT&last_loaded=true&at_facility=false$/);
  await expect(page.getByText(`1–${Math.min(count, 25)} of ${count}`)).toBeVisible();
  await page.goto('/company/fleet/');
  await page.getByRole('link', { name: /Permanent/ }).click();
  await expect(page).toHaveURL(/\/company\/fleet\/cars\/table\/\?fleet_status=P$/);

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'operator@demo.test');
  await phone.goto('/company/fleet/');
  await expect(phone.getByRole('link', { name: /Empty, at a facility/ })).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/fleet-overview-390.png`, fullPage: true });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
