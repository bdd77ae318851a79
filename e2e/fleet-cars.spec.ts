/** The fleet's cars and the car history: "View in fleet" end to end (docs/fleet.md). */
import { type Page, expect, test } from '@playwright/test';
import { signIn } from './helpers';

const MARK_NUMBER = /^[A-Z]{2,4} \d{1,6}$/;
const rows = (page: Page) => page.locator('.MuiDataGrid-row');
const cells = (page: Page, field: string) => page.locator(`.MuiDataGrid-row .MuiDataGrid-cell[data-field="${field}"]`);
const chip = (page: Page, text: string) => page.locator('.MuiChip-root', { hasText: text });

/** A GET of the API as the signed-in user (a string to evaluate: a function would carry esbuild's `__name` helper, which the page lacks). */
const api = (page: Page, path: string) =>
  page.evaluate(`fetch('/api/${path}', { headers: { Authorization: 'Token ' + localStorage.getItem('token') } }).then((r) => r.json())`) as Promise<any>;

/** How many cars the operator's fleet has, as the API counts them. */
const fleetSize = async (page: Page) => (await api(page, 'car/count/')).count as number;

test('car history: check two rows, View in fleet shows exactly those cars; removing the chip shows the whole fleet', async ({ page }) => {
  await signIn(page, 'operator@demo.test');
  await page.goto('/company/trace/history/cars/');
  await expect(page.getByRole('heading', { level: 1, name: 'Car history' })).toBeVisible();
  // The car column shows MARK NUMBER once the cars' labels are in (the bare id before).
  await expect(cells(page, 'car').first()).toHaveText(MARK_NUMBER);

  // Two rows of two different cars.
  const texts = await cells(page, 'car').allInnerTexts();
  const first = texts[0];
  const secondIndex = texts.findIndex((t) => t !== first && MARK_NUMBER.test(t));
  expect(secondIndex).toBeGreaterThan(0);
  const second = texts[secondIndex];
  await rows(page).nth(0).getByRole('checkbox').check();
  await rows(page).nth(secondIndex).getByRole('checkbox').check();

  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByRole('menuitem', { name: 'View in fleet' }).click();

  await expect(page).toHaveURL(/\/company\/fleet\/cars\/table\/\?car=/);
  expect(new URL(page.url()).searchParams.get('car')).toBe(`${first},${second}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet cars' })).toBeVisible();
  await expect(chip(page, `Car: ${first}, ${second}`)).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  expect((await cells(page, 'mark_number').allInnerTexts()).sort()).toEqual([first, second].sort());

  await chip(page, 'Car:').locator('.MuiChip-deleteIcon').click();
  await expect(chip(page, 'Car:')).toHaveCount(0);
  const total = await fleetSize(page);
  expect(total).toBeGreaterThan(2);
  await expect(page.getByText(`of ${total}`)).toBeVisible();
  // The grid renders only the rows in view: more than the two cars is what counts.
  await expect(rows(page).nth(2)).toBeVisible();
  // The address followed the chip: a reload shows the whole fleet, not the two cars again.
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(page.getByText(`of ${total}`)).toBeVisible();
  await expect(chip(page, 'Car:')).toHaveCount(0);
});

test('the fleet table opened with ?car=MARK NUMBER shows that one car, however the number is written', async ({ page }) => {
  await signIn(page, 'operator@demo.test');
  await page.goto('/company/fleet/cars/table/');
  await expect(cells(page, 'mark_number').first()).toHaveText(MARK_NUMBER);
  const car = await cells(page, 'mark_number').nth(3).innerText();
  const [mark, number] = car.split(' ');

  // Lower case and padded with zeros, as people and EDI write it: still the same car.
  await page.goto(`/company/fleet/cars/table/?car=${encodeURIComponent(`${mark.toLowerCase()} ${number.padStart(6, '0')}`)}`);
  await expect(chip(page, `Car: ${car}`)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(cells(page, 'mark_number')).toHaveText([car]);

  // By id (what View in fleet sends for a car whose mark and number the table did not show): the same chip.
  const [{ id }] = await api(page, `car/?mark_number=${encodeURIComponent(car)}&page_size=0`);
  await page.goto(`/company/fleet/cars/table/?car_id=${id}`);
  await expect(chip(page, `Car: ${car}`)).toBeVisible();
  await expect(cells(page, 'mark_number')).toHaveText([car]);

  // An id that is no car of this fleet is named in a notice; the table keeps its footer in view.
  await page.goto(`/company/fleet/cars/table/?car_id=${id},99999`);
  await expect(page.getByText('Not in your fleet: car id 99999.')).toBeVisible();
  await expect(cells(page, 'mark_number')).toHaveText([car]);
  await expect(page.locator('.MuiTablePagination-displayedRows')).toBeInViewport();
});

test('the driver does not see the fleet or the car history', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  await expect(page.getByRole('link', { name: /Fleet cars/ })).toHaveCount(0);
  await page.goto('/company/fleet/cars/table/');
  await expect(page).toHaveURL(/\/unauthorized\/$/);
  await page.goto('/company/trace/history/cars/');
  await expect(page).toHaveURL(/\/unauthorized\/$/);
});

test('a site administrator adds cars by pasting them, corrects a refused list, and retires two at once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  await page.goto('/company/fleet/cars/table/');
  const mark = `BK${String.fromCharCode(65 + Math.floor(Math.random() * 26))}X`;
  await page.getByRole('button', { name: 'Add cars' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Cars').fill(`${mark} 1\nnot a car\n${mark} 000002`);
  await dialog.getByRole('button', { name: 'Add 3 cars' }).click();
  // Refused whole: the fault named by what was typed, nothing added, the text kept.
  await expect(dialog.getByRole('alert')).toContainText('Nothing was changed. One fault');
  await expect(dialog.getByRole('alert')).toContainText('not a car: "not a car" is not a car');
  expect((await api(page, `car/?mark=${mark}&page_size=0`)).length).toBe(0);
  await dialog.getByLabel('Cars').fill(`${mark} 1\n${mark} 000002`);
  await dialog.getByRole('combobox', { name: 'Fleet status' }).click();
  await page.getByRole('option', { name: 'Temporary' }).click();
  await dialog.getByRole('button', { name: 'Add 2 cars' }).click();
  await expect(page.getByText('Added 2 cars')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search').fill(mark);
  await expect(cells(page, 'mark_number')).toHaveText([`${mark} 1`, `${mark} 2`]);
  await expect(cells(page, 'fleet_status')).toHaveText(['Temporary', 'Temporary']);
  await rows(page).nth(0).getByRole('checkbox').check();
  await rows(page).nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Fleet status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change' }).click();
  await expect(page.getByText('Changed 2 cars')).toBeVisible();
  await expect(cells(page, 'fleet_status')).toHaveText(['Inactive', 'Inactive']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);

  // The operator reads the fleet but adds and changes nothing.
  await signIn(page, 'operator@demo.test');
  await page.goto('/company/fleet/cars/table/');
  await expect(cells(page, 'mark_number').first()).toHaveText(MARK_NUMBER);
  await expect(page.getByRole('button', { name: 'Add cars' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change status' })).toHaveCount(0);
});
