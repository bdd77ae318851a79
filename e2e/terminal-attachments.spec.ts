/**
 * A file through the screens: upload a PDF to a ticket, see it listed, and open it. Opening goes
 * through the data provider (the request carries the token) and shows the PDF in a new tab.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { type TicketFixture, apiToken, createTicket } from './terminal-fixtures';

let fx: TicketFixture;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'admin@demo.test');
  fx = await createTicket(request, token, `A${Date.now() % 1_000_000}`);
});

/** The smallest file a PDF reader (and the server's magic-byte check) takes for a PDF. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('upload a PDF to a ticket, see it listed and open it', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto(`/company/terminalboss/v3/ticket/${fx.ticketId}/`);
  await page.getByRole('tab', { name: 'Attachments' }).click();
  const list = page.getByTestId('ticket-attachments');
  await expect(list.getByText('No attachments.')).toBeVisible();

  await list.getByLabel('Name').fill('Scale slip');
  const uploaded = page.waitForResponse((r) => r.url().endsWith(`/ticket/${fx.ticketId}/upload_attachment/`));
  await page.getByTestId('attachment-file').setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: pdf });
  expect((await uploaded).status()).toBe(201);
  await expect(list.getByRole('cell', { name: 'Scale slip' })).toBeVisible();

  const tab = page.waitForEvent('popup');
  await list.getByRole('button', { name: 'Open' }).click();
  const opened = await tab;
  await expect.poll(() => opened.url()).toMatch(/^blob:/);
});

test('a file that is not what it claims is refused with a message, and nothing is listed', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto(`/company/terminalboss/v3/ticket/${fx.ticketId}/`);
  await page.getByRole('tab', { name: 'Attachments' }).click();
  const list = page.getByTestId('ticket-attachments');
  // Count once the list has loaded: the empty state, or the slip the test before uploaded.
  await expect(list.getByText('No attachments.').or(list.getByRole('cell', { name: 'Scale slip' }))).toBeVisible();
  const before = await list.getByRole('row').count();
  const answer = page.waitForResponse((r) => r.url().endsWith(`/ticket/${fx.ticketId}/upload_attachment/`));
  await page.getByTestId('attachment-file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is a program, not a PDF') });
  expect((await answer).status()).toBe(400);
  await expect(page.getByText(/not accepted|type/i).first()).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(before);
});
