/**
 * Bulk actions on chosen tickets: print them as one zip, and email them to recipients. Many
 * tickets are printed as a server job: the list shows its progress and downloads the zip at the end.
 */
import { expect, test } from '@playwright/test';
import { gridRow, signIn } from './helpers';
import { type TicketFixture, apiToken, createTicket } from './terminal-fixtures';

const stamp = `b${Date.now() % 1_000_000}`;
let a: TicketFixture;
let b: TicketFixture;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'admin@demo.test');
  a = await createTicket(request, token, `${stamp}1`);
  b = await createTicket(request, token, `${stamp}2`);
});

test('print the chosen tickets as tickets.zip, then email them', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  for (const t of [a, b]) await gridRow(page, t.code).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

  const download = page.waitForEvent('download');
  const printed = page.waitForResponse((r) => r.url().endsWith('/ticket/print_multiple/'));
  await page.getByRole('button', { name: 'Print selected' }).click();
  const res = await printed;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ ticket_ids: expect.arrayContaining([a.ticketId, b.ticketId]) });
  expect((await download).suggestedFilename()).toBe('tickets.zip');

  await page.getByRole('button', { name: 'Email selected' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Email 2 tickets');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('Recipients').fill('dispatch@carrier.test, accounts@shipper.test');
  const sent = page.waitForResponse((r) => r.url().endsWith('/ticket/email_multiple/'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  const mail = await sent;
  expect(mail.status()).toBe(200);
  expect(await mail.json()).toEqual({ sent: 2 });
  expect(mail.request().postDataJSON().recipients).toEqual(['dispatch@carrier.test', 'accounts@shipper.test']);
  await expect(page.getByText('Tickets sent to dispatch@carrier.test, accounts@shipper.test')).toBeVisible();
});

test('a print of many tickets runs as a job: progress shows, then tickets.zip downloads', async ({ page, request }) => {
  const token = await apiToken(request, 'admin@demo.test');
  // Short tags: the fixture's unit code (m3-<tag>) takes at most 12 characters.
  const many = `q${Date.now() % 10_000}`;
  for (let i = 0; i < 14; i++) await createTicket(request, token, `${many}${String.fromCharCode(97 + i)}`);
  await signIn(page, 'admin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${many}`);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(14);
  await page.getByRole('checkbox', { name: /select all rows/i }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('14 selected');

  const download = page.waitForEvent('download');
  const started = page.waitForResponse((r) => r.url().endsWith('/ticket/print_multiple/'));
  await page.getByRole('button', { name: 'Print selected' }).click();
  const res = await started;
  expect(res.status()).toBe(202);
  expect(await res.json()).toMatchObject({ kind: 'print_multiple', status: 'running', total: 14 });
  await expect(page.getByTestId('job-progress')).toContainText(/Printing \d+ of 14 tickets/);
  expect((await download).suggestedFilename()).toBe('tickets.zip');
  await expect(page.getByTestId('job-progress')).toHaveCount(0);
});
