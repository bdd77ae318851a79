/**
 * Ticket invoices on screen (docs/terminal.md, Invoice screens): completed tickets chosen
 * in the ticket list become an invoice priced by the shipper's service contract; the invoice is
 * sent for approval and approved from the invoice list, then printed. A ticket already invoiced is
 * refused in words. On a phone the list keeps number, status and total; an operator, who holds no
 * invoice rights, finds no invoices in the menu.
 */
import { expect, test } from '@playwright/test';
import { gridRow, signIn } from './helpers';
import { type TicketFixture, apiCall, apiToken, createTicket } from './terminal-fixtures';

const stamp = `v${Date.now() % 100_000}`;
let a: TicketFixture;
let b: TicketFixture;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, 'siteadmin@demo.test');
  a = await createTicket(request, token, `${stamp}a`, { status: 'completed' });
  const first = await apiCall(request, token, 'GET', `terminalboss/v3/ticket/${a.ticketId}/`);
  // The second load: same shipper, site and product, another day.
  const second = await apiCall(request, token, 'POST', 'terminalboss/v3/ticket/', {
    code: `E2E-${stamp}b`, status: 'completed', ticket_type: 'receipt', created_by_server: a.siteId, ticket_date: '2026-03-15', product: a.productId,
    shipper: first.shipper, volume_unit: first.volume_unit, net_volume: '20.000', gross_volume: '20.100',
  });
  b = { ...a, ticketId: String(second.id), code: String(second.code) };
  const contract = await apiCall(request, token, 'POST', 'terminalboss/v3/service-contract/', {
    code: `SC-${stamp}`, name: `E2E terminalling ${stamp}`, customer: first.shipper, effective_date: '2026-01-01', tax_name: 'GST', tax_rate: '5',
  });
  await apiCall(request, token, 'POST', 'terminalboss/v3/service-contract-ticket/', { service_contract: contract.id, description: 'Receipt fee', ticket_type: 'receipt', basis: 'net_volume', unit_price: '2.5' });
  await apiCall(request, token, 'POST', 'terminalboss/v3/service-contract-ticket/', { service_contract: contract.id, description: 'Ticket administration', basis: 'load', unit_price: '12.5' });
});

test('create an invoice from the chosen tickets, send it for approval, approve it and print it', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  for (const t of [a, b]) await gridRow(page, t.code).getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');
  const built = page.waitForResponse((r) => r.url().endsWith('/ticket-invoice/bulk_create_invoices/'));
  await page.getByRole('button', { name: 'Create invoices' }).click();
  const res = await built;
  expect(res.status()).toBe(200);
  const made = await res.json();
  expect(made.created).toBe(1);
  const code = made.invoices[0].code as string;
  await expect(page.getByText(`1 invoice made: ${code}`)).toBeVisible();

  // The invoice's page: its figures, and one line per charge of each ticket.
  await expect(page).toHaveURL(new RegExp(`/ticket-invoice/${made.invoices[0].id}/`));
  const summary = page.getByTestId('invoice-summary');
  // 30.984 × 2.50 + 12.50 + 20.000 × 2.50 + 12.50 = 152.46; GST 7.62; total 160.08
  await expect(summary).toContainText(code);
  await expect(summary).toContainText('152.46');
  await expect(summary).toContainText('160.08');
  const lines = page.getByTestId('invoice-lines');
  await expect(lines.locator('.MuiDataGrid-row')).toHaveCount(4);
  await expect(lines).toContainText('77.46');

  // The workflow from the list.
  await page.goto('/company/terminalboss/v3/ticket-invoice/');
  await page.getByLabel('Search').fill(code);
  await gridRow(page, code).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'For approval' }).click();
  await expect(page.getByText('1 invoice sent for approval')).toBeVisible();
  await expect(gridRow(page, code)).toContainText('Pending approval');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('1 invoice approved')).toBeVisible();
  await expect(gridRow(page, code)).toContainText('Approved');

  await gridRow(page, code).getByText(code).click();
  await expect(page.getByTestId('invoice-summary')).toContainText('Sam Siteadmin');
  const printed = page.waitForResponse((r) => r.url().includes('/print_invoice/'));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print invoice' }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(`${code}.pdf`);
  await (await tab).close();

  // Invoiced once: choosing the tickets again is refused in words.
  await page.goto('/company/terminalboss/v3/ticket/');
  await page.getByLabel('Search').fill(`E2E-${stamp}`);
  await gridRow(page, a.code).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create invoices' }).click();
  await expect(page.getByText(`${a.code}: already on invoice ${code}.`)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the invoice list fits and keeps number, status and total; an operator has no invoices', async ({ page }) => {
    await signIn(page, 'siteadmin@demo.test');
    await page.goto('/company/terminalboss/v3/ticket-invoice/');
    await expect(page.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page, 'operator@demo.test');
    await page.goto('/company/terminalboss/v3/ticket/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const head = page.getByTestId('menu-section-Terminal');
    if ((await head.getAttribute('aria-expanded')) === 'false') await head.click();
    await expect(page.getByTestId('menu-/company/terminalboss/v3/ticket/')).toBeVisible();
    await expect(page.getByTestId('menu-/company/terminalboss/v3/ticket-invoice/')).toHaveCount(0);
    await page.goto('/company/terminalboss/v3/ticket-invoice/');
    await expect(page.getByTestId('no-access')).toBeVisible();
  });
});
