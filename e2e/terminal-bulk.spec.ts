/** Bulk actions on chosen tickets: print them as one zip, and email them to recipients. */
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
