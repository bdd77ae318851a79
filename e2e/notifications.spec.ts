/**
 * Notifications on screen (docs/notifications.md, Screens): a carrier books through its link; the
 * dispatcher at a desk sees the bell's count, opens the bell, chooses the booking's notification
 * and lands on the location's schedule with it read; the notifications page lists it, filters
 * the unread and marks all read. On a phone the operator's bell and page fit the screen; the
 * driver, who holds no booking right, has an empty bell that says what would show there.
 * Screenshots at 1,400 and 390 px go to /tmp/notification-shots.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { localDateIn } from '../src/lib/time-zone';
import { addDays } from '../src/custom/scheduler/booking-times';
import { apiAs, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/notification-shots';
const ZONE = 'America/Regina';

/** A location with tomorrow's slot, booked by Bison Haulers through its link: the terminal hears of it. */
async function carrierBooks(request: APIRequestContext) {
  const admin = await apiAs(request);
  const stamp = Date.now() % 1_000_000;
  const location = await admin.post('/api/schedule/location/', { name: `Bell rack ${stamp}`, timezone: ZONE }) as { id: number };
  const tomorrow = addDays(localDateIn(new Date(), ZONE)!, 1);
  await admin.post('/api/schedule/slot/create_slots/', { location: location.id, from: tomorrow, to: tomorrow, start: '09:00', minutes: 60, capacity: 2 });
  const [slot] = await admin.get(`/api/schedule/slot/?location=${location.id}&page_size=0`) as { id: number }[];
  const link = await admin.post('/api/schedule/location/generate_token/', { location_id: location.id, carrier_name: 'Bison Haulers', days: 7 }) as { url: string };
  const res = await request.post('/api/schedule/book/', { headers: { 'x-booking-link': new URL(link.url).hash.slice(1) }, data: { slot: slot.id, truck_plate: 'BH 12' } });
  expect(res.status()).toBe(201);
  return { location, booking: (await res.json()) as { id: number } };
}

const bell = (page: Page) => page.getByTestId('notification-bell');
const unreadIn = async (page: Page) => Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);

test('the dispatcher hears of a carrier\'s booking under the bell, opens it, and marks the rest read', async ({ page, request }) => {
  const { location, booking } = await carrierBooks(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await expect(bell(page)).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
  const before = await unreadIn(page);
  await bell(page).click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const item = popover.getByTestId('notice').filter({ hasText: `Bison Haulers booked booking ${booking.id}` });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText('Truck: BH 12');
  await page.screenshot({ path: `${SHOTS}/bell-1400.png` });
  await item.click();
  await expect(popover).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/scheduler/location/${location.id}/schedule/$`));
  await expect(bell(page)).toHaveAttribute('aria-label', before > 1 ? `Notifications, ${before - 1} unread` : 'Notifications');

  await bell(page).click();
  await page.getByRole('button', { name: 'All notifications' }).click();
  await expect(popover).toBeHidden();
  await expect(page).toHaveURL(/\/user\/notifications\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  const list = page.getByTestId('notification-list');
  await expect(list.getByTestId('notice').filter({ hasText: `booking ${booking.id}` })).toHaveAttribute('data-unread', 'false');
  await page.screenshot({ path: `${SHOTS}/page-1400.png`, fullPage: true });
  await page.getByRole('button', { name: /^Unread/ }).click();
  await expect(list.getByTestId('notice').filter({ hasText: `booking ${booking.id}` })).toHaveCount(0);
  if (before > 1) {
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(page.getByText('Nothing unread.')).toBeVisible();
  }
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test('on a phone the operator\'s bell and page fit the screen; the driver\'s bell is empty and says what will show', async ({ browser, request }) => {
  const { booking } = await carrierBooks(request);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(phone, 'operator@demo.test');
  await bell(phone).click();
  const popover = phone.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByTestId('notice').filter({ hasText: `booking ${booking.id}` })).toBeVisible();
  const box = (await popover.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/bell-390.png` });
  await phone.getByRole('button', { name: 'All notifications' }).click();
  await expect(popover).toBeHidden();
  await expect(phone.getByTestId('notification-list').getByTestId('notice').first()).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/page-390.png`, fullPage: true });
  await phone.close();

  const driver = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(driver, 'driver@demo.test');
  await expect(bell(driver)).toHaveAttribute('aria-label', 'Notifications');
  await bell(driver).click();
  await expect(driver.getByRole('dialog', { name: 'Notifications' })).toContainText('Nothing yet.');
  await driver.close();
});
