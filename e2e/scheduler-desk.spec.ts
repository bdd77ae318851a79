/**
 * The terminal's scheduler desk (docs/scheduler.md, Pages) as its users meet it: the site
 * administrator adds a slot to a template on its week grid and makes a month of slots from it; a
 * dispatcher books a truck from the location's calendar; a carrier books through its link; the
 * dispatcher blocks the carrier's slot, which flags the booking and mails the carrier, and drags
 * the booking to another slot. An operator moves a booking and checks its truck in on a phone. Screenshots go to
 * /tmp/scheduler-shots.
 */
import { type Page, expect, test } from '@playwright/test';
import { localDateIn } from '../src/lib/time-zone';
import { addDays } from '../src/custom/scheduler/booking-times';
import { apiAs, signIn } from './helpers';
import { goInApp } from './support/navigate';
import { mailsTo } from './support/mail-sink';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/scheduler-shots';
// Regina keeps one offset all year, so the times read the same by every zone data.
const ZONE = 'America/Regina';

interface Slot { id: number; day: string; starts_at: string; booked: number }

/** The Monday after today at the zone. */
function nextMonday(): string {
  const today = localDateIn(new Date(), ZONE)!;
  const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  return addDays(today, 8 - weekday);
}

/** A press and release where the element is, as a person clicks the calendar's grid (its event layer lies over the time cells). */
async function pressAt(page: Page, target: ReturnType<Page['locator']>) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The calendar's background slot of a local start on a shown day column. */
const slotCell = (page: Page, title: string) => page.locator('.rbc-background-event', { hasText: title });

test('a template drawn on its week makes a month of slots; a dispatcher and a carrier book; a block flags and mails the carrier; the booking is dragged to another slot', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const admin = await apiAs(request);
  const stamp = Date.now() % 1_000_000;
  const location = await admin.post('/api/schedule/location/', { name: `Desk rack ${stamp}`, timezone: ZONE }) as { id: number; name: string };
  const pattern = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '07:00', minutes: 60, capacity: 2 }));
  const template = await admin.post('/api/schedule/slottemplate/', { name: `Weekdays ${stamp}`, location: location.id, pattern }) as { id: number };

  // The site administrator adds a Tuesday 10:00 slot on the week grid and saves it.
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'siteadmin@demo.test');
  await goInApp(page, `/scheduler/template/${template.id}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Template Weekdays ${stamp}`);
  const grid = page.getByTestId('template-week');
  await expect(grid.locator('.rbc-event')).toHaveCount(5);
  await pressAt(page, grid.locator('.rbc-day-slot').nth(1).locator('.rbc-time-slot').nth(20));
  await expect(grid.locator('.rbc-event')).toHaveCount(6);
  await page.screenshot({ path: `${SHOTS}/template-1400.png` });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  const saved = await admin.get(`/api/schedule/slottemplate/${template.id}/`) as { pattern: { weekday: number; start: string }[] };
  expect(saved.pattern).toContainEqual(expect.objectContaining({ weekday: 2, start: '10:00' }));

  // A month of slots from it: four weeks of six slots.
  const monday = nextMonday();
  await page.getByRole('button', { name: 'Make slots…' }).click();
  const make = page.getByRole('dialog');
  await make.locator('input[name="from"]').fill(monday);
  await make.locator('input[name="to"]').fill(addDays(monday, 27));
  await make.getByRole('button', { name: 'Make slots' }).click();
  await expect(page.getByText('24 slot(s) made')).toBeVisible();
  const slots = await admin.get(`/api/schedule/slot/?location=${location.id}&ordering=starts_at&page_size=0`) as Slot[];
  expect(slots).toHaveLength(24);
  const tue7 = slots[1];

  // A dispatcher books Monday 07:00 from the calendar.
  const desk = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await signIn(desk, 'dispatcher@demo.test');
  await goInApp(desk, `/scheduler/location/${location.id}/schedule/`);
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(location.name);
  await desk.getByRole('button', { name: 'Next' }).click();
  await pressAt(desk, slotCell(desk, '0 of 2').first());
  const menu = desk.getByRole('dialog');
  await expect(menu).toContainText('0 of 2 loads booked, 2 free.');
  await menu.getByRole('button', { name: 'Book…' }).click();
  const form = desk.getByRole('dialog');
  await form.locator('input[name="carrier_name"]').fill('Acme Trucking');
  await form.locator('input[name="truck_plate"]').fill('ab 1001');
  await form.getByRole('button', { name: 'Book' }).click();
  await expect(desk.locator('.rbc-event', { hasText: 'AB 1001 · Acme Trucking' })).toBeVisible();

  // A carrier books Tuesday 07:00 by its link, with its email.
  const link = await admin.post('/api/schedule/location/generate_token/', { location_id: location.id, carrier_name: 'Bison Haulers', days: 14 }) as { url: string };
  const carrier = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const url = new URL(link.url);
  await carrier.goto(`${url.pathname}${url.hash}`);
  // The page opens on the seven days from today: on a Monday, next week's slots are a page further.
  await carrier.locator('[data-testid^="slot-"], [data-testid="no-free-slots"]').first().waitFor();
  if (!(await carrier.getByTestId(`slot-${tue7.id}`).isVisible())) await carrier.getByRole('button', { name: 'Next week', exact: true }).click();
  await carrier.getByTestId(`slot-${tue7.id}`).click();
  const own = carrier.getByRole('dialog');
  await own.getByLabel('Truck plate').fill('BH 77');
  const email = `dispatch${stamp}@bison.example`;
  await own.getByLabel('Contact email').fill(email);
  await own.getByRole('button', { name: 'Book' }).click();
  await expect(own).toBeHidden();

  // The dispatcher blocks Tuesday 07:00: the carrier's booking is flagged and mailed.
  await desk.reload();
  await desk.getByRole('button', { name: 'Next' }).click();
  await desk.locator('.rbc-event', { hasText: 'BH 77' }).waitFor();
  // The booking covers its slot: the slot opens from it.
  await desk.locator('.rbc-event', { hasText: 'BH 77' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Slot…' }).click();
  await expect(desk.getByRole('dialog')).toContainText('1 of 2 loads booked, 1 free.');
  await desk.getByRole('dialog').getByRole('button', { name: 'Block…' }).click();
  await desk.getByRole('dialog').getByRole('textbox').fill('Pump maintenance');
  await desk.getByRole('dialog').getByRole('button', { name: 'Block slot' }).click();
  await expect(desk.getByText('Blocked: 1 booking(s) flagged, 1 carrier(s) mailed')).toBeVisible();
  await expect.poll(() => mailsTo(email).filter((m) => m.includes('Action needed: your slot was blocked')).length).toBe(1);
  await carrier.reload();
  await expect(carrier.getByText('Slot blocked: move or cancel')).toBeVisible();
  await desk.screenshot({ path: `${SHOTS}/schedule-1400.png` });

  // The dispatcher drags it to Wednesday 07:00.
  const event = desk.locator('.rbc-event', { hasText: 'BH 77' });
  const target = desk.locator('.rbc-day-slot').nth(2).locator('.rbc-time-slot').nth(14);
  const from = (await event.boundingBox())!;
  const to = (await target.boundingBox())!;
  await desk.mouse.move(from.x + from.width / 2, from.y + 5);
  await desk.mouse.down();
  await desk.mouse.move(from.x + from.width / 2 + 20, from.y + 20, { steps: 5 });
  await desk.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 10 });
  await desk.mouse.up();
  await expect(desk.getByText(/Booking moved to Wed/)).toBeVisible();
  const moved = await admin.get(`/api/schedule/booking/?location=${location.id}&truck_plate=BH%2077`) as { results: { slot: number; slot_blocked: boolean }[] };
  const wednesday = slots.find((x) => x.day === addDays(monday, 2))!;
  expect(moved.results[0]).toMatchObject({ slot: wednesday.id, slot_blocked: false });
});

