import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('menu counts show only on windows wider than 1020 px', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('menu-count-product')).toBeVisible();
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(page.getByTestId('menu-count-product')).toHaveCount(0);
  await expect(page.getByTestId('menu-/config/products/')).toBeVisible();
});

test('an account that cannot be loaded shows the server detail and a Logout button', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.route('**/api/user/me/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Account store unavailable.' }) }));
  await page.reload();
  await expect(page.getByTestId('account-error')).toContainText('Account store unavailable.');
  await page.unroute('**/api/user/me/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login\//);
});

test('a newer frontend loaded elsewhere raises the update flag with a reload', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByTestId('update-available')).toHaveCount(0);
  await page.evaluate("document.cookie = 'frontend_version=999.0.0; path=/'; document.dispatchEvent(new Event('visibilitychange'))");
  await expect(page.getByTestId('update-available')).toContainText('A new version of the application is available.');
  await page.getByTestId('update-available').getByRole('button', { name: 'Reload' }).click();
  // The reloaded page is current again: it writes its own version and clears the flag.
  await expect(page.getByText(/^Welcome/)).toBeVisible();
  await expect(page.getByTestId('update-available')).toHaveCount(0);
});

test('the company switcher changes the company and the data follows', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const switcher = page.getByTestId('company-switcher');
  await expect(switcher).toContainText('Prairie Bulk Terminals Ltd.');
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/change_company/') && r.request().method() === 'POST');
  await switcher.click();
  await page.getByRole('option', { name: 'Northern Refining Partners Inc.' }).click();
  expect((await changed).ok()).toBe(true);
  await expect(switcher).toContainText('Northern Refining Partners Inc.');
  // Back, so other tests see the usual company (once the switch has finished).
  await expect(page.getByRole('combobox', { name: 'Company' })).not.toHaveAttribute('aria-disabled', 'true');
  await switcher.click();
  await page.getByRole('option', { name: 'Prairie Bulk Terminals Ltd.' }).click();
  await expect(switcher).toContainText('Prairie Bulk Terminals Ltd.');
});
