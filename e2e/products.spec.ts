import { expect, test } from '@playwright/test';
import { field, gridRow, signIn } from './helpers';

test('create, edit and delete a product through the screens; PATCH carries only the change', async ({ page }) => {
  const tag = String(Date.now() % 1_000_000);
  const first = `E2E Product ${tag}`;
  const renamed = `E2E Renamed ${tag}`;
  await signIn(page, 'admin@demo.test');
  await page.goto('/config/products/');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/product\/create$/);
  await field(page, 'name').fill(first);
  await field(page, 'code').fill(`E2E${tag}`);
  await field(page, 'stcc').fill('4910199');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/product\/$/.test(r.url()));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(page).toHaveURL(/\/config\/products\/$/);
  await expect(gridRow(page, first)).toBeVisible();

  await gridRow(page, first).getByText(first).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(field(page, 'name')).toHaveValue(first);
  await field(page, 'name').fill(renamed);
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/product/${id}/`));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const req = await patch;
  const body = req.postDataJSON() as Record<string, unknown>;
  const headers = req.headers();
  expect(body.id).toBe(id);
  expect(body.name).toBe(renamed);
  expect(Object.keys(body).filter((k) => k !== 'id' && k !== 'version')).toEqual(['name']);
  // The record's version travels with the change (in the body, or as If-Match).
  expect(body.version !== undefined || headers['if-match'] !== undefined).toBe(true);
  await expect(page).toHaveURL(/\/config\/products\/$/);
  await expect(gridRow(page, renamed)).toBeVisible();

  await gridRow(page, renamed).getByText(renamed).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  await expect(field(page, 'name')).toHaveValue(renamed);
  await page.locator('form').getByRole('button', { name: 'Delete' }).click();
  const del = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/product/${id}/`));
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  expect((await del).status()).toBe(204);
  await expect(page).toHaveURL(/\/config\/products\/$/);
  await expect(gridRow(page, renamed)).toHaveCount(0);
});

test('errors show on the right field: the STCC rule, and a 400 from the server', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/product/create');
  await field(page, 'name').fill('Duplicate Code Product');
  await field(page, 'stcc').fill('abc');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('STCC is 7 digits starting 01-49.')).toBeVisible();
  await field(page, 'stcc').fill('');
  // CRUDE is taken: the server answers 400 {code: [...]}, shown under Code.
  await field(page, 'code').fill('CRUDE');
  const res = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/product\/$/.test(r.url()));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await res).status()).toBe(400);
  const codeField = page.locator('.ra-input-code');
  await expect(codeField).toContainText('A product with this code already exists.');
  await expect(page).toHaveURL(/\/product\/create$/);
});

test('numeric inputs block letters', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/product/create');
  const density = field(page, 'density');
  await density.pressSequentially('1a.5x');
  await expect(density).toHaveValue('1.5');
});

test('dark mode survives a reload', async ({ page }) => {
  await signIn(page, 'operator@demo.test');
  const toggle = page.getByTestId('dark-mode-toggle');
  const before = await toggle.getAttribute('data-mode');
  const want = before === 'dark' ? 'light' : 'dark';
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/user/me/'));
  await toggle.click();
  expect((await saved).ok()).toBe(true);
  await expect(toggle).toHaveAttribute('data-mode', want);
  await page.reload();
  await expect(page.getByTestId('dark-mode-toggle')).toHaveAttribute('data-mode', want);
  // Put it back so other tests see the default.
  await page.getByTestId('dark-mode-toggle').click();
  await expect(page.getByTestId('dark-mode-toggle')).toHaveAttribute('data-mode', before ?? 'light');
});

test('edit and delete appear only where the user may use them', async ({ page }) => {
  // The operator may view, add and change products, but not delete them.
  await signIn(page, 'operator@demo.test');
  await page.goto('/config/products/');
  await expect(gridRow(page, 'Propane').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create' })).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row').first().getByLabel('Edit')).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row').first().getByLabel('Delete')).toHaveCount(0);
  await gridRow(page, 'Propane').first().getByText('Propane').click();
  await expect(field(page, 'name')).toHaveValue('Propane');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.locator('form').getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
