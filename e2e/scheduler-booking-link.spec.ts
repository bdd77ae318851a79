/**
 * The carrier's booking page (docs/scheduler.md, Carrier self-booking) as a carrier without an
 * account meets it: the terminal's site administrator makes a location, its slots and a link
 * through the API; the carrier opens the link at a desk, books a slot (a wrong email first, shown at
 * its field), finds it under Your bookings, moves it to another slot, sees it flagged when the
 * terminal blocks that slot, and cancels it with a reason; a slot filled meanwhile answers in the
 * form and the slots reload. On a phone the page fits the screen and the booking form fills it.
 * A revoked link says it does not work and shows no slot. The token never appears in a request's
 * address. Screenshots go to /tmp/booking-link-shots.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { localDateIn } from '../src/lib/time-zone';
import { addDays, dayShort } from '../src/custom/scheduler/booking-times';
import { apiAs } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/booking-link-shots';
// Regina keeps one offset all year: Chromium and Node disagree about Alberta after 2026-11-01
// (docs/architecture.md, Time zones), and this page has no session to load the server's rules.
const ZONE = 'America/Regina';

interface Slot { id: number; day: string; starts_at: string }

/** A location with one 07:00 slot of two loads a day from tomorrow on, and a link for Bison Haulers. */
async function makeLink(request: APIRequestContext) {
  const admin = await apiAs(request);
  const stamp = Date.now() % 1_000_000;
  const location = await admin.post('/api/schedule/location/', {
    name: `Rack ${stamp}`, timezone: ZONE, instructions: 'Check in at the gate house.', reply_email: 'rack@terminal.example',
  }) as { id: number; name: string };
  const today = localDateIn(new Date(), ZONE)!;
  await admin.post('/api/schedule/slot/create_slots/', { location: location.id, from: addDays(today, 1), to: addDays(today, 10), start: '07:00', minutes: 60, capacity: 2 });
  const slots = await admin.get(`/api/schedule/slot/?location=${location.id}&ordering=starts_at&page_size=0`) as Slot[];
  const link = await admin.post('/api/schedule/location/generate_token/', { location_id: location.id, carrier_name: 'Bison Haulers', days: 14 }) as { link: number; url: string };
  const url = new URL(link.url);
  return { admin, location, slots, linkId: link.link, path: `${url.pathname}${url.hash}`, token: url.hash.slice(1) };
}

/** Fails the test if the page ever puts the token in an address. */
function watchAddresses(page: Page, token: string) {
  const leaked: string[] = [];
  page.on('request', (r) => { if (r.url().includes(token)) leaked.push(r.url()); });
  return leaked;
}

const slotButton = (page: Page, s: Slot) => page.getByTestId(`slot-${s.id}`);
const bookings = (page: Page) => page.getByRole('region', { name: 'Your bookings' });

