/**
 * Orders and nominations as the two companies meet them (docs/partners.md), in two browsers: the
 * partner (on a 390 px phone) orders cars on a contract the shipper shares with it and nominates
 * days; the shipper (at 1,400 px) rejects the nomination with a reason; the partner reads it,
 * revises and sends again; the shipper approves, and the contract's schedule has the approved days.
 * The shared contracts list shows the contract to both. Screenshots go to /tmp/partner-order-shots.
 */
import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/partner-order-shots';
const addDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);


const idOf = async (shipper: Awaited<ReturnType<typeof apiAs>>, path: string, code: string) =>
  ((await shipper.get(`/api/${path}/?code=${code}&page_size=0`)) as { id: number }[])[0].id;

test('the partner orders and nominates, the shipper rejects, the partner revises, the shipper approves into its schedule', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const shipper = await apiAs(request);
  // Starts in two days, so the order's first day is the contract's whatever the hour in either zone.
  const [start, end] = [addDays(2), addDays(32)];
  const contract = await shipper.post('/api/contract/', {
    contract_type: 'sale', status: 'active', party: await idOf(shipper, 'party', 'NRP'), product: await idOf(shipper, 'product', 'CRUDE'),
    facility: await idOf(shipper, 'facility', 'FSK'), carrier: await idOf(shipper, 'party', 'CN'), number_of_cars: 20, start_date: start, end_date: end,
  });
  const number = contract.contract_number as string;

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(phone, 'partner@partner.test');
  await phone.goto('/partner/orders/');
  await phone.getByRole('row', { name: new RegExp(number) }).first().click();
  await expect(phone.getByRole('heading', { level: 2, name: `Contract ${number}` })).toBeVisible();
  await expect(phone.getByTestId('orders-empty')).toBeVisible();
  await phone.getByRole('button', { name: 'Make order' }).click();
  const dialog = phone.getByRole('dialog');
  await dialog.getByLabel('Your order number').fill('PO-E2E-1');
  await dialog.getByLabel('Cars').fill('6');
  await expect(dialog.getByLabel('From')).toHaveValue(start);
  await dialog.getByLabel('To').fill(addDays(6));
  await dialog.getByRole('button', { name: 'Send order' }).click();
  const order = phone.getByTestId(/^order-\d+$/).first();
  await expect(order.getByTestId('order-status')).toHaveText('Sent');
  await order.getByRole('button', { name: 'Nominate days' }).click();
  await expect(order.getByTestId('nomination-days').getByRole('row')).toHaveCount(6);
  await order.getByLabel('Forecast cars').fill('6');
  await order.getByRole('button', { name: 'Auto-schedule' }).click();
  await expect(order.getByText('6 cars nominated of 6 ordered')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/partner-nomination-390.png`, fullPage: true });
  await order.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(order.getByTestId('nomination-status')).toHaveText('Sent');

  // The shipper reviews it against its plan and rejects it, saying why.
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'siteadmin@demo.test');
  const orderId = (await order.getAttribute('data-testid'))!.replace('order-', '');
  await page.goto(`/partner/orders/${String(contract.id)}/`);
  const seen = page.getByTestId(`order-${orderId}`);
  await expect(seen.getByTestId('nomination-status')).toHaveText('Sent');
  await expect(seen.getByRole('columnheader', { name: 'Planned' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shipper-review-1400.png`, fullPage: true });
  await seen.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('dialog').getByLabel(/Why/).fill('No crew on the first day: move those cars.');
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(seen.getByTestId('nomination-status')).toHaveText('Rejected');

  // The partner reads why, revises, moves the first day's cars and sends version 2.
  await phone.reload();
  await expect(order.getByTestId('reject-reason')).toContainText('No crew on the first day: move those cars.');
  await order.getByRole('button', { name: 'Revise' }).click();
  await expect(order.getByText('Nomination, version 2')).toBeVisible();
  const first = order.getByLabel(`Cars on ${start}`);
  const moved = Number(await first.inputValue());
  await first.fill('0');
  const last = order.getByLabel(`Cars on ${addDays(6)}`);
  await last.fill(String(Number(await last.inputValue()) + moved));
  await order.getByRole('button', { name: 'Save days' }).click();
  await expect(order.getByRole('button', { name: 'Save days' })).toBeDisabled();
  await order.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(order.getByTestId('nomination-status')).toHaveText('Sent');

  // The shipper approves: the contract's schedule has the nominated days as planned cars.
  await page.reload();
  await seen.getByRole('button', { name: 'Approve' }).click();
  await expect(seen.getByTestId('nomination-status')).toHaveText('Approved');
  await expect(seen.getByTestId('nomination-versions').getByRole('row')).toHaveCount(2);
  const [schedule] = (await shipper.get(`/api/rail_schedule/list/?contract_id=${String(contract.id)}`)) as { entries: { date: string; quantity: number }[] }[];
  const planned = schedule.entries.filter((d) => d.quantity > 0);
  expect(planned.reduce((n, d) => n + d.quantity, 0)).toBe(6);
  expect(planned.find((d) => d.date === start)).toBeUndefined();
  await page.goto(`/contract/${String(contract.id)}/?tab=schedule`);
  await expect(page.getByTestId('schedule-totals')).toContainText('20 cars · planned 6');
  const lastDay = planned[planned.length - 1];
  const cell = page.getByRole('gridcell', { name: `${lastDay.date}: planned ${lastDay.quantity}` });
  // The schedule opens on the month the period starts in; the order's last day may fall in the next.
  if (!(await cell.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(cell).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shipper-schedule-1400.png`, fullPage: true });

  await phone.reload();
  await expect(order.getByTestId('nomination-status')).toHaveText('Approved');
  await phone.screenshot({ path: `${SHOTS}/partner-approved-390.png`, fullPage: true });
});

test('the driver, who holds no partner codes, has no orders screen', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  await page.goto('/partner/orders/');
  await expect(page.getByText('You do not have access to view this page')).toBeVisible();
});

