/**
 * The ticket list, a ticket and a form with the keyboard only (docs/shell.md, Accessibility): the
 * first Tab offers to skip the menu; from there every control of the page is reached in reading
 * order, each showing where the focus is; the grid is entered, moved through with the arrows and a
 * row opened with Enter; the ticket's tabs move with the arrows; the form's fields come in the
 * order its declaration gives them, and Save is reached once there is something to save.
 */
import { type Page, expect, test } from '@playwright/test';
import { fieldLabel } from '../src/resources/define';
import { location } from '../src/resources/terminal/location';
import { formSections } from '../src/generic/field-rules';
import { recordExtras } from '../src/custom/terminal/record-extras';
import { signIn } from './helpers';
import { type Stop, focused, noteFocus, outOfReadingOrder, tabThrough, unreached } from './support/keyboard';

const TICKETS = '/company/terminalboss/v3/ticket/';

test.use({ viewport: { width: 1400, height: 900 } });

/** The first Tab: "Skip to content", which passes the app bar and the side menu. */
async function skipToContent(page: Page) {
  await noteFocus(page);
  await page.keyboard.press('Tab');
  expect((await focused(page)).name).toBe('Skip to content');
  await page.keyboard.press('Enter');
}

const names = (stops: Stop[]) => stops.map((s) => s.name);

test('the ticket list: past the menu, through the toolbar and the filters, into the grid, and a ticket opened with Enter', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto(TICKETS);
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await skipToContent(page);
  const stops = await tabThrough(page, { until: (s) => s.inGrid, checkFocus: true, count: 40 });
  expect(stops.every((s) => s.inContent), names(stops).join(' | ')).toBe(true);
  // The toolbar, then the filters, then the grid.
  const order = ['Search', 'Create', 'Export', 'Table settings', 'Ticket date from', 'Status', 'Site', 'Product'].map((n) => names(stops).indexOf(n));
  expect(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1])), names(stops).join(' | ')).toBe(true);
  // Past the grid, its footer: the rows per page and the pages.
  const footer = await tabThrough(page, { until: (s) => !s.inContent, checkFocus: true, count: 10 });
  expect(names(footer.slice(0, -1))).toEqual(expect.arrayContaining(['Go to next page']));
  expect(outOfReadingOrder([...stops, ...footer.slice(0, -1)])).toEqual([]);
  expect(await unreached(page)).toEqual([]);

  // Back into the grid.
  for (let i = 0; i < 10 && !(await focused(page)).inGrid; i++) await page.keyboard.press('Shift+Tab');
  // In the grid the arrows move (down from the header into the first row, right to its code);
  // Enter opens the row the focus is on.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const first = page.locator('.MuiDataGrid-row').first();
  await expect(first.locator('[data-field="code"]')).toBeFocused();
  const code = (await first.locator('[data-field="code"]').textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ticket\/[0-9a-f-]{36}\/$/);
  await expect(page.getByTestId('ticket-code')).toHaveText(`Ticket ${code}`);
});

test('a ticket: its actions in order, then its tabs, moved through with the arrow keys', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto(TICKETS);
  await page.locator('.MuiDataGrid-row').first().locator('[data-field="code"]').click();
  await expect(page.getByTestId('ticket-code')).toBeVisible();
  // Loaded afresh: the walk starts at the top of the page, not where the click was.
  await page.goto(page.url());
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  await skipToContent(page);
  const stops = await tabThrough(page, { until: (s) => s.tag === 'button' && s.name === 'Measurement', checkFocus: true, count: 40 });
  expect(stops.every((s) => s.inContent), names(stops).join(' | ')).toBe(true);
  expect(outOfReadingOrder(stops)).toEqual([]);
  expect(await unreached(page)).toEqual([]);
  // The header's actions come before the tabs; of the tabs only the chosen one is a stop.
  expect(names(stops).at(-1)).toBe('Measurement');
  expect(names(stops)).toContain('Edit');
  expect(names(stops).filter((n) => ['Entries', 'Properties', 'Attachments', 'History'].includes(n))).toEqual([]);
  await page.keyboard.press('ArrowRight');
  expect((await focused(page)).name).toBe('Entries');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
});

test("a form: its fields in the declaration's order, then Save once there is something to save", async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/terminalboss/v3/location-form/');
  await expect(page.getByLabel(/^UWI/)).toBeVisible();
  await skipToContent(page);
  const stops = await tabThrough(page, { until: (s) => !s.inContent, checkFocus: true, count: 60 });
  const inForm = stops.slice(0, -1).filter((s) => s.tag !== 'a');
  // The lead section first, as the page shows it, then the others as declared.
  const lead = recordExtras(location.name).leadSection;
  const sections = formSections(location);
  const declared = [...sections.filter((s) => s.label === lead), ...sections.filter((s) => s.label !== lead)].flatMap((s) => s.fields.map((f) => fieldLabel(location, f)));
  expect(inForm.map((s) => s.name)).toEqual(declared);
  expect(outOfReadingOrder(inForm)).toEqual([]);
  expect(await unreached(page)).toEqual([]);

  // Save is not a stop while nothing has changed; it is once a field has.
  await page.getByLabel(/^Name/).fill('Keyboard bay');
  await page.getByLabel(/^Name/).focus();
  const rest = await tabThrough(page, { until: (s) => s.name === 'Save' || !s.inContent, count: 40 });
  expect(rest.at(-1)?.name).toBe('Save');
});