test('a carrier books a slot by its link, moves it, sees the slot blocked and cancels it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { admin, location, slots, path, token } = await makeLink(request);
  const [first, second, third] = slots;
  const leaked = watchAddresses(page, token);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Book a loading time at ${location.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByTestId('link-instructions')).toHaveText('Check in at the gate house.');
  await expect(page.getByText(`Times are ${ZONE}`)).toBeVisible();
  await expect(page.getByTestId('link-expiry')).toContainText('This link works until');
  await expect(page.getByRole('link', { name: 'rack@terminal.example' })).toBeVisible();
  await expect(page.getByTestId('no-bookings')).toBeVisible();
  await expect(slotButton(page, first)).toContainText('07:00–08:00');
  await expect(slotButton(page, first)).toContainText('2 loads free');
  await page.screenshot({ path: `${SHOTS}/page-1400.png`, fullPage: true });

  // Book: a wrong email is shown at its field, then the booking goes through.
  await slotButton(page, first).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Book ${dayShort(first.day)}, 07:00–08:00`);
  await expect(dialog.getByLabel('Carrier')).toHaveValue('Bison Haulers');
  await dialog.getByLabel('Truck plate').fill('abc 123');
  await dialog.getByLabel('Contact email').fill('dispatch@');
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dialog-1400.png` });
  await dialog.getByLabel('Contact email').fill('dispatch@bison.example');
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('link-done')).toContainText(`Booked for ${dayShort(first.day)}, 07:00: the confirmation goes to dispatch@bison.example.`);
  const card = bookings(page).locator('[data-testid^="link-booking-"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${dayShort(first.day)}, 07:00–08:00`);
  await expect(card).toContainText('Truck ABC 123');
  await expect(card.getByTestId('booking-status')).toHaveText('Booked');
  await expect(slotButton(page, first)).toContainText('1 load free');
  await page.getByTestId('link-done').getByRole('button', { name: 'Close' }).click();

  // Change: the same form, filled in, and a slot picker to move it.
  await card.getByRole('button', { name: 'Change' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Change your booking');
  await expect(dialog.getByLabel('Truck plate')).toHaveValue('ABC 123');
  await expect(dialog.getByLabel('Contact email')).toHaveValue('dispatch@bison.example');
  await dialog.getByRole('combobox', { name: 'Slot' }).click();
  await page.getByRole('option', { name: `${dayShort(second.day)}, 07:00–08:00, 2 loads free` }).click();
  await dialog.getByLabel('Your reference').fill('PO-4471');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('link-done')).toContainText(`Booking changed: now ${dayShort(second.day)}, 07:00.`);
  await expect(card).toContainText(`${dayShort(second.day)}, 07:00–08:00`);
  await expect(card).toContainText('Ref. PO-4471');
  await expect(slotButton(page, first)).toContainText('2 loads free');
  await expect(slotButton(page, second)).toContainText('1 load free');

  // The terminal blocks that slot: the booking says so, and the slot is no longer offered.
  await admin.post('/api/schedule/slot/set_status_block/', { ids: [second.id], reason: 'Rack under repair' });
  await page.reload();
  await expect(card.getByText('Slot blocked: move or cancel')).toBeVisible();
  await expect(slotButton(page, second)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/blocked-1400.png`, fullPage: true });

  // Cancel: the reason is required.
  await card.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByText('Say why, so the terminal knows.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Truck broke down');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('link-done')).toContainText(`Booking of ${dayShort(second.day)}, 07:00 cancelled.`);
  await expect(card.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(card).toContainText('Cancelled: Truck broke down');
  await expect(card.getByRole('button', { name: 'Change' })).toHaveCount(0);

  // A slot filled by others while the form is open: the form says so and the slots reload.
  await slotButton(page, third).click();
  await dialog.getByLabel('Truck plate').fill('XYZ 9');
  for (const plate of ['ONE 1', 'TWO 2']) {
    const res = await request.post('/api/schedule/book/', { headers: { 'X-Booking-Link': token }, data: { slot: third.id, truck_plate: plate } });
    expect(res.status()).toBe(201);
  }
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByTestId('booking-problem')).toContainText('is full');
  await expect(slotButton(page, third)).toContainText('Full');
  await expect(slotButton(page, third)).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();

  expect(leaked).toEqual([]);
});

test('on a phone the page fits the screen and the booking form fills it', async ({ browser, request }) => {
  const { slots, path } = await makeLink(request);
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(path);
  await expect(slotButton(phone, slots[0])).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/page-390.png`, fullPage: true });

  await slotButton(phone, slots[0]).click();
  const dialog = phone.getByRole('dialog');
  await expect(dialog.getByLabel('Truck plate')).toBeVisible();
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  // The dialog fades in: the picture waits for the end of it.
  await expect(phone.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await phone.screenshot({ path: `${SHOTS}/dialog-390.png` });
  await dialog.getByLabel('Truck plate').fill('PHN 390');
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(phone.getByTestId('link-done')).toContainText('Booked for');
  await expect(bookings(phone)).toContainText('Truck PHN 390');
  await expect(slotButton(phone, slots[0])).toContainText('1 load free');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/booked-390.png`, fullPage: true });
});

test('a revoked link says it does not work and shows no slot', async ({ page, request }) => {
  const { admin, linkId, path } = await makeLink(request);
  await admin.post(`/api/schedule/link/${linkId}/revoke/`, {});
  await page.goto(path);
  await expect(page.getByTestId('link-broken')).toHaveText('This booking link does not work: it was revoked or has expired. Ask the terminal for a new one.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a loading time');
  await expect(page.locator('[data-testid^="slot-"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your bookings' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/revoked-1400.png` });
});
