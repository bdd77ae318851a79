/**
 * The roles matrix (docs/security.md, Roles matrix): the site administrator ticks a permission in a
 * role of his company's own and its holder's menu changes; the platform's roles are read-only to
 * him; a copy of one is his to change; the page works on a phone; an operator is refused it.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, apiAs, signIn } from './helpers';

test('a permission ticked in the roles matrix changes its holder\'s menu', async ({ page, browser, request }) => {
  const admin = await apiAs(request);
  const stamp = Date.now();
  const role = await admin.post('/api/groups/', { name: `Yard clerks ${stamp}`, permissions: [] });
  const email = `clerk-${stamp}@demo.test`;
  const holder = await admin.post('/api/user/', { email, name: 'Casey Clerk', password: PASSWORD, groups: [role.id] });
  try {
    // Before: the holder has no Reports in his menu.
    const clerkContext = await browser.newContext();
    const clerk = await clerkContext.newPage();
    await signIn(clerk, email);
    await expect(clerk.getByTestId('menu-/company/reports/')).toHaveCount(0);

    await signIn(page, 'siteadmin@demo.test');
    await page.goto(`/config/roles/?role=${role.id}`);
    await expect(page.getByLabel('Role name')).toHaveValue(`Yard clerks ${stamp}`);
    await expect(page.getByText('Your company\'s role', { exact: true })).toBeVisible();
    await expect(page.getByTestId('role-holders')).toHaveText('Held by Casey Clerk in your company.');
    await page.getByLabel('Find a permission').fill('report');
    await page.getByRole('checkbox', { name: 'Reports: View', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Menu entries: Reports', exact: true }).check();
    await expect(page.getByText('2 added, 0 removed, not saved')).toBeVisible();
    await page.getByRole('button', { name: 'Save role' }).click();
    await expect(page.getByText(/saved: its holders have the new permissions/)).toBeVisible();
    const saved = await admin.get(`/api/groups/${role.id}/`);
    expect(saved.permissions).toHaveLength(2);

    // After: the holder's next page has Reports in the menu, and it opens.
    await clerk.reload();
    await expect(clerk.getByTestId('menu-/company/reports/')).toBeVisible();
    await clerk.getByTestId('menu-/company/reports/').click();
    await expect(clerk.getByRole('heading', { name: 'Reports' }).first()).toBeVisible();
    await clerkContext.close();

    // A platform role is read-only to him: no tick can be changed, and it says why.
    await page.getByRole('button', { name: /^Driver/ }).click();
    await expect(page.getByText(/only platform staff change it/)).toBeVisible();
    await page.getByLabel('Find a permission').fill('');
    await expect(page.getByRole('button', { name: 'Save role' })).toHaveCount(0);
  } finally {
    await admin.remove(`/api/user/${holder.id}/`);
    await admin.remove(`/api/groups/${role.id}/`);
  }
});

test('a platform role copied is the company\'s own; on a phone the role is picked from a list', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'siteadmin@demo.test');
  const admin = await apiAs(request);
  const [operator] = await admin.get('/api/groups/?page_size=0&name=Operator');
  await page.goto(`/config/roles/?role=${operator.id}`);
  await expect(page.getByLabel('Role name')).toHaveValue('Operator');
  await page.getByRole('button', { name: 'Copy Operator' }).click();
  const name = `Night operators ${Date.now()}`;
  await page.getByRole('dialog').getByLabel('Role name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Role name')).toHaveValue(name);
  await expect(page.getByText('Your company\'s role', { exact: true })).toBeVisible();
  const copy = new URL(page.url()).searchParams.get('role');
  const made = await admin.get(`/api/groups/${copy}/`);
  expect([...made.permissions].sort()).toEqual([...operator.permissions].sort());
  // The page fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A copy may not take a platform role's name.
  await page.getByRole('button', { name: `Copy ${name}` }).click();
  await page.getByRole('dialog').getByLabel('Role name').fill('Driver');
  await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('dialog').getByText(/the name of one of the platform's roles/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete role' }).click();
  await expect(page.getByText(`${name} deleted.`)).toBeVisible();
});

test('an operator is refused the roles page', async ({ page }) => {
  await signIn(page, 'operator@demo.test');
  await page.goto('/config/roles/');
  await expect(page.getByText('You do not have access to view this page.', { exact: false })).toBeVisible();
});
