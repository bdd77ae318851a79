/**
 * The rail numbering pages (docs/rail.md §11.12): the site administrator sets the BOL numbering's
 * pattern with the next number previewed as it is typed and a placeholder inserted by a click, and
 * edits and adds code generators; the driver reaches none of it.
 */
import { expect, test } from '@playwright/test';
import { field, gridRow, signIn } from './helpers';

const yy = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Edmonton' }).slice(2, 4);
const yyyy = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Edmonton' }).slice(0, 4);

test('BOL numbers: the preview follows the pattern, a placeholder inserts itself, the save sticks', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/bol/');
  await expect(page.getByTestId('numbering-next')).toHaveText(new RegExp(`^PBT${yy()}\\d{6}$`));
  await field(page, 'pattern').fill('B{yy}{seq:5}');
  await expect(page.getByTestId('numbering-next')).toHaveText(new RegExp(`^B${yy()}\\d{5}$`));
  await page.getByTestId('numbering-placeholders').getByRole('button', { name: '{origin.code}' }).click();
  await expect(field(page, 'pattern')).toHaveValue('B{yy}{seq:5}{origin.code}');
  await expect(page.getByTestId('numbering-next')).toHaveText(new RegExp(`^B${yy()}\\d{5}FSK$`));
  // A dash is no character of a BOL number: the preview says why instead of a number.
  await field(page, 'pattern').fill('B-{yy}{seq:5}');
  await expect(page.getByTestId('numbering-preview')).toContainText('letters and digits only');
  await field(page, 'pattern').fill('B{yy}{seq:5}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('BOL numbering saved')).toBeVisible();
  await page.reload();
  await expect(field(page, 'pattern')).toHaveValue('B{yy}{seq:5}');
});

test('code generators: a generator\'s form in a dialog; Add offers the types without one', async ({ page }) => {
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/config/codeGenerators/');
  await gridRow(page, 'Sale contracts').click();
  await expect(page).toHaveURL(/\/config\/codeGenerators\/\d+\/$/);
  const dialog = page.getByRole('dialog');
  // The demo's contracts have used the first numbers of the year: the next one follows them.
  await expect(dialog.getByTestId('numbering-next')).toHaveText(new RegExp(`^S-${yyyy()}-\\d{4}$`));
  const seq = Number((await dialog.getByTestId('numbering-next').textContent())!.slice(-4));
  await dialog.locator('input[name="pattern"]').fill('SO-{party.code}-{yy}{seq:3}');
  await expect(dialog.getByTestId('numbering-next')).toHaveText(`SO-GCR-${yy()}${String(seq).padStart(3, '0')}`);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/codeGenerators\/$/);
  await expect(gridRow(page, 'Sale contracts')).toContainText('SO-{party.code}-{yy}{seq:3}');

  // With every type present there is nothing to add; once one is deleted, Add offers it.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Every type has its generator' })).toBeVisible();
  await page.keyboard.press('Escape');
  await gridRow(page, 'Rail shipments').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(gridRow(page, 'Rail shipments')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rail shipments' }).click();
  await expect(page.getByRole('dialog').getByTestId('numbering-next')).toHaveText(/^RS-\d{6}$/);
  await expect(page.getByRole('dialog').locator('input[name="pattern"]')).toHaveValue('RS-{seq:6}');
});

test('the driver reaches no numbering page and the menu shows none', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  await expect(page.getByTestId('menu-/config/bol/')).toHaveCount(0);
  await expect(page.getByTestId('menu-/config/codeGenerators/')).toHaveCount(0);
  for (const path of ['/config/bol/', '/config/codeGenerators/']) {
    await page.goto(path);
    await expect(page.getByTestId('no-access')).toBeVisible();
  }
});
