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
  await expect(page.getByRole('heading', { name: 'Car history' })).toBeVisible();
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
  await expect(page.getByRole('heading', { name: 'Fleet cars' })).toBeVisible();
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