test('an operator moves a booking and checks the truck in from the calendar on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request);
  const stamp = Date.now() % 1_000_000;
  const location = await admin.post('/api/schedule/location/', { name: `Phone rack ${stamp}`, timezone: ZONE }) as { id: number; name: string };
  const today = localDateIn(new Date(), ZONE)!;
  // A slot ahead today (or tomorrow early, late in the day), so the calendar's day view shows it.
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const day = hour < 21 ? today : addDays(today, 1);
  const first = hour < 21 ? hour + 1 : 6;
  for (const h of [first, first + 1]) {
    await admin.post('/api/schedule/slot/create_slots/', { location: location.id, from: day, to: day, start: `${String(h).padStart(2, '0')}:00`, minutes: 60, capacity: 2 });
  }
  const [s, later] = await admin.get(`/api/schedule/slot/?location=${location.id}&ordering=starts_at&page_size=0`) as Slot[];
  await admin.post('/api/schedule/booking/create_booking/', { slot: s.id, carrier_name: 'Northern Tank Lines', truck_plate: 'NT 42' });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'operator@demo.test');
  await goInApp(page, `/scheduler/location/${location.id}/schedule/`);
  if (day !== today) await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('.rbc-event', { hasText: 'NT 42' }).click();
  const card = page.getByRole('dialog');
  await expect(card).toContainText('Northern Tank Lines');
  await page.screenshot({ path: `${SHOTS}/booking-390.png` });
  // No dragging on a phone: the booking moves to the later slot by Move….
  await card.getByRole('button', { name: 'Move…' }).click();
  await page.getByRole('dialog').getByLabel('To slot').click();
  await page.getByRole('option').first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Booking moved')).toBeVisible();
  expect(((await admin.get(`/api/schedule/booking/?location=${location.id}`)) as { results: { slot: number }[] }).results[0].slot).toBe(later.id);
  await page.locator('.rbc-event', { hasText: 'NT 42' }).click();
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText('Check in: done')).toBeVisible();
  const [b] = (await admin.get(`/api/schedule/booking/?location=${location.id}`) as { results: { status: string }[] }).results;
  expect(b.status).toBe('checked_in');
  // No horizontal scrolling on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
});
