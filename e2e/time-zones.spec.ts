/**
 * A site's times read the same on screen as on the PDF and in the CSV (docs/architecture.md, Time
 * zones): the browser writes them by the server's zone rules, whatever its own zone data says.
 * Chromium and Node may disagree about a zone (they do about Alberta after 2026-11-01), so the
 * expected text is written here, in Node, by the library the server prints with.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { formatInZone } from '../src/lib/time-zone';
import { field, gridRow, signIn } from './helpers';
import { apiCall, apiToken, createTicket } from './terminal-fixtures';

// The browser's own zone changes nothing: the site's zone is what counts.
test.use({ timezoneId: 'America/Toronto' });

test('a ticket\'s start reads as the server writes it, in the list and on the ticket page', async ({ page, request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  const start = '2026-11-23T05:30:00Z';
  const t = await createTicket(request, token, 'TZ1', { start_time: start, ticket_date: '2026-11-22' });
  const expected = formatInZone(start, 'America/Edmonton');
  expect(expected).toMatch(/^2026-11-22 \d\d:30 /);
  // The list shows the start time column.
  await apiCall(request, token, 'PATCH', 'user/me/', { ui_config: { 'terminalboss/v3/ticket': { columns: ['code', 'ticket_date', 'start_time', 'status'] } } });

  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(t.code);
  await expect(gridRow(page, t.code)).toContainText(expected);
  await expect(gridRow(page, t.code)).toContainText('2026-11-22');

  await page.goto(`/company/terminalboss/v3/ticket/${t.ticketId}/`);
  await expect(page.getByTestId('ticket-code')).toHaveText(`Ticket ${t.code}`);
  await expect(page.getByText(expected, { exact: true })).toBeVisible();
});

/** The stored instant of a ticket's field, through the API. */
const ticketField = async (request: APIRequestContext, token: string, id: string, name: string) =>
  (await apiCall(request, token, 'GET', `terminalboss/v3/ticket/${id}/`))[name];

test('the ticket\'s times are typed at the site\'s wall clock near midnight, and stored as the instant they name', async ({ page, request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  // 05:30 UTC on the 23rd: 22:30 MST on the 22nd at the site, 00:30 on the 23rd in this browser's Toronto.
  const t = await createTicket(request, token, 'TZ2', { start_time: '2026-11-23T05:30:00Z', ticket_date: '2026-11-22' });

  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/company/terminalboss/v3/ticket/${t.ticketId}/`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const start = field(page, 'start_time');
  // The site's wall clock with its zone beside it, not the browser's 2026-11-23T00:30.
  await expect(start).toHaveValue('2026-11-22T22:30');
  await expect(page.getByTestId('zone-start_time')).toHaveText('MST');
  await expect(start).toHaveAttribute('data-zone', 'America/Edmonton');
  // Past the site's midnight: 00:15 MST on the 23rd is 07:15 UTC (Chromium's own data would say MDT, 06:15).
  await start.fill('2026-11-23T00:15');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Ticket saved')).toBeVisible();
  expect(await ticketField(request, token, t.ticketId, 'start_time')).toBe('2026-11-23T07:15:00.000Z');
  // The date was not typed: it follows the start to the site's day.
  expect(await ticketField(request, token, t.ticketId, 'ticket_date')).toBe('2026-11-23');
  await expect(page.getByText(formatInZone('2026-11-23T07:15:00Z', 'America/Edmonton'), { exact: true })).toBeVisible();

  // Back to the evening before: 23:45 MST on the 22nd.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(field(page, 'start_time')).toHaveValue('2026-11-23T00:15');
  await field(page, 'start_time').fill('2026-11-22T23:45');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Ticket saved')).toBeVisible();
  await expect.poll(() => ticketField(request, token, t.ticketId, 'start_time')).toBe('2026-11-23T06:45:00.000Z');
  expect(await ticketField(request, token, t.ticketId, 'ticket_date')).toBe('2026-11-22');

  // An entry's reading time, typed in its row, is the site's too.
  await page.getByRole('tab', { name: 'Entries' }).click();
  await page.getByTestId('inline-ticketentry').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('inline-recorded_at')).toHaveAttribute('data-zone', 'America/Edmonton');
  await page.getByTestId('inline-recorded_at').fill('2026-11-22T23:50');
  await expect(page.getByTestId('zone-inline-recorded_at')).toHaveText('MST');
  await page.getByRole('button', { name: 'Save row' }).click();
  await expect(page.getByText('Ticket entry added')).toBeVisible();
  const entries = await apiCall<{ results: { recorded_at: string }[] }>(request, token, 'GET', `terminalboss/v3/ticketentry/?ticket=${t.ticketId}`);
  expect(entries.results.map((e) => e.recorded_at)).toEqual(['2026-11-23T06:50:00.000Z']);
  await expect(page.getByTestId('inline-ticketentry')).toContainText('2026-11-22 23:50 MST');
  // Edited in place, it shows the site's wall clock again.
  await page.getByRole('button', { name: 'Edit row' }).click();
  await expect(page.getByTestId('inline-recorded_at')).toHaveValue('2026-11-22T23:50');
});

test('a new ticket\'s start typed before its site is picked keeps its wall clock in the site\'s zone', async ({ page, request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  const t = await createTicket(request, token, 'TZ3');
  // A site three hours east of the company's zone (America/Edmonton).
  const halifax = await apiCall(request, token, 'POST', 'terminalboss/v3/site/', { name: 'E2E Halifax TZ3', username: 'e2e-hfx-tz3', timezone: 'America/Halifax' });

  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/new/');
  await field(page, 'code').fill('TZ3-NEW');
  // No site yet: the company's zone.
  await expect(field(page, 'start_time')).toHaveAttribute('data-zone', 'America/Edmonton');
  await field(page, 'start_time').fill('2026-11-22T23:30');
  await expect(page.getByTestId('zone-start_time')).toHaveText('MST');
  await page.getByTestId('ref-created_by_server').fill('E2E Halifax TZ3');
  await page.getByRole('option', { name: 'E2E Halifax TZ3' }).click();
  // The site's zone now, the typed wall clock kept.
  await expect(field(page, 'start_time')).toHaveAttribute('data-zone', 'America/Halifax');
  await expect(page.getByTestId('zone-start_time')).toHaveText('AST');
  await expect(field(page, 'start_time')).toHaveValue('2026-11-22T23:30');
  await page.getByTestId('ref-product').fill(`E2E Crude TZ3`);
  await page.getByRole('option', { name: /E2E Crude TZ3/ }).click();
  // The date the site's day: the server refuses one that is not the start's date there.
  await field(page, 'ticket_date').fill('2026-11-22');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/v3\/ticket\/$/);
  const made = await apiCall<{ results: Record<string, unknown>[] }>(request, token, 'GET', 'terminalboss/v3/ticket/?code=TZ3-NEW');
  expect(made.results).toHaveLength(1);
  expect(made.results[0]).toMatchObject({ start_time: '2026-11-23T03:30:00.000Z', ticket_date: '2026-11-22', created_by_server: halifax.id, product: t.productId, time_zone: 'America/Halifax' });
});
