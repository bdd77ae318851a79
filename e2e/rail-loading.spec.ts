/**
 * Loading a tank car right (docs/loading.md, Loading by the gauge; The loaded car's correction):
 * a fleet car of a class with a gauge table, loaded by the outage read off its gauge; the
 * temperature correction computed from the load temperature and the product's density; a fill over
 * the maximum permitted filling warned, a lower one within it; saved as computed, with the factors
 * the server works out the same way.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, field, signIn } from './helpers';
import { carFactors } from '../src/lib/car-correction';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';

async function api(request: APIRequestContext) {
  const login = await request.post('/api/auth/login/', { data: { email: 'dispatcher@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const get = async (path: string) => (await (await request.get(`/api/${path}`, { headers })).json()) as { results: Record<string, unknown>[] } & Record<string, unknown>;
  return { headers, get };
}

test('load a tank car by its gauge: the outage from the reading, the correction computed, the filling checked', async ({ page, request }) => {
  const { headers, get } = await api(request);
  const first = async (path: string) => (await get(path)).results[0].id as number;
  const made = await request.post('/api/rail_shipment/', { headers, data: {
    origin: await first('facility/?code=FSK'), destination: await first('facility/?code=HRD'), railroad: await first('party/?code=CN'),
    consignee: await first('party/?code=GCR'), product: await first('product/?code=CRUDE'),
  } });
  expect(made.status(), await made.text()).toBe(201);
  const shipment = (await made.json()) as { id: number };
  // A crude car of the fleet gauged by its class's outage table (not the one car with a table of its own), on no open shipment.
  const cars = (await get('car/?car_type=T&ordering=mark_number&page_size=100')).results.filter((c) => c.number !== 300112 && c.gauge_table);
  const busy = async (c: Record<string, unknown>) => {
    for (const status of ['open', 'in_correction']) if (((await get(`loaded_rail_car/?car_mark=${String(c.mark)}&car_number=${String(c.number)}&shipment_status=${status}`)).results).length) return true;
    return false;
  };
  let fleetCar: Record<string, unknown> | undefined;
  for (const c of cars) if (!(await busy(c))) { fleetCar = c; break; }
  expect(fleetCar, 'a tank car of the fleet on no open shipment').toBeTruthy();

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/car/?shipment=${shipment.id}`);
  await field(page, 'car_mark').fill(String(fleetCar!.mark));
  await page.getByLabel('Fleet car', { exact: true }).getByRole('button', { name: new RegExp(`^${String(fleetCar!.mark_number)} · `) }).click();
  await expect(field(page, 'density')).toHaveValue('0.8700');
  await field(page, 'load_temperature').fill('68');
  const factors = carFactors('68', '0.87', 'crude');
  await expect(page.getByTestId('correction-line')).toHaveText(`API MPMS 11.1 for crude oil: ${factors.temperature_correction_factor} to 60 °F, ${factors.temperature_correction_factor_at_15c} to 15 °C. Typing a factor overrides it.`);

  // Two readings of the car's class table: one whose volume is over the permitted filling (but within
  // the shell), one under it, found from the table and the server's answer for this car.
  const table = (await get(`rail_car_gauge_table/${String(fleetCar!.gauge_table)}/`)) as unknown as { rows: { depth: string; volume: string }[] };
  const shell = Number(fleetCar!.shell_capacity) / 3.78541;
  const limit = await (await request.post('/api/rail_car_gauge_table/get_max_permitted_filling/', { headers, data: {
    unit: 'gal', shell_capacity: shell.toFixed(2), product: await first('product/?code=CRUDE'), relative_density: '0.8700', target_temp: '20.0', temperature_min: '20.0', temperature_max: '20.0',
  } })).json() as { permitted_volume: string };
  const over = table.rows.find((r) => Number(r.volume) > Number(limit.permitted_volume) && Number(r.volume) < shell)!;
  const under = table.rows.find((r) => Number(r.volume) < Number(limit.permitted_volume) - 200)!;
  const reading = (d: string) => String(Number(d));

  const gauge = page.getByTestId('gauge-load');
  await expect(gauge).toContainText('Its class table');
  await gauge.getByLabel('Outage read (in)').fill(reading(over.depth));
  await gauge.getByRole('button', { name: 'Use as the outage' }).click();
  await expect(gauge.getByTestId('gauge-load-used')).toContainText(`Outage ${reading(over.depth)} in:`);
  expect(Number(await field(page, 'volume_outage').inputValue())).toBeGreaterThan(0);
  await expect(page.getByTestId('filling-warning')).toContainText('over the maximum permitted filling of');
  await page.screenshot({ path: `${SHOTS}/load-by-gauge-over-1400.png`, fullPage: true });

  await gauge.getByLabel('Outage read (in)').fill(reading(under.depth));
  await gauge.getByRole('button', { name: 'Use as the outage' }).click();
  await expect(page.getByTestId('filling-ok')).toContainText('Within the maximum permitted filling of');
  await expect(page.getByTestId('filling-warning')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rail/ship/${shipment.id}/$`));

  const saved = (await get(`loaded_rail_car/?rail_shipment=${shipment.id}`)).results[0];
  expect(saved).toMatchObject({ correction: 'computed', temperature_correction_factor: `${factors.temperature_correction_factor}0`, gaugetable: expect.stringMatching(/^DOT-/) });
});

test('at 390 px the gauge reading and the correction fit the phone', async ({ page, request }) => {
  const { get } = await api(request);
  const open = (await get('rail_shipment/?status=open&page_size=50')).results.find((s) => s.product !== null && !s.is_master_billing)!;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/car/?shipment=${String(open.id)}`);
  await field(page, 'car_mark').fill('TILX');
  await field(page, 'car_number').fill('300112');
  await expect(page.getByTestId('gauge-load')).toContainText("The car's own table");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/load-by-gauge-390.png`, fullPage: true });
});
