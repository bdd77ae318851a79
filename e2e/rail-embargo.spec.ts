/**
 * Embargoes and inspection on a facility's Cars tab (docs/loading.md, Embargoes and inspection):
 * the dispatcher selects two cars standing at Fort Saskatchewan, embargoes them with a number and
 * a permit (typed lower-case, kept upper-case), sees the number in the table and in the embargo's
 * list, then lifts it; the operator, on a phone, inspects a car by its mark and number, records
 * what it holds now, and is told when a car has no load standing there. Screenshots at 1,400 and
 * 390 px go to /tmp/embargo-shots.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/embargo-shots';

async function api(request: APIRequestContext, email = 'dispatcher@demo.test') {
  const login = await request.post('/api/auth/login/', { data: { email, password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  return async (path: string) => (await request.get(path, { headers })).json();
}

test('the dispatcher embargoes two cars at a facility and lifts the embargo', async ({ page, request }) => {
  const get = await api(request);
  const [fsk] = ((await get('/api/facility/?code=FSK')) as { results: { id: number }[] }).results;
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/facility/${fsk.id}/schedule/cars/`);
  const rows = page.locator('.MuiDataGrid-row');
  await expect(rows.nth(1)).toBeVisible();
  const cars = [await rows.nth(0).locator('[data-field="mark_number"]').innerText(), await rows.nth(1).locator('[data-field="mark_number"]').innerText()];
  for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

  await page.getByRole('button', { name: 'Embargo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Embargo 2 cars' });
  await dialog.getByLabel('Embargo number').fill('emb-7781');
  await dialog.getByLabel('Embargo permit number').fill('p-55');
  await dialog.getByRole('button', { name: 'Embargo' }).click();
  await expect(page.getByText('Embargo EMB-7781 on 2 cars')).toBeVisible();
  for (const i of [0, 1]) await expect(rows.nth(i).locator('[data-field="embargo_number"]')).toHaveText('EMB-7781');
  const listed = (await get('/api/loaded_rail_car/embargo_cars/?embargo_number=EMB-7781')) as { mark_number: string; embargo_permit_number: string }[];
  expect(listed.map((c) => c.mark_number).sort()).toEqual([...cars].sort());
  expect(listed.every((c) => c.embargo_permit_number === 'P-55')).toBe(true);
  await page.screenshot({ path: `${SHOTS}/embargo-1400.png` });

  await page.getByRole('button', { name: 'Lift embargo' }).click();
  await page.getByRole('dialog', { name: 'Lift the embargo on 2 cars?' }).getByRole('button', { name: 'Lift embargo' }).click();
  await expect(page.getByText('Embargo lifted on 2 cars')).toBeVisible();
  await expect(rows.nth(0).locator('[data-field="embargo_number"]')).toHaveText('');
  expect(await get('/api/loaded_rail_car/embargo_cars/?embargo_number=EMB-7781')).toEqual([]);
});

test('the operator inspects a car on a phone and records what it holds now', async ({ page, request }) => {
  const get = await api(request, 'operator@demo.test');
  const [fsk] = ((await get('/api/facility/?code=FSK')) as { results: { id: number }[] }).results;
  const [car] = ((await get(`/api/loaded_rail_car/?current_location=${fsk.id}&shipment_status=open&page_size=1`)) as { results: { id: number; car_mark: string; car_number: number; mark_number: string }[] }).results;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'operator@demo.test');
  await page.goto(`/facility/${fsk.id}/schedule/cars/`);
  await page.getByRole('button', { name: 'Inspect a car' }).click();

  // A car with no load standing here is said on its number.
  const find = page.getByRole('dialog', { name: 'Inspect a car' });
  await find.getByLabel('Reporting mark').fill('zzzx');
  await find.getByLabel('Car number').fill('1');
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(find.getByText(/ZZZX 1 has no load standing at Fort Saskatchewan/)).toBeVisible();

  await find.getByLabel('Reporting mark').fill(car.car_mark.toLowerCase());
  await find.getByLabel('Car number').fill(String(car.car_number));
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('inspected-car')).toHaveText(car.mark_number);
  // The dialog has faded in before the picture is taken.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${SHOTS}/inspect-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Record what it holds' }).click();
  const record = page.getByRole('dialog', { name: `What ${car.mark_number} holds now` });
  await record.getByLabel('Active volume').fill('28123.45');
  await record.getByLabel('Active weight').fill('90123.4');
  await record.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText(`Recorded what ${car.mark_number} holds now`)).toBeVisible();
  await expect(page.getByRole('dialog').getByText('28,123.45')).toBeVisible();
  const saved = (await get(`/api/loaded_rail_car/${car.id}/`)) as { active_volume: string; active_weight: string };
  expect(saved).toMatchObject({ active_volume: '28123.45', active_weight: '90123.4' });
});
