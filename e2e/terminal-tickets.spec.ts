/**
 * Ticket list -> detail -> status change -> print, and a driver who sees tickets without status
 * buttons. The ticket is made through the API first. Needs the ticket actions
 * (`update-tickets-status/`, `{id}/print/`) and, for the driver, the demo seed granting the Driver
 * role `view_ticket` and the v3 menu code.
 */
import { expect, test } from '@playwright/test';
import { gridRow, signIn } from './helpers';
import { type TicketFixture, apiToken, createTicket } from './terminal-fixtures';

let fx: TicketFixture;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'admin@demo.test');
  fx = await createTicket(request, token, String(Date.now() % 1_000_000));
});

test('ticket list -> open a ticket -> change its status -> print it as a PDF', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(fx.code);
  await gridRow(page, fx.code).getByText(fx.code).click();
  await expect(page).toHaveURL(new RegExp(`/company/terminalboss/v3/ticket/${fx.ticketId}/$`));
  await expect(page.getByTestId('ticket-code')).toHaveText(`Ticket ${fx.code}`);
  // The breadcrumb names the ticket by its number, not its id.
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText(`Ticket ${fx.code}`);
  await expect(page.getByTestId('status-chip').first()).toHaveText('Draft');
  // The product card shows the product's dangerous-goods and customs identifiers.
  await expect(page.getByTestId('product-card-unCode')).toHaveText('UN1267');
  await expect(page.getByTestId('product-card-stcc')).toHaveText('4910165');

  // Only the moves allowed from draft are offered.
  await expect(page.getByTestId('status-buttons').getByRole('button')).toHaveText(['Start', 'Complete', 'Void']);
  const change = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/terminalboss/v3/ticket/update-tickets-status/'));
  await page.getByTestId('status-buttons').getByRole('button', { name: 'Start' }).click();
  const res = await change;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ ticket_ids: [fx.ticketId], status: 'in_progress' });
  await expect(page.getByTestId('status-chip').first()).toHaveText('In progress');
  await expect(page.getByTestId('status-buttons').getByRole('button')).toHaveText(['Complete', 'Back to draft', 'Void']);

  const printed = page.waitForResponse((r) => r.url().includes(`/api/terminalboss/v3/ticket/${fx.ticketId}/print/`));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print' }).click();
  await page.getByRole('menuitem', { name: 'Bill of lading' }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.url()).toContain('template_type=BOL');
  expect(pdf.url()).toContain('force_footer=true');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(`ticket-${fx.code}.pdf`);
  // The PDF opens in a new tab (from the fetched blob: the request carried the token).
  expect((await tab).url()).toMatch(/^blob:/);
});

test('a void needs a reason; the bulk status change goes through the list', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(fx.code);
  await gridRow(page, fx.code).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByTestId('status-select').locator('..').click();
  await page.getByRole('option', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Void' })).toBeDisabled();
  await dialog.getByLabel(/Reason for voiding/).fill('Keyed twice');
  const change = page.waitForResponse((r) => r.url().endsWith('/update-tickets-status/'));
  await dialog.getByRole('button', { name: 'Void' }).click();
  const res = await change;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({ ticket_ids: [fx.ticketId], status: 'void', void_reason: 'Keyed twice' });
  await expect(gridRow(page, fx.code).getByTestId('status-chip')).toHaveText('Void');
});

test('properties are added and edited inline; a refused save says why and keeps the row open', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto(`/company/terminalboss/v3/ticket/${fx.ticketId}/`);
  await page.getByRole('tab', { name: 'Properties' }).click();

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByTestId('inline-name').fill('Seal number');
  await page.getByTestId('inline-value').fill('SN-4471');
  await page.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByText('Ticket property added')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'SN-4471' })).toBeVisible();

  // A unit longer than its 20 characters: the server refuses, the toast names the field, nothing is lost.
  await page.getByRole('button', { name: 'Edit row' }).first().click();
  await page.getByTestId('inline-unit').fill('x'.repeat(21));
  await page.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByText(/20 characters/)).toBeVisible();
  await expect(page.getByTestId('inline-unit')).toHaveValue('x'.repeat(21));
  await expect(page.getByRole('button', { name: 'Save row' })).toBeEnabled();

  await page.getByTestId('inline-unit').fill('seal');
  await page.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByText('Ticket property saved')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'seal', exact: true })).toBeVisible();
});
