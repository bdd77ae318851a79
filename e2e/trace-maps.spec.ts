/**
 * The maps as their users meet them (docs/trace.md, Maps): a dispatcher at 1,400 px opens a trip
 * on the map from its page and sees its path drawn from its events, picks a car on the cars map
 * from the list and by a click on the map itself; an operator on a phone finds the late trips and
 * opens one; the driver has no map. Every request goes to our own server: no tile server, no
 * fonts from elsewhere. Screenshots go to /tmp/trace-shots.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/trace-shots';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** Fails the test on any request that leaves our origin. */
function onlyOurServer(page: Page) {
  const away: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['http:', 'https:'].includes(u.protocol) || u.host !== new URL(page.url() === 'about:blank' ? r.url() : page.url()).host) away.push(r.url());
  });
  return away;
}

type Admin = Awaited<ReturnType<typeof apiAs>>;
async function newCar(admin: Admin, mark: string) {
  return await admin.post('/api/car/', { mark, number: 100000 + Math.floor(Math.random() * 800000), car_type: 'T', fleet_status: 'P' }) as { id: number; mark: string; number: number };
}
const clm = (admin: Admin, car: number, code: string, time: string, station: string, lat: number, lon: number, loaded = true) =>
  admin.post('/api/car_event/', { car, event_code: code, event_time: time, station, state_province: 'MB', railroad: 'CN', loaded, latitude: lat.toFixed(6), longitude: lon.toFixed(6) });

test('a dispatcher opens a trip on the map, then picks cars on the cars map from the list and on the map', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request);
  // A loaded trip The Pas → Churchill that was placed, and the empty trip after it.
  const car = await newCar(admin, 'MAPX');
  await clm(admin, car.id, 'W', ago(9), 'THE PAS', 53.82, -101.25);
  await clm(admin, car.id, 'A', ago(7), 'GILLAM', 56.35, -94.71);
  await clm(admin, car.id, 'Z', ago(5), 'CHURCHILL', 58.77, -94.17);
  const trips = (await admin.get(`/api/trip/?car=${car.id}&ordering=released_at&page_size=0`)) as { id: number; kind: string }[];
  expect(trips.map((t) => t.kind)).toEqual(['loaded', 'empty']);
  // A car whose feed began mid-movement: no trip, placed by its last event at Flin Flon.
  const lone = await newCar(admin, 'LONX');
  await clm(admin, lone.id, 'P', ago(1), 'FLIN FLON', 54.77, -101.88, false);

  await page.setViewportSize({ width: 1400, height: 900 });
  const away = onlyOurServer(page);
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/company/trace/trips/${trips[0].id}/`);
  await page.getByRole('link', { name: 'On the map' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/trace/trips/map/\\?car=${car.id}&trip=${trips[0].id}$`));
  const map = page.getByTestId('positions-map');
  await expect(map).toHaveAttribute('data-path-points', '3');
  await expect(page.getByRole('heading', { name: `${car.mark} ${car.number}` })).toBeVisible();
  await expect(page.getByTestId('path-summary')).toHaveText('The trip you opened, drawn from its 3 events.');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SHOTS}/trips-map-1400.png` });

  // The cars map: the list beside it names the cars in view; one picked draws its current (empty) trip.
  await page.goto('/company/fleet/cars/map/');
  await expect(page.getByText(/^\d+ cars in view$/)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${car.mark} ${car.number}`) }).click();
  await expect(page).toHaveURL(new RegExp(`\\?car=${car.id}$`));
  await expect(page.getByTestId('path-summary')).toHaveText('Its trip, drawn from its 1 events.');
  await expect(page.getByRole('link', { name: 'Loaded: THE PAS → CHURCHILL' })).toBeVisible();

  // Opened on the lone car, the map flies to it; closed, a click on the map where it is picks it again.
  await page.goto(`/company/fleet/cars/map/?car=${lone.id}`);
  await expect(page.getByRole('heading', { name: `${lone.mark} ${lone.number}` })).toBeVisible();
  await expect(page.getByText('No trips yet: its events have not begun one.')).toBeVisible();
  await page.waitForTimeout(1500); // the flight to it
  await page.getByRole('button', { name: 'Back to the cars in view' }).click();
  await expect(page).toHaveURL(/\/company\/fleet\/cars\/map\/$/);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`\\?car=${lone.id}$`));
  await page.screenshot({ path: `${SHOTS}/cars-map-1400.png` });
  expect(away).toEqual([]);
});

test('an operator on a phone finds the late trips on the map and opens one; the driver has no map', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiAs(request);
  // Ilford to Gillam took two days once; released again ten days ago and not placed: late.
  const car = await newCar(admin, 'LATX');
  await clm(admin, car.id, 'W', ago(40), 'ILFORD', 56.06, -95.6);
  await clm(admin, car.id, 'Z', ago(38), 'GILLAM', 56.35, -94.71);
  await clm(admin, car.id, 'W', ago(10), 'ILFORD', 56.06, -95.6);
  await clm(admin, car.id, 'P', ago(9), 'PIKWITONEI', 55.59, -97.16);
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const away = onlyOurServer(phone);
  await signIn(phone, 'operator@demo.test');
  await phone.goto('/company/trace/trips/map/');
  await expect(phone.getByText(/^\d+ cars in view$/)).toBeVisible();
  await phone.getByRole('combobox', { name: 'Timing' }).click();
  await phone.getByRole('option', { name: 'Late' }).click();
  const pick = phone.getByRole('button', { name: new RegExp(`^${car.mark} ${car.number}`) });
  await pick.scrollIntoViewIfNeeded();
  await pick.click();
  await expect(phone.getByText('Late', { exact: true }).last()).toBeVisible();
  await expect(phone.getByText(/Loaded from ILFORD/)).toBeVisible();
  await phone.waitForTimeout(800);
  await phone.screenshot({ path: `${SHOTS}/trips-map-390.png` });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.getByRole('link', { name: 'Open the trip' }).click();
  await expect(phone).toHaveURL(/\/company\/trace\/trips\/\d+\/$/);
  await expect(phone.getByRole('heading', { level: 2 }).first()).toContainText('ILFORD →');
  expect(away).toEqual([]);

  await signIn(page, 'driver@demo.test');
  await page.goto('/company/fleet/cars/map/');
  await expect(page.getByText('You do not have access to view this page')).toBeVisible();
});
