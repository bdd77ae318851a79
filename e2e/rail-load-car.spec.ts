/**
 * Loading a car offers the fleet's cars (docs/rail.md §11.6): typing a reporting mark lists the
 * company's fleet cars of that mark; choosing one fills its number, type and shell capacity in US
 * gallons (the fleet keeps litres), names it with its last loads, and warns when the measurements
 * put it over its load limit. A car not in the fleet is said to be so. Nothing is saved here.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, field, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';

test('the fleet\'s cars are offered as the mark is typed, and fill the car', async ({ page, request }) => {
  const login = await request.post('/api/auth/login/', { data: { email: 'siteadmin@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const get = async (path: string) => (await (await request.get(path, { headers })).json()) as { results: Record<string, unknown>[] };
  const shipment = (await get('/api/rail_shipment/?status=open&page_size=1')).results[0];
  const fleetCar = (await get('/api/car/?mark=TILX&car_type=T&ordering=mark_number&page_size=1')).results[0];

  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/rail/car/?shipment=${String(shipment.id)}`);
  await field(page, 'car_mark').fill('TILX');
  const offered = page.getByLabel('Fleet car', { exact: true });
  await expect(offered.getByText("The fleet's cars: choose one to fill its type and shell capacity")).toBeVisible();
  await offered.getByRole('button', { name: new RegExp(`^${String(fleetCar.mark_number)} · Tank car$`) }).click();

  await expect(field(page, 'car_number')).toHaveValue(String(fleetCar.number));
  const gallons = (Number(fleetCar.shell_capacity) / 3.78541).toFixed(2);
  await expect(field(page, 'shell_capacity')).toHaveValue(gallons);
  await expect(offered.getByText(new RegExp(`^Fleet car ${String(fleetCar.mark_number)}: Tank car`))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/load-car-fleet-1400.png`, fullPage: true });

  // Two thirds of the shell out of it is well under the load limit; a density no liquid has puts it over.
  await field(page, 'volume_outage').fill(String(Math.round(Number(gallons) * 2 / 3)));
  await expect(offered.getByText(/^Last loads:|^No load of this car yet\.$/)).toBeVisible();
  await expect(page.getByTestId('load-limit')).toHaveCount(0);
  await field(page, 'density').fill('3');
  await expect(page.getByTestId('load-limit')).toContainText("over this car's load limit");

  await field(page, 'car_number').fill('999999');
  await expect(offered.getByText('Not a car of the fleet: type its car type and shell capacity.')).toBeVisible();
});

test('Save and load next keeps the shipment and clears the car for the next one', async ({ page, request }) => {
  const login = await request.post('/api/auth/login/', { data: { email: 'siteadmin@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const shipment = ((await (await request.get('/api/rail_shipment/?status=open&page_size=1&ordering=-ship_date', { headers })).json()).results[0]) as { id: number; shipment_number: string };
  const number = String(100000 + (Date.now() % 800000));

  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/rail/car/?shipment=${shipment.id}`);
  await field(page, 'car_mark').fill('ZZTX');
  await field(page, 'car_number').fill(number);
  await field(page, 'shell_capacity').fill('30000');
  await page.getByRole('button', { name: 'Save and load next' }).click();

  await expect(page.getByTestId('loaded-line')).toHaveText(`ZZTX ${number} is loaded. Type the next car.`);
  await expect(page).toHaveURL(new RegExp(`/rail/car/\\?shipment=${shipment.id}&loaded=\\d+$`));
  await expect(field(page, 'car_mark')).toHaveValue('');
  await expect(page.getByText(`Shipment ${shipment.shipment_number}`)).toBeVisible();
  const cars = (await (await request.get(`/api/rail_shipment/${shipment.id}/cars/`, { headers })).json()) as { mark_number: string }[];
  expect(cars.map((c) => c.mark_number)).toContain(`ZZTX ${number}`);
});
