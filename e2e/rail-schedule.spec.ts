/**
 * The contract page's Schedule tab (docs/rail.md §11.3): the site administrator plans a contract's
 * weekdays with "Plan days" (previewed with the shared rule), records a day's actual cars in the
 * day's dialog, and Auto-schedule spreads the remaining cars over the other days; on a phone the
 * month is a list of its days. The dispatcher plans too; the driver reaches none of it.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './helpers';

/** A March 2027 sale of 10 cars of the demo company, active, through the API as `email`. */
async function makeContract(request: APIRequestContext, email = 'siteadmin@demo.test'): Promise<{ id: number; number: string }> {
  const login = await request.post('/api/auth/login/', { data: { email, password: PASSWORD } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()).results[0] as { id: number }).id;
  const made = await request.post('/api/contract/', {
    headers,
    data: {
      contract_type: 'sale', status: 'active', number_of_cars: 10, start_date: '2027-03-01', end_date: '2027-03-31',
      party: await first('/api/party/?code=GCR'), product: await first('/api/product/?code=CRUDE'), facility: await first('/api/facility/?code=FSK'),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const body = await made.json();
  return { id: body.id, number: body.contract_number };
}

const day = (page: Page, date: string) => page.getByRole('gridcell', { name: new RegExp(`^${date}`) });
const totals = (page: Page) => page.getByTestId('schedule-totals');

test('plan a contract\'s days, record an actual, auto-schedule the rest', async ({ page, request }) => {
  const { id } = await makeContract(request);
  await signIn(page, 'siteadmin@demo.test');
  await page.goto(`/contract/${id}/?tab=schedule`);
  await expect(totals(page)).toHaveText('10 cars · planned 0 · actual 0 · remaining 10');
  await expect(page.getByText('No day is planned yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'March 2027' })).toBeVisible();

  await page.getByRole('button', { name: 'Plan days' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan days' });
  await dialog.getByLabel('To').fill('2027-03-05');
  await expect(dialog.getByRole('alert')).toContainText('10 cars over 5 days: 2 a day.');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(totals(page)).toHaveText('10 cars · planned 10 · actual 0 · remaining 10');
  await expect(day(page, '2027-03-03')).toContainText('planned 2');
  // A weekend day is not planned.
  await expect(day(page, '2027-03-06')).not.toContainText('planned');

  await day(page, '2027-03-01').click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Actual cars').fill('3');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(totals(page)).toHaveText('10 cars · planned 10 · actual 3 · remaining 7');
  await expect(day(page, '2027-03-01')).toContainText('actual 3');

  await page.getByRole('button', { name: 'Auto-schedule' }).click();
  await expect(totals(page)).toHaveText('10 cars · planned 10 · actual 3 · remaining 7');
  // 7 cars over the 4 days left: the remainder carried forward gives 1, 2, 2, 2.
  await expect(day(page, '2027-03-02')).toContainText('planned 1');
  await expect(day(page, '2027-03-05')).toContainText('planned 2');
  await expect(day(page, '2027-03-01')).toContainText('actual 3');
});

test('on a phone the month is a list of its planned days', async ({ page, request }) => {
  const { id } = await makeContract(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/contract/${id}/?tab=schedule`);
  await page.getByRole('button', { name: 'Plan days' }).click();
  await page.getByRole('dialog', { name: 'Plan days' }).getByLabel('To').fill('2027-03-03');
  await page.getByRole('dialog', { name: 'Plan days' }).getByRole('button', { name: 'Apply' }).click();
  const days = page.getByRole('list', { name: 'Days of March 2027' });
  await expect(days.getByRole('button')).toHaveCount(3);
  await expect(days.getByRole('button').first()).toContainText('Mon 1 Mar');
  await expect(days.getByRole('button').last()).toContainText('planned 4');
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the driver reaches no contract', async ({ page, request }) => {
  const { id } = await makeContract(request);
  await signIn(page, 'driver@demo.test');
  await page.goto(`/contract/${id}/?tab=schedule`);
  await expect(page.getByText('You do not have access to view this page.')).toBeVisible();
  await expect(page.getByTestId('schedule-totals')).toHaveCount(0);
});
