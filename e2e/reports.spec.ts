/**
 * Reports on screen (docs/reports.md, Screens): the site administrator builds a report (source,
 * columns, a filter, a group, a total), watches the sample follow, saves it, downloads it as XLSX
 * (read back with exceljs: typed cells, units in the headers) and schedules its mailing. On a
 * phone the operator reads a report's sample within the screen's width; the dispatcher, who may
 * not read tickets, is told so instead of shown them. Screenshots at 1,400 and 390 px go to
 * /tmp/report-shots.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { type Page, expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/report-shots';
const made: string[] = [];

test.afterEach(async ({ request }) => {
  const admin = await apiAs(request);
  while (made.length) await admin.remove(made.pop()!);
});

/** Picks an option of an autocomplete by typing part of it. */
async function pick(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('the site administrator builds a report, samples it, saves it, downloads XLSX and schedules it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/reports/');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/company\/reports\/new\/$/);
  await expect(page.getByText('Choose the records to report on')).toBeVisible();

  await page.getByLabel('Name').fill('Completed tickets by product');
  await pick(page, 'Source', 'Tick', 'Tickets');
  await pick(page, 'Columns', 'Code', 'Code');
  await pick(page, 'Columns', 'Net vol', 'Net volume');
  const sample = page.getByTestId('report-sample');
  await expect(sample).toContainText(/\d[\d,]* rows/);

  await page.getByRole('button', { name: 'Add filter' }).click();
  const filter = page.getByTestId('report-filter');
  await filter.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: 'Status', exact: true }).click();
  await filter.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Completed', exact: true }).click();
  await page.keyboard.press('Escape');

  await pick(page, 'Group by', 'Product', 'Product');
  await pick(page, 'Totals', 'Sum of Net', 'Sum of Net volume');
  await expect(sample).toContainText(/\d+ groups?/);
  await expect(page.getByRole('grid', { name: 'Report sample' }).getByRole('columnheader', { name: 'Net volume, sum' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Report totals' })).toContainText('Total');
  await page.screenshot({ path: `${SHOTS}/builder-1400.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/company\/reports\/\d+\/$/);
  const id = page.url().match(/reports\/(\d+)\//)![1];
  made.push(`/api/reports/${id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Completed tickets by product');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'XLSX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^completed-tickets-by-product-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Product', 'Volume unit', 'Count', 'Net volume, sum (in Volume unit)']);
  expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
  expect(typeof sheet.getRow(2).getCell(4).value).toBe('number');
  const last = sheet.lastRow!;
  expect(last.getCell(1).value).toBe('Total');

  await page.getByRole('button', { name: 'Schedule mailing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule mailing' });
  await dialog.getByLabel('Recipients').fill('ops@prairie.example, manager@prairie.example');
  await dialog.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await dialog.getByRole('combobox', { name: 'On' }).click();
  await page.getByRole('option', { name: 'Friday' }).click();
  await dialog.getByLabel(/^At/).fill('06:30');
  await dialog.getByRole('button', { name: 'Save schedule' }).click();
  await expect(dialog).toBeHidden();
  const mailing = page.getByTestId('report-mailing');
  await expect(mailing).toContainText('Weekly on Friday at 06:30 (America/Edmonton), as Excel (XLSX)');
  await expect(mailing).toContainText('To ops@prairie.example, manager@prairie.example; runs as Sam Siteadmin; next ');
  await page.screenshot({ path: `${SHOTS}/report-1400.png`, fullPage: true });
});

test('on a phone the operator reads a report\'s sample within the screen; the dispatcher is told he may not read its source', async ({ page, request }) => {
  const admin = await apiAs(request);
  const rep = await admin.post('/api/reports/', {
    name: 'Tickets this year', source: 'terminalboss/v3/ticket', columns: ['code', 'ticket_date', 'product', 'net_volume', 'status'],
    filters: { ticket_date__period: 'this_year' }, totals: ['net_volume:sum'],
  }) as { id: number };
  made.push(`/api/reports/${rep.id}/`);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'operator@demo.test');
  await page.goto(`/company/reports/${rep.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets this year');
  await expect(page.getByTestId('report-sample')).toContainText(/rows|No rows/);
  await expect(page.getByRole('button', { name: 'XLSX' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/report-390.png`, fullPage: true });

  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/company/reports/${rep.id}/`);
  await expect(page.getByTestId('sample-error')).toContainText('no source you may read');
});

test('the dashboard shows each user the figures of what he may read, and a figure opens the table behind it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'siteadmin@demo.test');
  await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/company\/dashboard\/$/);
  const month = page.getByTestId('figure-tickets_month');
  await expect(month).toContainText(/Tickets this month by product/);
  const summary = await month.getByText(/^\d[\d,]* tickets, /).textContent();
  const tickets = Number(summary!.match(/^([\d,]+) tickets/)![1].replace(/,/g, ''));
  await expect(page.getByTestId('figure-cars_on_trip')).toContainText('Loaded');
  await page.screenshot({ path: `${SHOTS}/dashboard-1400.png`, fullPage: true });
  await month.getByRole('link', { name: 'Open table: Tickets this month by product' }).click();
  await expect(page).toHaveURL(/ticket_date__gte=\d{4}-\d{2}-01/);
  await expect(page.getByText(new RegExp(`of ${tickets.toLocaleString('en-US')}$`))).toBeVisible();

  // The dispatcher reads no terminal tickets: no ticket figures; the driver's are his own loads, on a phone.
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/company/dashboard/');
  await expect(page.getByTestId('figure-cars_on_trip')).toBeVisible();
  await expect(page.getByTestId('figure-tickets_month')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'driver@demo.test');
  await page.goto('/company/dashboard/');
  await expect(page.getByTestId('figure-tickets_month')).toBeVisible();
  await expect(page.getByTestId('figure-shipments_month')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/dashboard-driver-390.png`, fullPage: true });
});

test('the mass balance of yesterday at Fort Saskatchewan shows the demo\'s known loss, and a product opens its tickets', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/mass-balance-report/');
  // Other suites add sites of their own: choose the demo's.
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'Fort Saskatchewan Terminal' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Fort Saskatchewan Terminal');
  const msw = page.getByTestId('balance-line').filter({ hasText: 'Mixed Sweet Blend' });
  await expect(msw.getByRole('cell').nth(7)).toHaveText('-1.500');
  await expect(page.getByTestId('balance-line').filter({ hasNotText: 'Mixed Sweet Blend' }).getByRole('cell', { name: '-1.500' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/mass-balance-1400.png`, fullPage: true });
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(page).toHaveURL(/mass-balance-report\/\d{4}-\d{2}\//);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(/\d{4}-\d{2}-01 to \d{4}-\d{2}-(28|29|30|31)$/);
  await page.getByRole('button', { name: 'Day' }).click();
  await msw.getByRole('link', { name: 'Tickets of Mixed Sweet Blend' }).click();
  await expect(page).toHaveURL(/ticket_date__gte=/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goBack();
  await expect(msw).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/mass-balance-390.png`, fullPage: true });
});
