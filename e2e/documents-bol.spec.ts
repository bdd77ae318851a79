/**
 * Bill of lading documents as a dispatcher meets them (docs/documents.md, Screens): the bill this
 * system printed for a shipment, uploaded on the upload page, is read and matched to the trip of
 * its car; the document shows the trip, and the trip opens on the map with its path drawn from its
 * events. An operator on a phone reads the document without changing it; the driver has none.
 * Screenshots go to /tmp/trace-shots.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/trace-shots';
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

test('upload a BOL PDF: it is matched to its trip, and the car opens on the map with its trip path', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const admin = await apiAs(request);
  // A load shipped four days ago on a new car of the fleet; the railroad has reported it since.
  const fleetCar = await admin.post('/api/car/', { mark: 'BOLX', number: 100000 + (Date.now() % 800000), car_type: 'T', fleet_status: 'P' }) as { id: number; mark: string; number: number };
  const label = `${fleetCar.mark} ${fleetCar.number}`;
  const idOf = async (path: string, code: string) => ((await admin.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;
  const contract = await admin.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: await idOf('party', 'GCR'), product: await idOf('product', 'CRUDE'), facility: await idOf('facility', 'FSK'),
    carrier: await idOf('party', 'CN'), number_of_cars: 5, start_date: day(-20), end_date: day(20),
  });
  const [schedule] = (await admin.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { id: number }[];
  const made = await admin.post(`/api/rail_schedule/${schedule.id}/create_shipment/`, { date: day(-4) });
  await admin.patch(`/api/rail_shipment/${String(made.id)}/`, { destination: await idOf('facility', 'HRD'), routing: 'CN', version: made.version });
  await admin.post('/api/loaded_rail_car/', {
    rail_shipment: made.id, car_mark: fleetCar.mark, car_number: fleetCar.number,
    shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.985000', density: '0.8700',
  });
  const shipped = await admin.post(`/api/rail_shipment/${String(made.id)}/ship/`, { hazardous_certificate_person: 'Sam Site' });
  const at = (code: string, days: number, station: string, lat: number, lon: number) => admin.post('/api/car_event/', {
    car: fleetCar.id, event_code: code, event_time: new Date(Date.now() + days * DAY).toISOString(), station, state_province: 'AB', railroad: 'CN', loaded: true,
    latitude: lat.toFixed(6), longitude: lon.toFixed(6),
  });
  await at('W', -3.5, 'FORT SASKATCHEWAN', 53.71, -113.21);
  await at('P', -3, 'EDMONTON', 53.55, -113.49);
  await at('A', -1, 'SASKATOON', 52.13, -106.67);
  const pdf = `/tmp/bol-${String(shipped.bol_number)}.pdf`;
  writeFileSync(pdf, await admin.bytes(`/api/rail_shipment/${String(made.id)}/print/`));

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/documents/billoflading/list/');
  await page.getByRole('link', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/company\/documents\/billoflading\/upload\/$/);
  await page.getByLabel('Bills of lading', { exact: true }).setInputFiles(pdf);
  const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').first();
  await expect(row).toContainText('Matched', { timeout: 30_000 });
  await expect(row).toContainText('On the trips of its cars.');
  await page.screenshot({ path: `${SHOTS}/bol-upload-1400.png` });
  await row.getByRole('link').click();

  // The document: read from the PDF, on the trip of its car.
  await expect(page).toHaveURL(/\/company\/documents\/billoflading\/detail\/\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`BOL ${String(shipped.bol_number)}`);
  await expect(page.getByLabel('Cars')).toHaveValue(label);
  const trips = page.getByRole('table', { name: 'Its trips' });
  await expect(trips.getByRole('row')).toHaveCount(2);
  await expect(trips).toContainText(label);
  await expect(page.getByRole('table', { name: 'Files' })).toContainText('Text read');
  await page.screenshot({ path: `${SHOTS}/bol-detail-1400.png`, fullPage: true });

  // The car on the map: the trip drawn from its three located events.
  await trips.getByRole('link', { name: 'On the map' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/trace/trips/map/\\?car=${fleetCar.id}&trip=\\d+$`));
  await expect(page.getByTestId('positions-map')).toHaveAttribute('data-path-points', '3');
  await expect(page.getByTestId('path-summary')).toHaveText('Its trip, drawn from its 3 events.');
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${SHOTS}/bol-map-1400.png` });

  // The trip's page names its bill of lading.
  const [mine] = (await admin.get(`/api/trip/?car=${fleetCar.id}&page_size=0`)) as { id: number }[];
  await page.goto(`/company/trace/trips/${mine.id}/`);
  await expect(page.getByTestId('trip-bol')).toContainText(String(shipped.bol_number));

  // An operator on a phone reads the document; he changes nothing.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'operator@demo.test');
  await phone.goto('/company/documents/billoflading/list/');
  await phone.locator('.MuiDataGrid-row', { hasText: String(shipped.bol_number) }).first().click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(`BOL ${String(shipped.bol_number)}`);
  await expect(phone.getByRole('button', { name: 'Save and match' })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Add a file' })).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/bol-detail-390.png`, fullPage: true });

  await signIn(phone, 'driver@demo.test');
  await phone.goto('/company/documents/billoflading/list/');
  await expect(phone.getByText('You do not have access to view this page')).toBeVisible();
});
