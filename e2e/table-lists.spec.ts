/**
 * The shared table across lists (docs/table.md): moving between lists through the menu starts each
 * list in its own order (no request with the previous list's sort, no 400), one list request per
 * visit; filter chips name the value they filter on.
 */
import { type Page, type Response, expect, test } from '@playwright/test';
import { applySavedFilter, saveFilter, signIn } from './helpers';
import { apiToken, createTicket } from './terminal-fixtures';

const rows = (page: Page) => page.locator('.MuiDataGrid-row');

/** Opens every folded section of the side menu, so each entry can be clicked. */
async function unfoldMenu(page: Page) {
  const folded = page.locator('[data-testid^="menu-section-"][aria-expanded="false"]');
  while (await folded.count()) {
    const label = await folded.first().getAttribute('data-testid');
    if (label === 'menu-section-Planned') break;
    await folded.first().click();
  }
}

test('moving between lists through the menu: each list opens in its own order, one request, never a 400; the row buttons stay in view at 1400 px', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const answers: Response[] = [];
  page.on('response', (r) => { if (r.url().includes('/api/')) answers.push(r); });
  await signIn(page, 'admin@demo.test');
  await unfoldMenu(page);
  const entries = await page.locator('[data-testid^="menu-/"]:not([data-planned])').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('menu-'.length)));
  expect(entries.length).toBeGreaterThan(10);
  let lists = 0;
  for (const to of entries) {
    answers.length = 0;
    await page.locator(`[data-testid="menu-${to}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${to.replace(/[.?+*()[\]{}|^$\\]/g, '\\$&')}$`));
    // react-admin's loading indicator in the app bar shows while any request is under way.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('banner').getByRole('progressbar')).toHaveCount(0);
    const bad = answers.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`);
    expect(bad, `after opening ${to}`).toEqual([]);
    const listCalls = answers.filter((r) => r.request().method() === 'GET' && /[?&]page_size=/.test(r.url()) && !/\/(count|choices|autocomplete)\//.test(r.url()));
    if (await rows(page).count() === 0 && !listCalls.length) continue;
    lists++;
    // Each table asks for its rows once, in its own order (a screen may show more than one table).
    const paths = listCalls.map((r) => new URL(r.url()).pathname);
    expect(paths.length, `${to}: ${listCalls.map((r) => r.url()).join(' ')}`).toBe(new Set(paths).size);
    // The columns fit beside the menu (docs/table.md, Column widths): no sideways scrolling, and
    // the edit and delete buttons are inside the window.
    // Measured once the grid's flex columns have settled: a grid lays its columns out again when a
    // scrollbar of its own appears, and one measurement can fall between the two layouts.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('.MuiDataGrid-scrollbar--horizontal').length), { message: to, timeout: 10_000 }).toBe(0);
    const fit = await page.evaluate(() => ({
      buttonsRight: [...document.querySelectorAll('.MuiDataGrid-cell[data-field="__actions"]')].map((c) => c.getBoundingClientRect().right),
    }));
    expect(Math.max(0, ...fit.buttonsRight), to).toBeLessThanOrEqual(1400);
  }
  expect(lists).toBeGreaterThanOrEqual(11);
});

test('filter chips name a reference by its label, also once its rows have left the page and after a reload', async ({ page, request }) => {
  const stamp = `c${Date.now() % 1_000_000}`;
  const token = await apiToken(request, 'siteadmin@demo.test');
  const a = await createTicket(request, token, `${stamp}1`);
  await createTicket(request, token, `${stamp}2`);
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  await expect(rows(page)).toHaveCount(2);
  const chips = page.locator('[aria-label="Active filters"]');
  const siteCell = page.locator('.MuiDataGrid-cell[data-field="created_by_server"]', { hasText: `E2E Site ${stamp}1` });

  await siteCell.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Include ONLY this' }).click();
  await expect(chips).toHaveText(`Site: E2E Site ${stamp}1`);
  await expect(rows(page)).toHaveCount(1);
  // Include -> exclude: the excluded site's rows leave the page, its chip still names it.
  await siteCell.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add this to filter' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(chips).toHaveText(`Site ≠ E2E Site ${stamp}1`);
  await expect(chips).not.toContainText(a.siteId);

  // A saved filter applied after a reload: the table has never shown that site's rows since.
  await saveFilter(page, `Not site ${stamp}`);
  await page.reload();
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  await expect(rows(page)).toHaveCount(2);
  await applySavedFilter(page, `Not site ${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(chips).toHaveText(`Site ≠ E2E Site ${stamp}1`);
});
