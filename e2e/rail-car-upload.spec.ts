/**
 * Uploading a shipment's cars from a CSV (docs/loading.md, Bulk car upload): 50 cars with two bad
 * rows show both, by line and field, before anything is sent; the fixed file adds all 50.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';

test('upload 50 cars: two bad rows shown before sending, fixed, all added', async ({ page, request }) => {
  const login = await request.post('/api/auth/login/', { data: { email: 'dispatcher@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const first = async (path: string) => ((await (await request.get(`/api/${path}`, { headers })).json()) as { results: { id: number }[] }).results[0].id;
  const made = await request.post('/api/rail_shipment/', { headers, data: {
    origin: await first('facility/?code=FSK'), destination: await first('facility/?code=HRD'), railroad: await first('party/?code=CN'),
    consignee: await first('party/?code=GCR'), product: await first('product/?code=CRUDE'),
  } });
  expect(made.status(), await made.text()).toBe(201);
  const shipment = (await made.json()) as { id: number };
  const base = 400000 + (Date.now() % 90000);
  const csv = (bad: boolean) => ['Car,Seal,Shell capacity (gal),Outage (gal),Temp F,Density',
    ...Array.from({ length: 50 }, (_, i) => {
      if (bad && i === 9) return `EUPX ${base + i},S-${i},30000,40000,68,0.87`;
      if (bad && i === 30) return `EUPX ${base + i},S-${i},lots,600,68,0.87`;
      return `EUPX ${base + i},S-${i},30000,${600 + i},68,0.87`;
    })].join('\n');

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/ship/${shipment.id}/`);
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('cars-file').setInputFiles({ name: 'cars.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(true)) });
  const faults = dialog.getByRole('alert', { name: 'Not sent' });
  await expect(faults).toContainText('Line 11, Outage: The outage cannot be more than the shell capacity, 30,000.00 US gal.');
  await expect(faults).toContainText('Line 32, Shell capacity:');
  await expect(dialog.getByText('50 cars read; 2 to fix')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/car-upload-bad-1400.png` });

  await dialog.getByTestId('cars-file').setInputFiles({ name: 'cars.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(false)) });
  await dialog.getByRole('button', { name: 'Upload 50 cars' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^50 cars added to RS-\d{6}\.$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cars' }).getByRole('row', { name: new RegExp(`EUPX ${base + 49}`) })).toBeVisible();
});
