/**
 * The audit trail on screen (docs/audit.md, Screens): a site administrator changes a product and
 * finds the change in its History panel, then under Configuration, Record changes, and opens it
 * field by field; a product's history reads on a phone; the dispatcher and the driver reach no audit screen.
 * Screenshots at 1,400 and 390 px go to /tmp/audit-shots.
 */
import { expect, test } from '@playwright/test';
import { apiAs, field, gridRow, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/audit-shots';

// Other specs count the demo's products: the ones made here go when their test ends (their history stays).
const made: number[] = [];
test.afterEach(async ({ request }) => {
  const api = await apiAs(request);
  for (const id of made.splice(0)) await api.remove(`/api/product/${String(id)}/`);
});

test('a change is in the record\'s History and in the record changes, read field by field', async ({ page, request }) => {
  const tag = String(Date.now() % 1_000_000);
  const api = await apiAs(request);
  const product = await api.post('/api/product/', { name: `Audit Naphtha ${tag}`, code: `AUD${tag}` });
  made.push(product.id as number);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/product/${String(product.id)}`);
  await field(page, 'name').fill(`Audit Condensate ${tag}`);
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/product/${String(product.id)}/`));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);

  await page.goto(`/product/${String(product.id)}`);
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByTestId('record-history');
  await expect(history.getByRole('row')).toHaveCount(3); // the header, the change, the creation
  const change = history.getByRole('row').nth(1);
  await expect(change).toContainText('Sam Siteadmin');
  await expect(change).toContainText('Changed');
  await expect(change).toContainText(`Name: Audit Naphtha ${tag} → Audit Condensate ${tag}`);
  await expect(history.getByRole('row').nth(2)).toContainText('Created');
  await page.screenshot({ path: `${SHOTS}/history-1400.png`, fullPage: true });

  await page.getByRole('menuitem', { name: 'Record changes' }).click();
  await expect(page).toHaveURL(/\/config\/audit\/changes\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Changes' })).toBeVisible();
  const row = gridRow(page, String(product.id)).filter({ hasText: 'Changed' }).first();
  await expect(row).toContainText('Sam Siteadmin');
  await page.screenshot({ path: `${SHOTS}/changes-1400.png`, fullPage: true });
  await row.getByText('Changed').click();
  await expect(page).toHaveURL(/\/config\/audit\/changes\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Changed: Product Audit Condensate ${tag}`);
  const fields = page.getByRole('table', { name: 'Changed fields' });
  await expect(fields.getByRole('row', { name: /Name/ })).toContainText(`Audit Naphtha ${tag}`);
  await expect(fields.getByRole('row', { name: /Name/ })).toContainText(`Audit Condensate ${tag}`);
  await expect(page.getByText('PATCH product/{id}/')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/change-1400.png`, fullPage: true });
});

test('a product\'s history on a phone; neither the dispatcher nor the driver reaches the audit screens', async ({ browser, request }) => {
  const tag = String(Date.now() % 1_000_000);
  const api = await apiAs(request);
  const product = await api.post('/api/product/', { name: `Audit Diesel ${tag}` });
  made.push(product.id as number);
  await api.patch(`/api/product/${String(product.id)}/`, { description: 'Winter grade', version: product.version });

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, 'siteadmin@demo.test');
  await phone.goto(`/product/${String(product.id)}`);
  await phone.getByRole('button', { name: 'History' }).click();
  const history = phone.getByTestId('record-history');
  await expect(history).toContainText('Description: — → Winter grade');
  await expect(history).toContainText('Sam Siteadmin');
  await phone.screenshot({ path: `${SHOTS}/history-390.png`, fullPage: true });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // A dispatcher reads the history of what it reads (tests/api/audit-trail.test.ts), not the whole trail.
  const dispatcher = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await signIn(dispatcher, 'dispatcher@demo.test');
  await dispatcher.goto('/config/audit/changes/');
  await expect(dispatcher).toHaveURL(/\/unauthorized\/$/);
  await dispatcher.close();

  const driver = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(driver, 'driver@demo.test');
  for (const path of ['/config/audit/changes/', '/config/audit/requests/']) {
    await driver.goto(path);
    await expect(driver).toHaveURL(/\/unauthorized\/$/);
  }
  await driver.close();
});
