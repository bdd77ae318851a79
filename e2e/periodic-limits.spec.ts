/**
 * Limits on screen (docs/terminal.md, Limit screens; Limits at the load): a site administrator
 * rolls a limit forward from its page, on a wide screen and on a phone; an operator reads it
 * without the buttons; a load that would go over the limit is refused as the operator starts it,
 * in words naming the limit, and once the limit is raised it starts with the warning shown.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { type TicketFixture, apiCall, apiToken, createTicket } from './terminal-fixtures';

const stamp = `l${Date.now() % 100_000}`;
const LIMITS = 'terminalboss/v3/periodic-limit';
let fx: TicketFixture;
let limitId: string;
let periodId: string;
let rolledId: string;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  // A draft receipt of 30.984 m³ on 2026-03-14, of a product no other test loads.
  fx = await createTicket(request, token, stamp);
  const ticket = await apiCall(request, token, 'GET', `terminalboss/v3/ticket/${fx.ticketId}/`);
  const limit = await apiCall(request, token, 'POST', `${LIMITS}/`, {
    name: `E2E receipts ${stamp}`, status: 'active', period_type: 'month', site: fx.siteId, product: fx.productId, ticket_type: 'receipt',
    basis: 'net_volume', unit: ticket.volume_unit, default_limit: '20', warning_percent: '90',
  });
  limitId = String(limit.id);
  const period = await apiCall(request, token, 'POST', 'terminalboss/v3/limit-period/', { periodic_limit: limitId, period_start: '2026-03-01', period_end: '2026-03-31', limit: '20' });
  periodId = String(period.id);
  const rolled = await apiCall(request, token, 'POST', `${LIMITS}/`, { name: `E2E weekly ${stamp}`, status: 'active', period_type: 'week', product: fx.productId, basis: 'load', default_limit: '12' });
  rolledId = String(rolled.id);
});

for (const width of [1400, 390]) {
  test(`a site administrator rolls a limit forward from its page at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    // Each width starts from a limit without periods: the phone run on its own copy.
    let id = rolledId;
    if (width === 390) {
      const token = await apiToken(request, 'siteadmin@demo.test');
      id = String((await apiCall(request, token, 'POST', `${LIMITS}/${rolledId}/clone/`, { name: `E2E weekly ${stamp} phone`, status: 'active' })).id);
    }
    await signIn(page, 'siteadmin@demo.test');
    await page.goto(`/company/terminalboss/v3/limit/${id}/`);
    const periods = page.getByTestId('limit-periods');
    await expect(periods.getByText('No period yet: roll forward to add the period of today.')).toBeVisible();
    const rolledOnce = page.waitForResponse((r) => r.url().endsWith(`/${id}/roll_forward/`));
    await periods.getByRole('button', { name: 'Roll forward' }).click();
    const first = await (await rolledOnce).json();
    await expect(page.getByText(`Added the period ${first.period_start} to ${first.period_end}`)).toBeVisible();
    await expect(page.getByTestId('limit-gauge')).toContainText(`${first.period_start} to ${first.period_end}`);
    await expect(page.getByTestId('limit-gauge')).toContainText('Used 0.000 loads of 12.000 loads');
    const rolledTwice = page.waitForResponse((r) => r.url().endsWith(`/${id}/roll_forward/`));
    await periods.getByRole('button', { name: 'Roll forward' }).click();
    const second = await (await rolledTwice).json();
    expect(Date.parse(second.period_start) - Date.parse(first.period_end)).toBe(86_400_000);
    await expect(periods.locator('.MuiDataGrid-row')).toHaveCount(2);
    // The page fits the phone: nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/limit-page-${width}.png`, fullPage: true });
  });
}

test('an operator reads a limit and its use, without the buttons that change it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signIn(page, 'operator@demo.test');
  await page.goto(`/company/terminalboss/v3/limit/${limitId}/`);
  await expect(page.getByTestId('limit-gauge')).toContainText('2026-03-01 to 2026-03-31');
  await expect(page.getByTestId('limit-periods').getByRole('button', { name: 'Roll forward' })).toHaveCount(0);
  await expect(page.getByTestId('limit-periods').getByRole('button', { name: 'Upload attachment' })).toHaveCount(0);
});

test('a load over the limit is refused as it starts, naming the limit; raised, it starts with the warning shown', async ({ page, request }) => {
  await signIn(page, 'operator@demo.test');
  await page.goto(`/company/terminalboss/v3/ticket/${fx.ticketId}/`);
  await expect(page.getByTestId('status-chip').first()).toHaveText('Draft');
  const refused = page.waitForResponse((r) => r.url().endsWith('/ticket/update-tickets-status/'));
  await page.getByTestId('status-buttons').getByRole('button', { name: 'Start' }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByTestId('status-refused')).toContainText(`${fx.code}: The load is refused by limit "E2E receipts ${stamp}" (2026-03-01 to 2026-03-31): 0.000 m3-${stamp} of 20.000 m3-${stamp} used`);
  await expect(page.getByTestId('status-chip').first()).toHaveText('Draft');

  // The limit is raised to 34 m³: the load fits, past the 90 % warning level.
  const token = await apiToken(request, 'siteadmin@demo.test');
  const period = await apiCall(request, token, 'GET', `terminalboss/v3/limit-period/${periodId}/`);
  await apiCall(request, token, 'PATCH', `terminalboss/v3/limit-period/${periodId}/`, { limit: '34', version: period.version });
  await page.reload();
  const started = page.waitForResponse((r) => r.url().endsWith('/ticket/update-tickets-status/'));
  await page.getByTestId('status-buttons').getByRole('button', { name: 'Start' }).click();
  expect((await started).status()).toBe(200);
  await expect(page.getByTestId('status-chip').first()).toHaveText('In progress');
  await expect(page.getByTestId('status-refused')).toHaveCount(0);
  await expect(page.getByTestId('limit-warning')).toContainText(`Past the warning level of limit "E2E receipts ${stamp}"`);
});
