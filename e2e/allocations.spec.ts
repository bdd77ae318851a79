/**
 * The older allocation screens (docs/terminal.md, Allocation screens): a site administrator adds a
 * transfer limit from an allocation's page and comes back to it, reads the schedule and checks a
 * load that would go over; on a phone an operator reads the same allocation without Add.
 */
import { expect, test } from '@playwright/test';
import { field, signIn } from './helpers';
import { type TicketFixture, apiCall, apiToken, createTicket } from './terminal-fixtures';

const stamp = `a${Date.now() % 100_000}`;
let fx: TicketFixture;
let allocationId: number;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  // A completed receipt of 30.984 m³ on 2026-03-14.
  fx = await createTicket(request, token, stamp, { status: 'completed' });
  const ticket = await apiCall(request, token, 'GET', `terminalboss/v3/ticket/${fx.ticketId}/`);
  const a = await apiCall(request, token, 'POST', 'terminalboss/allocation/', {
    allocation_code: `E2E-${stamp}`, product_key: fx.productId, stockholder: ticket.shipper, product_direction: 'receipt', effective_date: '2026-01-01',
  });
  allocationId = Number(a.id);
});

test('a site administrator adds a transfer limit to an allocation, reads its schedule and checks a load', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/allocation/table/');
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  await page.locator('.MuiDataGrid-row', { hasText: `E2E-${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/company/terminalboss/allocation/${allocationId}/$`));
  const limits = page.getByTestId('allocation-limits');
  await limits.getByRole('link', { name: 'Add transfer limit' }).click();
  await expect(page).toHaveURL(new RegExp(`/allocation/${allocationId}/transferlimit/create/$`));
  await field(page, 'period_start_date').fill('2026-03-01');
  await field(page, 'limit').fill('40');
  await field(page, 'transfer_limit_end_date').fill('2026-12-31');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/terminalboss/allocation/${allocationId}/$`));
  await expect(limits.locator('.MuiDataGrid-row')).toHaveCount(1);

  // The check: 30.984 m³ used in March; 10 m³ more would make 40.984 m³.
  await limits.getByLabel('Load date').fill('2026-03-20');
  await limits.getByLabel('Net volume (m³)').fill('10');
  await limits.getByRole('button', { name: 'Check a load' }).click();
  await expect(page.getByTestId('load-check')).toHaveText(`The load is refused by allocation E2E-${stamp.toUpperCase()}: 30.984 m³ of 40.000 m³ used in 2026-03-01 to 2026-03-31, 0.000 under way; this load of 10.000 m³ makes 40.984 m³.`);
  await limits.getByLabel('Net volume (m³)').fill('9');
  await limits.getByRole('button', { name: 'Check a load' }).click();
  await expect(page.getByTestId('load-check')).toContainText('The load may go: 0 of 1 allowed loads are under way.');
  await page.screenshot({ path: 'test-results/allocation-1400.png', fullPage: true });
});

test('on a phone an operator reads the allocation and its schedule, without Add', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, 'operator@demo.test');
  await page.goto(`/company/terminalboss/allocation/${allocationId}/`);
  const limits = page.getByTestId('allocation-limits');
  await expect(limits.getByRole('heading', { name: 'Transfer limits' })).toBeVisible();
  await expect(limits.getByRole('link', { name: 'Add transfer limit' })).toHaveCount(0);
  await expect(page.getByTestId('limit-schedule').or(limits.getByText('No transfer limit limits the days around today.'))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/allocation-390.png', fullPage: true });
});
