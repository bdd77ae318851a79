/**
 * Contracts in the browser (docs/rail.md §11.2-§11.5): the site administrator creates a sale from
 * the register, activates it, makes the purchase that supplies it and connects a copy of the sale
 * to that purchase; the contract list's address follows its chips; the dispatcher reads without
 * buttons; the driver reaches none of it.
 */
import { type Page, expect, test } from '@playwright/test';
import { signIn } from './helpers';

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Edmonton' });

async function pick(page: Page, label: string, text: string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page.getByRole('option', { name: text }).first().click();
}

test('create a sale, activate it, make the purchase that supplies it, connect a copy of the sale to that purchase', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/contracts/sale/');
  await page.getByRole('button', { name: 'New contract' }).click();
  const form = page.getByRole('dialog');
  await pick(page, 'Counterparty', 'Gulf Coast Refining LLC');
  await pick(page, 'Product', 'Petroleum Crude Oil');
  await pick(page, 'Facility', 'Fort Saskatchewan Terminal');
  await pick(page, 'Railroad', 'Canadian National Railway');
  await form.locator('input[name="number_of_cars"]').fill('24');
  await form.locator('input[name="start_date"]').fill(today());
  await form.locator('input[name="end_date"]').fill(today());
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  // Saving opens the new contract, numbered by the sale contracts' generator, as a draft.
  await expect(page).toHaveURL(/\/contract\/\d+\/$/);
  const url = page.url();
  await expect(page.getByTestId('contract-number')).toHaveText(/^S-\d{4}-\d{4}$/);
  const number = await page.getByTestId('contract-number').textContent();
  await expect(page.getByTestId('status-chip')).toHaveText('Draft');
  await expect(page.getByTestId('contract-cars')).toContainText('0 of 24 shipped');

  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('status-chip')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The other side of the deal: the purchase that supplies it, made from the sale.
  await page.getByRole('button', { name: 'Create purchase' }).click();
  await pick(page, 'Seller', 'Athabasca Crude Marketing Ltd.');
  await page.getByRole('dialog').getByRole('button', { name: 'Create purchase' }).click();
  await expect(page.getByTestId('contract-type')).toHaveText('Purchase');
  await expect(page.getByTestId('contract-number')).toHaveText(/^P-\d{4}-\d{4}$/);
  await expect(page.getByTestId('contract-supplies')).toContainText(number!);
  const purchase = await page.getByTestId('contract-number').textContent();

  // A copy of the sale is a new draft without a supply; Connect ties it to the purchase.
  await page.goto(url);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByTestId('contract-number')).not.toHaveText(number!);
  await expect(page.getByTestId('status-chip')).toHaveText('Draft');
  const copy = await page.getByTestId('contract-number').textContent();
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/contract\/connect\/\?sale=\d+$/);
  await expect(page.getByTestId('connect-purchases')).toContainText(`Choose the purchase that supplies ${copy}`);
  await page.getByTestId('connect-purchases').getByText(new RegExp(`^${purchase} `)).click();
  const row = page.getByTestId('connect-sales').getByRole('button', { name: new RegExp(copy!) });
  await expect(row.getByRole('checkbox')).not.toBeChecked();
  await row.click();
  await expect(page.getByText(`${copy} is supplied by ${purchase}`)).toBeVisible();
  await expect(row.getByRole('checkbox')).toBeChecked();
  // The purchase now supplies both sales.
  await expect(page.getByTestId('connect-purchases')).toContainText(/48 committed/);

  // Cancelling asks why, and the contract says it.
  await page.goBack();
  await expect(page.getByTestId('contract-number')).toHaveText(copy!);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Why is it cancelled?').fill('Buyer took the cars by truck.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel contract' }).click();
  await expect(page.getByTestId('status-chip')).toHaveText('Cancelled');
  await expect(page.getByText('Cancelled: Buyer took the cars by truck.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
});

test('the contract list opens with its address\'s chips, and the address follows them', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/contract/list/all/current/');
  await expect(page.getByText(`End: from ${today()}`)).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await page.getByText(`End: from ${today()}`).locator('..').locator('svg').click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/contract/list/all/all/');
  await page.goto('/contract/list/all/soon/');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.goto('/company/contracts/lease/');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('the dispatcher reads a contract without its buttons; the driver reaches no contract screen', async ({ page }) => {
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/contracts/');
  await expect(page.getByRole('button', { name: 'New contract' })).toHaveCount(0);
  await page.locator('.MuiDataGrid-row').first().click();
  await expect(page.getByTestId('contract-number')).toBeVisible();
  await expect(page.getByTestId('contract-actions').getByRole('button')).toHaveCount(0);

  await signIn(page, 'driver@demo.test');
  await expect(page.getByTestId('menu-/company/contracts/')).toHaveCount(0);
  for (const path of ['/company/contracts/', '/contract/1/', '/contract/list/all/current/', '/contract/connect/']) {
    await page.goto(path);
    await expect(page.getByTestId('no-access'), path).toBeVisible();
  }
});
