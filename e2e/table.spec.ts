/** The shared table (issue: settings menu, saved filters, include/exclude filters, filter import, export). */
import { type Page, expect, test } from '@playwright/test';
import { signIn } from './helpers';

const rows = (page: Page) => page.locator('.MuiDataGrid-row');
const header = (page: Page, label: string) => page.getByRole('columnheader', { name: label, exact: true });
/** Hovering a header renames it (its sort and menu buttons join the name): address menus by field. */
const headerOf = (page: Page, field: string) => page.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`);
const cell = (page: Page, field: string, text: string) =>
  page.locator(`.MuiDataGrid-cell[data-field="${field}"]`).filter({ hasText: new RegExp(`^${text}$`) }).first();

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Table settings' }).click();
}

/** The profile as the server has it now (not the browser's copy). */
async function serverProfile(page: Page): Promise<any> {
  return page.evaluate(`fetch('/api/user/me/', { headers: { Authorization: 'Token ' + localStorage.getItem('token') } }).then((r) => r.json())`);
}

async function openProducts(page: Page, email = 'operator@demo.test') {
  await signIn(page, email);
  await page.goto('/config/products/');
  await expect(rows(page).first()).toBeVisible();
}

test('Columns: toggle one column, Toggle All clears and restores, and the choice survives a reload', async ({ page }) => {
  // Wide enough for every product column: the grid only renders the columns in view.
  await page.setViewportSize({ width: 2400, height: 900 });
  await openProducts(page, 'siteadmin@demo.test');
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Code', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(header(page, 'Code')).toHaveCount(0);
  await expect(header(page, 'STCC')).toBeVisible();

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(header(page, 'Code')).toHaveCount(0);
  expect((await serverProfile(page)).ui_config.product.columns).not.toContain('code');

  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Toggle All' }).click(); // some shown -> all
  await page.keyboard.press('Escape');
  // Every column is chosen; the grid renders only those in view, and a product has more than 2,400 px of them.
  await expect.poll(async () => (await serverProfile(page)).ui_config.product.columns).toContain('created_at');
  await expect(header(page, 'Code')).toBeVisible();
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Toggle All' }).click(); // all shown -> none
  await page.keyboard.press('Escape');
  await expect(header(page, 'Name')).toHaveCount(0);
  expect((await serverProfile(page)).ui_config.product.columns).toEqual([]);
});

test('right-click: add to filter, move to exclude, include only', async ({ page }) => {
  await openProducts(page);
  await expect(rows(page)).toHaveCount(9);

  await cell(page, 'class', '3').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add this to filter' }).click();
  await expect(page.getByText('Class: 3')).toBeVisible();
  await expect(rows(page)).toHaveCount(3);

  await cell(page, 'class', '3').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Add this to filter' }).click();
  await expect(page.getByText('Class ≠ 3')).toBeVisible();
  await expect(rows(page)).toHaveCount(6);

  await cell(page, 'name', 'Propane').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Include ONLY this' }).click();
  await expect(page.getByText('Name: Propane')).toBeVisible();
  await expect(page.getByText('Class ≠ 3')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);

  // Removing the chip removes the filter.
  await page.locator('.MuiChip-root', { hasText: 'Name: Propane' }).locator('.MuiChip-deleteIcon').click();
  await expect(rows(page)).toHaveCount(9);
});

test('saved filters: N/A when none, save with Enter, overwrite warning, applied after a reload from the server profile', async ({ page }) => {
  // The partner company's administrator: its own three products, and no saved filters yet.
  await openProducts(page, 'partner@partner.test');
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Saved Filters' }).click();
  await expect(page.getByRole('menuitem', { name: 'N/A' })).toBeVisible();
  await page.keyboard.press('Escape');

  await cell(page, 'name', 'Propane').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Include ONLY this' }).click();
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Save Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter filter name:' });
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await dialog.getByLabel('Filter name').fill('Only propane');
  await dialog.getByLabel('Filter name').press('Enter');
  await expect(page.getByText('Filter saved')).toBeVisible();

  const saved = (await serverProfile(page)).ui_config.product.filters;
  expect(saved).toEqual([{ label: 'Only propane', filter: { name: { include: ['Propane'] } } }]);

  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Saved Filters' }).click();
  await page.getByRole('menuitem', { name: 'Only propane' }).click();
  await expect(rows(page)).toHaveCount(1);

  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Save Filter' }).click();
  await expect(dialog.getByLabel('Filter name')).toHaveValue('Only propane');
  await expect(dialog.getByText('This will overwrite the saved filter with the same name.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('filter import from the column menu: auto-picked separator, live count, only these values', async ({ page }) => {
  await openProducts(page);
  await headerOf(page, 'code').hover();
  await headerOf(page, 'code').getByRole('button', { name: /menu/i }).click();
  await page.getByRole('menuitem', { name: 'Import filter values…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter filter values:' });
  await dialog.getByLabel('Values').fill('CRUDE\nC3\nC4\n\nC3');
  await expect(dialog.getByLabel('New Line')).toBeChecked();
  await expect(dialog.getByText('3 to import')).toBeVisible();
  await dialog.getByRole('button', { name: 'Only these values' }).click();
  await expect(page.getByText('Code: CRUDE, C3, C4')).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
});

test('column value search suggests values from the server and toggles them', async ({ page }) => {
  await openProducts(page);
  await headerOf(page, 'packingGroup').hover();
  await headerOf(page, 'packingGroup').getByRole('button', { name: /menu/i }).click();
  await page.getByRole('menuitem', { name: 'Filter values…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Filter Packing Group/ });
  await expect(dialog.getByRole('button', { name: 'III' })).toBeVisible();
  await dialog.getByRole('button', { name: 'III' }).click();
  await expect(dialog.getByText('included')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rows(page)).toHaveCount(2);
});

test('rows per page: 500 is remembered in the profile, All is not', async ({ page }) => {
  await openProducts(page, 'siteadmin@demo.test');
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '500' }).click();
  await expect.poll(async () => (await serverProfile(page)).ui_config.product?.paginationSettings?.rowsPerPage).toBe(500);
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(rows(page)).toHaveCount(9);
  await page.waitForTimeout(500);
  expect((await serverProfile(page)).ui_config.product.paginationSettings.rowsPerPage).toBe(500);
});

test('export downloads products-<day>.csv with a byte-order mark and the visible columns, quoted, CRLF', async ({ page }) => {
  await openProducts(page);
  await cell(page, 'class', '8').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Include ONLY this' }).click();
  await expect(rows(page)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await new Promise<string>((resolve, reject) => {
    file.createReadStream().then((s) => {
      let out = '';
      s.on('data', (c) => { out += c; });
      s.on('end', () => resolve(out));
      s.on('error', reject);
    }, reject);
  });
  // A byte-order mark first, so spreadsheet programs read the file as UTF-8; booleans as Yes/No.
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe('"Name","Code","STCC","UN/NA","Class","Packing Group","Enabled"');
  expect(lines[1]).toBe('"Sulphuric Acid","H2SO4","4930040","UN1830","8","II","Yes"');
  expect(lines[2]).toBe('');
});

test('column order: move a column in the Columns menu; the order is saved in the profile and kept after a reload', async ({ page }) => {
  // Last in this file: the tests above read the operator's default column order.
  await openProducts(page);
  const fields = () => page.locator('.MuiDataGrid-columnHeader').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
  expect((await fields()).slice(0, 3)).toEqual(['name', 'code', 'stcc']);

  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Move Code up' }).click();
  // Keyboard too: Alt+ArrowDown moves the focused column down (Name goes below STCC).
  await page.getByRole('menuitem', { name: 'Name', exact: true }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await fields()).slice(0, 3)).toEqual(['code', 'stcc', 'name']);

  await expect.poll(async () => (await serverProfile(page)).ui_config.product?.order?.slice(0, 3)).toEqual(['code', 'stcc', 'name']);
  expect((await serverProfile(page)).ui_config.product.columns.slice(0, 3)).toEqual(['code', 'stcc', 'name']);

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  expect((await fields()).slice(0, 3)).toEqual(['code', 'stcc', 'name']);
  // Hiding and showing a column again keeps its place.
  await openSettings(page);
  await page.getByRole('menuitem', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'STCC', exact: true }).click();
  await page.getByRole('menuitem', { name: 'STCC', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await fields()).slice(0, 3)).toEqual(['code', 'stcc', 'name']);
});
