/**
 * The track-and-trace overview as its users meet it (docs/trace.md, Track and trace overview): a
 * dispatcher at 1,400 px opens the late trips from their count and a slow lane's trips from the lane
 * metrics, then finds the cars around a station and in an area drawn on the map; an operator on a
 * phone finds a car around a station; the driver has no overview. Screenshots go to /tmp/trace-shots.
 */
import { expect, test } from '@playwright/test';
import { apiAs, gridRow, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/trace-shots';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

type Admin = Awaited<ReturnType<typeof apiAs>>;
interface Car { id: number; mark: string; number: number }

/** A lane of two days from BEARSKIN to WABOWDEN once, and a car released on it six days ago, still out: late, last seen at PIPESTONE. */
async function lateCar(admin: Admin): Promise<Car> {
  const car = async () => await admin.post('/api/car/', { mark: 'OVRX', number: 100000 + Math.floor(Math.random() * 800000), car_type: 'T', fleet_status: 'P' }) as Car;
  const clm = (c: Car, code: string, time: string, station: string, lat: number, lon: number) =>
    admin.post('/api/car_event/', { car: c.id, event_code: code, event_time: time, station, state_province: 'MB', railroad: 'CN', loaded: true, latitude: lat.toFixed(6), longitude: lon.toFixed(6) });
  const lane = await car();
  await clm(lane, 'W', ago(30), 'BEARSKIN', 54.1, -98.6);
  await clm(lane, 'Z', ago(28), 'WABOWDEN', 54.91, -98.63);
  const late = await car();
  await clm(late, 'W', ago(6), 'BEARSKIN', 54.1, -98.6);
  await clm(late, 'P', ago(5), 'PIPESTONE', 49.58, -100.98);
  return late;
}

/** A station of the company at Pipestone, Manitoba, where the late car was last seen. */
async function pipestone(admin: Admin) {
  const have = await admin.get('/api/railstation/?name=PIPESTONE&page_size=0') as unknown[];
  if (!have.length) {
    await admin.post('/api/railstation/', { name: 'PIPESTONE', state_province: 'MB', country: 'CA', railroads: ['CPRS'], latitude: '49.580000', longitude: '-100.980000', timezone: 'America/Winnipeg' });
  }
}

test('a dispatcher opens the late trips and a lane from the overview, then finds cars around a station and in an area drawn on the map', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request);
  const car = await lateCar(admin);
  await pipestone(admin);
  const name = `${car.mark} ${car.number}`;

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/trace/overview/');
  await expect(page.getByRole('heading', { name: 'Trips now' })).toBeVisible();
  const late = Number(await page.getByTestId('tile-Late').textContent());
  expect(late).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/trace-overview-1400.png`, fullPage: true });

  // The late count opens the trips table on the same trips: as many rows, the car among them.
  await page.getByRole('link', { name: /Late\s*Past their ETA/ }).click();
  await expect(page).toHaveURL(/\/company\/trace\/trips\/table\/\?kind=loaded&status=in_transit&eta__lte=/);
  await expect(gridRow(page, name)).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(late);

  // The lane metrics: the lane of the car's past trip opens its completed trips.
  await page.goBack();
  const laneRow = page.getByRole('table', { name: 'Slowest lanes' }).getByRole('row', { name: /BEARSKIN MB → WABOWDEN MB/ });
  const laneTrips = Number(await laneRow.getByRole('cell').nth(1).textContent());
  expect(laneTrips).toBeGreaterThanOrEqual(1);
  await laneRow.getByRole('link').click();
  await expect(page).toHaveURL(/origin_station=BEARSKIN&destination_station=WABOWDEN/);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(laneTrips);

  // Around a station: the car last seen at Pipestone is inside 10 km of it; its row opens its trip.
  await page.goBack();
  await page.getByRole('combobox', { name: 'Station' }).fill('PIPES');
  await page.getByRole('option', { name: 'PIPESTONE MB' }).click();
  await page.getByLabel('Radius (km)').fill('10');
  await page.getByRole('button', { name: 'Find' }).click();
  const result = page.getByTestId('geofence-result');
  await expect(result).toContainText(/\d+ cars? last seen inside/);
  await expect(result.getByRole('link', { name })).toBeVisible();
  await expect(page.getByTestId('geofence-map')).not.toHaveAttribute('data-found', '0');
  await page.waitForTimeout(600);
  await page.getByRole('region', { name: 'Map of the area' }).screenshot({ path: `${SHOTS}/trace-geofence-station.png` });

  // Drawn by hand: three taps make a triangle, and Find asks for what lies in it.
  await page.getByRole('button', { name: 'Draw on the map' }).click();
  const map = page.getByTestId('geofence-map');
  await expect(page.getByRole('button', { name: 'Find' })).toBeDisabled();
  const box = (await map.boundingBox())!;
  for (const [x, y] of [[0.3, 0.3], [0.7, 0.3], [0.5, 0.7]]) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  await expect(map).toHaveAttribute('data-corners', '3');
  await page.getByRole('button', { name: 'Undo corner' }).click();
  await expect(map).toHaveAttribute('data-corners', '2');
  await expect(page.getByRole('button', { name: 'Find' })).toBeDisabled();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.7);
  await page.getByRole('combobox', { name: 'Find' }).click();
  await page.getByRole('option', { name: 'Car events inside' }).click();
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(result).toContainText(/car events? inside since/);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/trace-geofence-drawn.png` });

});

test('an operator on a phone finds a car around a station; the driver has no overview', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiAs(request);
  const car = await lateCar(admin);
  await pipestone(admin);
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'operator@demo.test');
  await phone.goto('/company/trace/overview/');
  await expect(phone.getByRole('heading', { name: 'Trips now' })).toBeVisible();
  await expect(phone.getByRole('table', { name: 'Slowest lanes' })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.getByRole('combobox', { name: 'Station' }).fill('PIPES');
  await phone.getByRole('option', { name: 'PIPESTONE MB' }).click();
  await phone.getByRole('button', { name: 'Find' }).click();
  const row = phone.getByTestId('geofence-result').getByRole('link', { name: `${car.mark} ${car.number}` });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/trace-overview-390.png`, fullPage: true });
  await row.click();
  await expect(phone).toHaveURL(/\/company\/trace\/trips\/\d+\/$/);

  await signIn(page, 'driver@demo.test');
  await page.goto('/company/trace/overview/');
  await expect(page.getByText('You do not have access to view this page')).toBeVisible();
});
