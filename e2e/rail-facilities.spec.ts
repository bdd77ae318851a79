/**
 * The facility pages (docs/rail.md §11.7, §11.8): the dispatcher opens Shipments by facility from
 * the menu, finds each facility's counts as the server gives them, opens a facility on its
 * shipments, chooses Cars and finds `facility/{id}/schedule/` opening Cars from then on; the
 * schedule tab shows two weeks of days with the facility's contracts and day totals; an unknown
 * tab shows the shipments under their own address. The driver, who views facilities, lands on
 * the no-access page. Screenshots at 1,400 and 390 px go to /tmp/facility-shots.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/facility-shots';

async function api(request: APIRequestContext, email = 'dispatcher@demo.test') {
  const login = await request.post('/api/auth/login/', { data: { email, password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const get = async (path: string) => (await request.get(path, { headers })).json();
  return { headers, get };
}

interface Facility { id: number; name: string; open: number; cars_loading: number }
interface Schedule { days: string[]; contracts: { contract_number: string }[]; totals: Record<string, { quantity: number }> }

test('shipments by facility with their counts; a facility opens on its remembered tab', async ({ page, request }) => {
  const { get } = await api(request);
  const companyId = (await get('/api/user/me/')).company.id as number;
  const rows = (await get(`/api/company/${companyId}/facilities/`)) as Facility[];
  const fsk = rows.find((f) => f.name === 'Fort Saskatchewan Terminal')!;

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.getByRole('link', { name: 'Shipments', exact: true }).click();
  await expect(page).toHaveURL(/\/company\/facilities\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments by facility' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Shipments by facility' });
  const row = table.getByRole('row', { name: /Fort Saskatchewan Terminal/ });
  await expect(row).toContainText('Canadian National Railway (CN)');
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(fsk.open));
  await expect(row.getByRole('cell').nth(6)).toHaveText(String(fsk.cars_loading));
  await page.screenshot({ path: `${SHOTS}/facilities-1400.png`, fullPage: true });

  // A facility opens on its shipments (nothing chosen yet on this browser).
  await row.getByRole('link', { name: 'Fort Saskatchewan Terminal' }).click();
  await expect(page).toHaveURL(new RegExp(`/facility/${fsk.id}/schedule/shipment/$`));
  await expect(page.getByTestId('facility-name')).toHaveText('Fort Saskatchewan Terminal');
  await expect(page.getByTestId('facility-place')).toHaveText('Fort Saskatchewan, AB · served by Canadian National Railway (CN)');
  await expect(page.getByText('Outbound shipments')).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New shipment' })).toHaveAttribute('href', new RegExp(`^/rail/ship/\\?source=.*origin%22%3A${fsk.id}`));

  // Choosing Cars is remembered: the facility's address opens Cars from now on.
  await page.getByRole('tab', { name: 'Cars' }).click();
  await expect(page).toHaveURL(new RegExp(`/facility/${fsk.id}/schedule/cars/$`));
  await expect(page.getByLabel('Active filters').getByText('Shipment status: Open, In correction')).toBeVisible();
  await page.goto(`/facility/${fsk.id}/schedule/`);
  await expect(page).toHaveURL(new RegExp(`/facility/${fsk.id}/schedule/cars/$`));
  await expect(page.getByRole('tab', { name: 'Cars', selected: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Cars', selected: true })).toBeVisible();

  // A phone from the first paint: the cards, not the table squeezed.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/company/facilities/');
  await expect(page.getByRole('list', { name: 'Shipments by facility' }).getByRole('listitem')).toHaveCount(rows.length);
  await page.screenshot({ path: `${SHOTS}/facilities-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a facility\'s schedule: two weeks of its contracts by day with the day totals; an unknown tab shows the shipments', async ({ page, request }) => {
  const { get } = await api(request);
  const [fsk] = ((await get('/api/facility/?code=FSK')) as { results: { id: number }[] }).results;
  // The schedule: two weeks of days from today at the facility, its contracts, the day totals.
  const schedule = (await get(`/api/facility/${fsk.id}/schedule/`)) as Schedule;
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/facility/${fsk.id}/schedule/shipment/`);
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/facility/${fsk.id}/schedule/schedule/$`));
  const grid = page.getByRole('table', { name: 'Contracts by day' });
  await expect(grid.getByRole('columnheader')).toHaveCount(15);
  for (const c of schedule.contracts) await expect(grid.getByRole('link', { name: c.contract_number })).toBeVisible();
  const first = schedule.days[0];
  await expect(page.getByTestId(`total-${first}`)).toContainText(String(schedule.totals[first].quantity));
  await page.screenshot({ path: `${SHOTS}/facility-schedule-1400.png`, fullPage: true });
  await page.getByRole('button', { name: 'Next two weeks' }).click();
  await expect(page.getByTestId(`total-${schedule.days[13]}`)).toHaveCount(0);
  // A phone: the days as a list, from today again after a reload.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const days = page.getByRole('list', { name: 'Days' });
  await expect(days).toContainText('(today)');
  await page.screenshot({ path: `${SHOTS}/facility-schedule-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Next two weeks' }).click();
  await expect(days).not.toContainText('(today)');

  // An unknown tab shows the shipments under their own address.
  await page.goto(`/facility/${fsk.id}/schedule/nonsense/`);
  await expect(page).toHaveURL(new RegExp(`/facility/${fsk.id}/schedule/shipment/$`));
  await expect(page.getByRole('tab', { name: 'Shipments', selected: true })).toBeVisible();
});

test('the driver views facilities but reaches none of the facility pages', async ({ page, request }) => {
  const { get } = await api(request, 'driver@demo.test');
  const [facility] = ((await get('/api/facility/?code=FSK')) as { results: { id: number }[] }).results;
  await signIn(page, 'driver@demo.test');
  await expect(page.getByRole('link', { name: 'Shipments', exact: true })).toHaveCount(0);
  for (const path of ['/company/facilities/', `/facility/${facility.id}/schedule/`, `/facility/${facility.id}/schedule/cars/`]) {
    await page.goto(path);
    await expect(page.getByTestId('no-access'), path).toBeVisible();
  }
  const driver = await api(request, 'driver@demo.test');
  expect((await request.get(`/api/facility/${facility.id}/schedule/`, { headers: driver.headers })).status()).toBe(403);
});
