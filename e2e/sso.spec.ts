/** Single sign-on through a provider's redirect, against the local identity provider of e2e/support. */
import { expect, test } from '@playwright/test';
import { startIdp, type Idp } from './support/oidc-idp';

let idp: Idp;
test.beforeAll(async () => { idp = await startIdp(); });
test.afterAll(async () => { await idp?.close(); });

test('signs in through the provider and lands where the visitor was going', async ({ page }) => {
  idp.as('dispatcher@demo.test');
  await page.goto('/user/');
  await expect(page).toHaveURL(/\/auth\/login\//);
  await page.getByRole('button', { name: 'Acme SSO' }).click();
  await expect(page).toHaveURL(/\/user\/$/);
  await expect(page.getByText('dispatcher@demo.test').first()).toBeVisible();
});

test('a cancelled sign-on says so and offers the way back', async ({ page }) => {
  idp.as(null);
  await page.goto('/auth/login/');
  await page.getByRole('button', { name: 'Acme SSO' }).click();
  await expect(page.getByRole('alert')).toHaveText('The sign-in was cancelled.');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\/$/);
});

test('a person without an account is told so, not signed in', async ({ page }) => {
  idp.as('stranger@nowhere.test');
  await page.goto('/auth/login/');
  await page.getByRole('button', { name: 'Acme SSO' }).click();
  await expect(page.getByRole('alert')).toContainText('No account matches this sign-on');
  await page.goto('/user/');
  await expect(page).toHaveURL(/\/auth\/login\//);
});
