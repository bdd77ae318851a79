/**
 * The configuration pages as the site administrator meets them (docs/shell.md, Configuration
 * pages): administration with the company's settings, ERP exports with a test send, certificate
 * types; each fits a phone.
 */
import { expect, test } from '@playwright/test';
import { apiAs, field, gridRow, signIn } from './helpers';

test('administration: the company, its features read-only, the application settings', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/admin/');
  const companySection = page.getByRole('region', { name: 'Company' });
  await expect(companySection.getByText('Prairie Bulk Terminals Ltd.', { exact: true })).toBeVisible();
  await expect(companySection.getByLabel('Name', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Subscription and features' }).getByText('Terminalboss')).toBeVisible();
  await expect(page.getByText('The platform grants these')).toBeVisible();
  const settings = page.getByRole('region', { name: 'Application settings' });
  await expect(settings.getByLabel(/time zone/i).first()).toBeVisible();
  // The company's address is its administrator's to change.
  const address = companySection.getByLabel('Address');
  const before = await address.inputValue();
  await address.fill('1 Refinery Road, Fort Saskatchewan AB');
  await companySection.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Company' }).getByLabel('Address')).toHaveValue('1 Refinery Road, Fort Saskatchewan AB');
  await page.getByRole('region', { name: 'Company' }).getByLabel('Address').fill(before);
  await page.getByRole('region', { name: 'Company' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company saved')).toBeVisible();
});

test('ERP: an export is made, tested by mail and by an endpoint the server may not reach, each result kept', async ({ page, request }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/erp/');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  const name = `AP mailbox ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Destination').click();
  await page.getByRole('option', { name: 'Email attachment' }).click();
  // Saving without the address says what is missing.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A mailed export needs the address to mail it to.')).toBeVisible();
  await dialog.getByLabel('Mail to').fill('ap@erp.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Made, it opens to be tested.
  await expect(dialog.getByRole('button', { name: 'Send a test' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send a test' }).click();
  await expect(dialog.getByRole('status')).toContainText(/Mailed tickets-TEST-\d+\.csv to ap@erp\.example\./);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(gridRow(page, name)).toContainText('Mailed tickets-TEST');

  // An endpoint whose host the operator has not allowed: the test says so.
  const admin = await apiAs(request);
  const endpoint = await admin.post('/api/erp_export/', { name: `SAP ${Date.now()}`, format: 'sap_idoc', destination: 'http', url: 'https://erp.unlisted.example/idoc' });
  await page.reload();
  await gridRow(page, endpoint.name).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send a test' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('erp.unlisted.example is not a host this server fetches from');
  const [made] = await admin.get(`/api/erp_export/?page_size=0&name=${encodeURIComponent(name)}`);
  await admin.remove(`/api/erp_export/${made.id}/`);
  await admin.remove(`/api/erp_export/${endpoint.id}/`);
});

test('configuration pages fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'siteadmin@demo.test');
  for (const path of ['/config/admin/', '/config/erp/', '/config/certificateTypes/', '/config/risers/', '/config/list/', '/config/roles/']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/not built yet/i), path).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

test('certificate types: the company\'s settings per type', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/certificateTypes/');
  await expect(gridRow(page, 'Driver')).toBeVisible();
  await expect(page.getByTestId('menu-/config/certificateTypes/')).toBeVisible();
});

test('risers: the rack\'s risers and the schedule settings; the forms list', async ({ page, request }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/risers/');
  await expect(gridRow(page, 'Riser 4')).toContainText('In maintenance');
  const settings = page.getByRole('region', { name: 'Schedule settings' });
  await expect(settings.getByLabel('Loading day starts')).toHaveValue('06:00');
  await settings.getByLabel('Loading day starts').fill('25:00');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('A time as HH:MM, e.g. 06:00.')).toBeVisible();
  const admin = await apiAs(request);
  const made = await admin.post('/api/form/', { name: `Pre-load walk-around ${Date.now()}`, category: 'inspection' });
  await page.goto('/config/list/');
  await expect(gridRow(page, made.name)).toContainText('Draft');
  await admin.remove(`/api/form/${made.id}/`);
});

test('additional fields: a field is added to products, picked from the resources that take fields, and the phone shows the list', async ({ page, request }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/additionalFields/');
  await expect(page.getByTestId('menu-/config/additionalFields/')).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();
  const key = `lot_${Date.now() % 1_000_000}`;
  // Only the resources a company writes rows of are offered: not the audit trail.
  const resource = page.getByRole('combobox', { name: 'Resource' });
  await resource.fill('audit');
  await expect(page.getByRole('option')).toHaveCount(0);
  await resource.fill('Products');
  await page.getByRole('option', { name: 'Products (product)', exact: true }).click();
  await field(page, 'label').fill('Lot number');
  await field(page, 'name').fill(key);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/additionalFields\/$/);
  await expect(gridRow(page, key)).toContainText('Lot number');
  await expect(gridRow(page, key)).toContainText('Products (product)');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Lot number').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const admin = await apiAs(request);
  const [made] = await admin.get(`/api/additional_fields/?page_size=0&name=${key}`);
  expect(made).toMatchObject({ model: 'product', label: 'Lot number', kind: 'text' });
  await admin.remove(`/api/additional_fields/${made.id}/`);
});

test('the dispatcher has no additional fields page', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  await expect(page.getByTestId('menu-/config/additionalFields/')).toHaveCount(0);
  await page.goto('/config/additionalFields/');
  await expect(page).toHaveURL(/\/unauthorized\/$/);
});
