/**
 * A site's times read the same on screen as on the PDF and in the CSV (docs/architecture.md, Time
 * zones): the browser writes them by the server's zone rules, whatever its own zone data says.
 * Chromium and Node may disagree about a zone (they do about Alberta after 2026-11-01), so the
 * expected text is written here, in Node, by the library the server prints with.
 */
import { expect, test } from '@playwright/test';
import { formatInZone } from '../src/lib/time-zone';
import { gridRow, signIn } from './helpers';
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
