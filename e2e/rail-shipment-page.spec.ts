/**
 * The shipment page's making and loading (docs/rail.md §4.5, §6.3, §11.9): the dispatcher starts a
 * shipment from a template and hears which of its references are gone; pastes cars, is shown the
 * one bad line's message, fixes it and adds them all; the site administrator removes two ticked
 * cars after confirming; and at 390 px the form's sections fold (the first open), the cars are
 * cards and the moves sit in a bar fixed at the bottom. Screenshots go to /tmp/ship-shots.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';

async function api(request: APIRequestContext) {
  const login = await request.post('/api/auth/login/', { data: { email: 'siteadmin@demo.test', password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()).results[0] as { id: number }).id;
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await request.post(`/api/${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.status() === 204 ? {} : await res.json() as Record<string, unknown>;
  };
  return { headers, first, post };
}

/** An open shipment from Fort Saskatchewan to Houston with Gulf Coast Refining, loaded with `cars`. */
async function openShipment(request: APIRequestContext, cars: string[] = []) {
  const { first, post } = await api(request);
  const x = await post('rail_shipment/', {
    origin: await first('/api/facility/?code=FSK'), destination: await first('/api/facility/?code=HRD'), railroad: await first('/api/party/?code=CN'),
    consignee: await first('/api/party/?code=GCR'), product: await first('/api/product/?code=CRUDE'), reference_number: 'PO-E2E-7',
  });
  if (cars.length) await post(`rail_shipment/${x.id as number}/add_cars/`, { cars: cars.join('\n') });
  return x as { id: number; shipment_number: string };
}

test('start a shipment from a template: its values, and the reference that is gone named', async ({ page, request }) => {
  const { headers, post } = await api(request);
  const source = await openShipment(request);
  // A notify party that is deleted after the template is saved: the new shipment leaves it out.
  const gone = await post('party/', { name: 'E2E Passing Notify Co.', party_type: 'consignee' });
  const res = await request.patch(`/api/rail_shipment/${source.id}/`, { headers, data: { notify_party: gone.id, version: 1 } });
  expect(res.status(), await res.text()).toBe(200);
  const tpl = await post(`rail_shipment/${source.id}/create_template/`, { name: 'E2E Gulf crude by CN' });
  const described = await request.patch(`/api/rail_shipment_template/${tpl.id as number}/`, { headers, data: { description: 'Crude to Houston, prepaid.', version: tpl.version } });
  expect(described.status(), await described.text()).toBe(200);
  expect((await request.delete(`/api/rail_shipment/${source.id}/`, { headers })).status()).toBe(204);
  expect((await request.delete(`/api/party/${gone.id as number}/`, { headers })).status()).toBe(204);

  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/rail/ship/');
  await page.getByRole('button', { name: 'From a template' }).click();
  await page.getByTestId('ref-template').fill('E2E Gulf');
  await page.getByRole('option', { name: 'E2E Gulf crude by CN' }).click();
  await expect(page.getByText('Crude to Houston, prepaid.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ship-template-1400.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page).toHaveURL(/\/rail\/ship\/\d+\/$/);
  await expect(page.getByText(/^RS-\d{6} started from the template\. Left out, no longer there: Notify party\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^RS-\d{6}$/);
  await expect(page.locator('input[name="reference_number"]')).toHaveValue('PO-E2E-7');

  // Save as template, from the page's documents.
  await page.getByRole('button', { name: 'Save as template' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('E2E Gulf crude, copy');
  await page.getByRole('dialog').getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template E2E Gulf crude, copy saved: New shipment starts from it.')).toBeVisible();
});

test('paste cars: the bad line\'s message, then fixed and added; remove two selected cars', async ({ page, request }) => {
  const x = await openShipment(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/ship/${x.id}/`);
  await page.getByRole('button', { name: 'Paste cars' }).click();
  const dialog = page.getByRole('dialog');
  const box = dialog.getByLabel('Cars, one a line');
  await box.fill('EZTX 9101\nEZTX9102\nEZTX-91O3\nEZTX\t9104\n');
  await expect(dialog.getByRole('button', { name: 'Add 3 cars' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add 3 cars' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Line 3, "EZTX-91O3": the car number 91O3 is not digits only.');
  await page.screenshot({ path: `${SHOTS}/ship-paste-1400.png`, fullPage: true });
  await box.fill('EZTX 9101\nEZTX9102\nEZTX-9103\nEZTX\t9104\n');
  await dialog.getByRole('button', { name: 'Add 4 cars' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(`4 cars added to ${x.shipment_number}.`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Cars' });
  for (const car of ['EZTX 9101', 'EZTX 9102', 'EZTX 9103', 'EZTX 9104']) await expect(table.getByRole('link', { name: car })).toBeVisible();
  // The dispatcher loads but does not remove cars: no boxes to tick.
  await expect(page.getByRole('checkbox', { name: 'Select EZTX 9101' })).toHaveCount(0);

  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/rail/ship/${x.id}/`);
  await page.getByRole('checkbox', { name: 'Select EZTX 9101' }).check();
  await page.getByRole('checkbox', { name: 'Select EZTX 9103' }).check();
  await page.getByRole('button', { name: 'Remove selected (2)' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Remove 2 cars from ${x.shipment_number}?`);
  await expect(confirm).toContainText('EZTX 9101, EZTX 9103');
  await page.screenshot({ path: `${SHOTS}/ship-remove-1400.png`, fullPage: true });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`2 cars removed from ${x.shipment_number}.`)).toBeVisible();
  await expect(table.getByRole('link', { name: /^EZTX/ })).toHaveText(['EZTX 9102', 'EZTX 9104']);
  await expect(page.getByText(/· 2 cars$/)).toBeVisible();
});

test('at 390 px: folding sections, the first open; cars as cards; the moves in a bar at the bottom', async ({ page, request }) => {
  const x = await openShipment(request, ['EZPX 9201', 'EZPX 9202']);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/ship/${x.id}/`);
  const route = page.getByRole('button', { name: 'Route' });
  await expect(route).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'More parties' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Freight and billing' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Freight and billing' }).click();
  await expect(page.locator('input[name="reference_number"]')).toBeVisible();

  const cards = page.getByTestId('car-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('EZPX 9201');
  await expect(cards.first()).toContainText('Seals: none');
  await expect(cards.first()).toContainText('US gal net');
  await expect(page.getByRole('table', { name: 'Cars' })).toHaveCount(0);

  const bar = page.getByRole('toolbar', { name: 'Shipment moves' });
  await expect(bar.getByRole('button', { name: 'Ship', exact: true })).toBeVisible();
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(844, 0);
  expect(box.width).toBeCloseTo(390, 0);
  await page.screenshot({ path: `${SHOTS}/ship-page-390.png`, fullPage: false });
  await bar.getByRole('button', { name: 'More moves' }).click();
  await page.getByRole('menuitem', { name: 'Cancel shipment' }).click();
  await expect(page.getByRole('dialog')).toContainText('Cancel the shipment');
  await page.getByRole('button', { name: 'Keep it' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
