/**
 * The driver's view (docs/terminal.md, Drivers): his own loads, by the names of their site,
 * product and shipper, never another driver's; no status buttons; his ticket prints. And no grid
 * cell of any terminal list shows a UUID where a name exists, for the driver or the site
 * administrator (docs/security.md, Reference labels).
 */
import { type Page, expect, test } from '@playwright/test';
import { gridRow, signIn } from './helpers';
import { apiCall, apiToken, createTicket } from './terminal-fixtures';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test('the driver sees his own loads by name, not another driver\'s, and prints his own', async ({ page, request }) => {
  const admin = await apiToken(request, 'siteadmin@demo.test');
  const driver = await apiToken(request, 'driver@demo.test');
  const [mine] = await apiCall<{ id: string }[]>(request, driver, 'GET', 'terminalboss/v3/driver/?page_size=0');
  const tag = `dv${Date.now() % 1_000_000}`;
  const own = await createTicket(request, admin, tag, { driver: mine.id });
  const other = await createTicket(request, admin, `${tag}x`);

  await signIn(page, 'driver@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${tag}`);
  const row = gridRow(page, own.code);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`E2E Site ${tag}`);
  await expect(row).toContainText(`E2E Shipper ${tag}`);
  await expect(row).not.toContainText(UUID);
  await expect(gridRow(page, other.code)).toHaveCount(0);

  await row.getByText(own.code).click();
  await expect(page.getByTestId('ticket-code')).toHaveText(`Ticket ${own.code}`);
  await expect(page.getByText(`E2E Site ${tag}`)).toBeVisible();
  await expect(page.getByText(`E2E Shipper ${tag}`)).toBeVisible();
  await expect(page.getByText('not visible')).toHaveCount(0);
  await expect(page.getByTestId('status-buttons')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  const printed = page.waitForResponse((r) => r.url().includes(`/ticket/${own.ticketId}/print/`));
  await page.getByRole('button', { name: 'Print' }).click();
  await page.getByRole('menuitem', { name: 'Bill of lading' }).click();
  expect((await printed).status()).toBe(200);

  // Another driver's ticket is not found, by the list or by its address.
  await page.goto(`/company/terminalboss/v3/ticket/${other.ticketId}/`);
  await expect(page.getByTestId('ticket-code')).toHaveCount(0);
});

/** Every data cell of the list at `path`, once its rows (not the loading skeleton) are drawn. */
async function cellTexts(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const rows = page.locator('.MuiDataGrid-row:not(.MuiDataGrid-rowSkeleton)');
  await expect(rows.first()).toBeVisible();
  // The labels arrive with the rows: a cell never shows an id first and its name later.
  return rows.locator('.MuiDataGrid-cell').allInnerTexts();
}

for (const email of ['siteadmin@demo.test', 'driver@demo.test']) {
  test(`no terminal list shows a UUID where a name exists, as ${email}`, async ({ page, request }) => {
    const token = await apiToken(request, email);
    await signIn(page, email);
    const lists = ['ticket', 'location', 'vehicle', 'driver', 'product', 'company', 'staff', 'certification'];
    let seen = 0;
    for (const slug of lists) {
      const res = await request.get(`/api/terminalboss/v3/${slug}/?page_size=1`, { headers: { Authorization: `Token ${token}` } });
      if (res.status() !== 200 || !((await res.json()) as { count: number }).count) continue;
      const cells = await cellTexts(page, `/company/terminalboss/v3/${slug}/`);
      seen++;
      expect(cells.filter((c) => UUID.test(c)), slug).toEqual([]);
    }
    expect(seen).toBeGreaterThanOrEqual(email.startsWith('driver') ? 2 : lists.length - 1);
  });
}
