import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('sign-in and sign-out', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('build-label')).toHaveText(/^v\d+\.\d+\.\d+/);
  await page.getByRole('button', { name: /Avery Admin|Profile/ }).first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login\//);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // Signed out for real: the profile page sends us back to login.
  await page.goto('/user/');
  await expect(page).toHaveURL(/\/auth\/login\//);
});

test('the login form validates before sending, and shows the server error', async ({ page }) => {
  await page.goto('/auth/login/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('x');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\//);
});

test('a signed-out visitor is sent to login, then back where they were going', async ({ page }) => {
  await page.goto('/config/products/');
  await expect(page).toHaveURL(/\/auth\/login\//);
  await page.getByLabel('Email').fill('operator@demo.test');
  await page.getByLabel('Password').fill('demo12345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/products\/$/);
});

test('the driver sees the no-access message on a configuration page', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  await page.goto('/config/parties/');
  await expect(page).toHaveURL(/\/unauthorized\/$/);
  await expect(page.getByText('You do not have access to view this page. Please contact an administrator to gain access.')).toBeVisible();
  // And the menu does not offer it.
  await expect(page.getByTestId('menu-/config/parties/')).toHaveCount(0);
});

test('an invalid token sends the user to login', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.evaluate("for (const k of Object.keys(localStorage)) { if (/token/i.test(k)) localStorage.setItem(k, 'garbage-token'); }");
  await page.goto('/config/products/');
  await expect(page).toHaveURL(/\/auth\/login\//);
});

test('unknown paths show the not-found page; unbuilt routes say so', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/no/such/page/');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto('/form/edit_structure/');
  await expect(page.getByTestId('not-built')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Edit form structure');
  await page.goto('/facility/3/schedule/');
  await expect(page).toHaveURL(/\/facility\/3\/schedule\/shipment\/$/);
});
