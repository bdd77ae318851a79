/**
 * The ticket list's filter bar (docs/table.md, Filter bar): date range, status and site edit the
 * table's own filters, so the chips, the export and saved filters follow them; and the chosen
 * tickets printed as one PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { applySavedFilter, gridRow, saveFilter, signIn } from './helpers';
import { type TicketFixture, apiToken, createTicket } from './terminal-fixtures';

const stamp = `f${Date.now() % 1_000_000}`;
let early: TicketFixture;
let late: TicketFixture;

const rows = (page: Page) => page.locator('.MuiDataGrid-row');
const chips = (page: Page) => page.locator('[aria-label="Active filters"]');
const bar = (page: Page) => page.getByRole('group', { name: 'Filters' });

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  early = await createTicket(request, token, `${stamp}1`);
  late = await createTicket(request, token, `${stamp}2`, { ticket_date: '2026-03-20' });
});

async function openTickets(page: Page) {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  await expect(rows(page)).toHaveCount(2);
}

test('date range, status and site from the filter bar: chips, rows, the export and a saved filter follow them', async ({ page }) => {
  await openTickets(page);
  await bar(page).getByLabel('Ticket date from').fill('2026-03-15');
  await expect(chips(page)).toHaveText('Ticket date: from 2026-03-15');
  await expect(rows(page)).toHaveCount(1);
  await expect(gridRow(page, late.code)).toBeVisible();
  await bar(page).getByLabel('Ticket date to').fill('2026-03-31');
  await expect(chips(page)).toHaveText('Ticket date: from 2026-03-15 to 2026-03-31');

  // A reference is chosen by its name among the values the tickets hold.
  await bar(page).getByRole('combobox', { name: 'Site' }).fill(`E2E Site ${stamp}2`);
  await page.getByRole('option', { name: `E2E Site ${stamp}2` }).click();
  await page.keyboard.press('Escape');
  await bar(page).getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await page.keyboard.press('Escape');
  await expect(chips(page)).toContainText(`Site: E2E Site ${stamp}2`);
  await expect(chips(page)).toContainText('Status: Draft');
  await expect(rows(page)).toHaveCount(1);

  // The export asks for the same rows.
  const exported = page.waitForRequest((r) => r.url().includes('/ticket/download_table/'));
  await page.getByRole('button', { name: 'Export' }).click();
  const asked = Object.fromEntries(new URL((await exported).url()).searchParams);
  expect(asked).toMatchObject({ ticket_date__gte: '2026-03-15', ticket_date__lte: '2026-03-31', created_by_server: late.siteId, status: 'draft' });

  // Saved with the table's other filters, and applied again after a reload.
  await saveFilter(page, `March drafts ${stamp}`);
  await page.reload();
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  await expect(rows(page)).toHaveCount(2);
  await applySavedFilter(page, `March drafts ${stamp}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(bar(page).getByLabel('Ticket date from')).toHaveValue('2026-03-15');
  await expect(bar(page)).toContainText(`E2E Site ${stamp}2`);

  // Removing a chip clears its input too.
  await page.locator('.MuiChip-root', { hasText: 'Ticket date:' }).locator('.MuiChip-deleteIcon').click();
  await expect(bar(page).getByLabel('Ticket date from')).toHaveValue('');
});

test('the chosen tickets print as one PDF, one after another', async ({ page }) => {
  await openTickets(page);
  for (const t of [early, late]) await gridRow(page, t.code).getByRole('checkbox').check();
  // The answer passes through the test on its way to the page, which opens it in a new tab (docs/shell.md, Files).
  let pdf: Buffer = Buffer.alloc(0);
  let asked: { ticket_ids: string[]; combine?: boolean } | null = null;
  await page.route('**/ticket/print_multiple/', async (route) => {
    asked = route.request().postDataJSON();
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    pdf = await answer.body();
    await route.fulfill({ response: answer, body: pdf });
  });
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'One PDF of the selected tickets' }).click();
  await tab;
  expect(asked).toEqual({ ticket_ids: [expect.any(String), expect.any(String)], combine: true });

  const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
  const file = join(dir, 'tickets.pdf');
  writeFileSync(file, pdf);
  expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1])).toBeGreaterThanOrEqual(2);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  const pages = text.split('\f').filter((p) => p.trim());
  // Each ticket on pages of its own, in the order they were chosen.
  const order = asked!.ticket_ids;
  const codes = order.map((id) => (id === early.ticketId ? early.code : late.code));
  expect(pages[0]).toContain(codes[0]);
  expect(pages[pages.length - 1]).toContain(codes[1]);
});
