/**
 * The demo's truck scheduler (docs/scheduler.md): Prairie Bulk Terminals' truck rack at Fort
 * Saskatchewan and its rail spot 4 at Hardisty, each with its week template and the slots it made
 * (by `create_slots/`'s own handler, so by the same rule) for eight weeks from this week's Monday
 * in Edmonton, and the week before it, so the past seven days have slots whatever today is. The
 * rack takes bookings from two carriers (Bison Haulers at six loads a day). The slots from last
 * week's Monday to fourteen days ahead are 40 to 70% full (the spot's less): loaded, with a few
 * no-shows and cancellations, behind; checked in, loading and loaded today as the clock stands;
 * booked ahead, a few cancelled. One rack slot is blocked for pump maintenance with its booking
 * flagged, and Bison Haulers has a booking link through which some of its bookings were made.
 * Each slot's `booked` counts its active bookings.
 *
 * Written as the other area seeds write (bookings in bulk, not through `create_booking/`, which
 * refuses slots that are over). Deterministic but for the day it runs: a fixed seed, and times
 * counted from now. Once: nothing is written when the company has a schedule location. The demo
 * groups get the scheduler's grants then.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { joinTableOf, tableOf } from '../db/tables';
import { bookingLinkToken } from '../db/schedule-tables';
import { hashKey } from '../auth/tokens';
import type { ActionArgs } from '../engine/action-handler';
import { contentType } from '../../src/resources/define';
import { MENU_CONTENT_TYPE } from '../../src/resources/access-codes';
import { user } from '../../src/resources/accounts/user';
import { facility } from '../../src/resources/logistics/facility';
import { party } from '../../src/resources/logistics/party';
import { product } from '../../src/resources/logistics/product';
import { scheduleResources } from '../../src/resources/schedule';
import { scheduleLocation } from '../../src/resources/schedule/location';
import { scheduleCompany } from '../../src/resources/schedule/company';
import { slotTemplate } from '../../src/resources/schedule/slot-template';
import { slot } from '../../src/resources/schedule/slot';
import { booking } from '../../src/resources/schedule/booking';
import { bookingLink } from '../../src/resources/schedule/link';
import { ACTIVE_BOOKING, type BookingStatus, NOTE_TYPES } from '../../src/resources/schedule/common';
import type { PatternSlot } from '../../src/lib/slot-times';
import { localDateIn, zonedParts } from '../../src/lib/time-zone';
import { createSlots } from '../actions/schedule/slot-plans';
import { grantDemoGroups } from './demo-grants';
import { SCHEDULE_CODES } from './demo-data';
import { type Row, type Rng, insertMany, pad, rng } from './seed-kit';

const ZONE = 'America/Edmonton';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Slots for eight weeks from this week's Monday, and the week before it, so the past seven days always have slots. */
const PLAN_WEEKS = 8;
const HISTORY_DAYS = 7;
/** Bookings on every slot behind (from last week's Monday), today's, and those of the coming fourteen days. */
const BOOKED_AHEAD = 14;

const hh = (h: number) => `${pad(h, 2)}:00`;
const week = (days: number[], hours: number[], minutes: number, capacity: (h: number) => number): PatternSlot[] =>
  days.flatMap((weekday) => hours.map((h) => ({ weekday, start: hh(h), minutes, capacity: capacity(h) })));
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const WEEKDAYS = [1, 2, 3, 4, 5];

const LOCATIONS = [
  {
    name: 'Fort Saskatchewan truck rack', code: 'FSK-RACK', facility: 'FSK', products: ['ULSD', 'C3', 'MEOH'],
    instructions: 'Check in at the gate house with your booking number. Hard hats and FR clothing on site.', reply_email: 'rack@prairiebulk.example',
    opening_hours: [...WEEKDAYS.map((weekday) => ({ weekday, open: '06:00', close: '20:00' })), { weekday: 6, open: '07:00', close: '15:00' }],
    template: {
      name: 'Rack weekdays',
      notes: 'Hourly loads; the crew takes its break at noon, so the 12:00 slot loads two trucks.',
      pattern: [...week(WEEKDAYS, range(6, 19), 60, (h) => (h === 12 ? 2 : 3)), ...week([6], range(7, 14), 60, () => 2)],
    },
  },
  {
    name: 'Hardisty rail spot 4', code: 'HRD-SPOT4', facility: 'HRD', products: [] as string[], instructions: null, reply_email: null,
    opening_hours: WEEKDAYS.map((weekday) => ({ weekday, open: '07:00', close: '17:00' })),
    template: { name: 'Spot 4 loading', notes: 'One truck every two hours at the spot.', pattern: week(WEEKDAYS, range(7, 15, 2), 120, () => 1) },
  },
] as const;

const CARRIERS = [
  {
    name: 'Bison Haulers Ltd.', code: 'BISON', city: 'Nisku', phone: '+1 780 555 0163', email: 'dispatch@bisonhaulers.example', dailyLimit: 6,
    trucks: [
      ['AB 4521', 'TR 2207', 'Garrett Yellowhorn'], ['AB 4588', 'TR 2215', 'Marie Lavoie'], ['AB 5102', 'TR 2231', 'Dale Kowalchuk'],
      ['AB 5117', 'TR 2240', 'Priya Sandhu'], ['AB 6630', 'TR 2252', 'Tom Okafor'], ['AB 6671', 'TR 2268', 'Shane McLeod'],
    ],
  },
  {
    name: 'Northern Tank Lines', code: 'NTL', city: 'Edmonton', phone: '+1 780 555 0188', email: 'bookings@northerntank.example', dailyLimit: null,
    trucks: [
      ['AB 7710', 'NT 3301', 'Kevin Lindqvist'], ['AB 7724', 'NT 3308', 'Jasmine Cardinal'], ['AB 7739', 'NT 3315', 'Ravi Gill'],
      ['AB 7745', 'NT 3322', 'Connor Petruk'], ['AB 7803', 'NT 3336', 'Ana Ribeiro'], ['AB 7816', 'NT 3341', 'Darcy Whitford'],
      ['AB 7852', 'NT 3357', 'Mei Chen'], ['AB 7890', 'NT 3364', 'Luc Gagnon'], ['AB 8012', 'NT 3372', 'Brent Halvorson'],
      ['AB 8047', 'NT 3389', 'Fatima Haddad'], ['AB 8093', 'NT 3395', 'Wade Nakamura'], ['AB 8135', 'NT 3402', 'Olena Kravets'],
    ],
  },
] as const;
type Carrier = (typeof CARRIERS)[number];

const CANCEL_REASONS = [
  'Truck broke down on Highway 15', 'Customer moved the order to next week', 'Driver out of hours', 'Product not released by the shipper',
  'Order cancelled by the customer', 'Weather: roads closed north of the plant',
];
const BLOCK_REASON = 'Pump maintenance';

/** The local day `n` days after `date` (`yyyy-MM-dd`). */
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const between = (r: Rng, from: number, to: number) => new Date(from + r.next() * Math.max(0, to - from));

interface SlotRow { id: number; location: number; starts_at: Date; ends_at: Date; day: string; capacity: number }

export async function seedSchedule(db: Db, companyId: number, now = new Date()): Promise<boolean> {
  const l = tableOf(scheduleLocation);
  const [has] = await db.select({ id: l.id }).from(l).where(eq(l.company, companyId)).limit(1);
  if (has) return false;
  await grantDemoGroups(db, scheduleResources.map(contentType));
  await grantDemoGroups(db, [MENU_CONTENT_TYPE], [...SCHEDULE_CODES, 'access_menu__truck_scheduler_templates']);

  const r = rng(20261127);
  const u = tableOf(user);
  const nameOf = async (email: string, fallback: string) => String((await db.select({ name: u.name }).from(u).where(eq(u.email, email)))[0]?.name || fallback);
  const dispatcher = await nameOf('dispatcher@demo.test', 'Dana Dispatcher');

  // The carriers: the company's parties of those codes, made when missing.
  const p = tableOf(party);
  const carrierIds = new Map<string, number>();
  for (const c of CARRIERS) {
    let [row] = await db.select({ id: p.id }).from(p).where(and(eq(p.company, companyId), eq(p.code, c.code)));
    if (!row) {
      [row] = await db.insert(p).values({
        company: companyId, name: c.name, code: c.code, party_type: 'carrier', city: c.city, province: 'AB', country: 'CA', phone: c.phone, email: c.email, enabled: true,
      } as never).returning({ id: p.id });
    }
    carrierIds.set(c.code, Number(row.id));
  }
  const f = tableOf(facility);
  const facilities = new Map((await db.select({ id: f.id, code: f.code }).from(f).where(eq(f.company, companyId))).map((x) => [String(x.code), Number(x.id)]));
  const pr = tableOf(product);
  const products = new Map((await db.select({ id: pr.id, code: pr.code }).from(pr).where(eq(pr.company, companyId))).map((x) => [String(x.code), Number(x.id)]));

  // The locations, their products, templates and slots.
  const today = localDateIn(now, ZONE)!;
  const monday = plusDays(today, 1 - isoWeekday(today));
  const locationIds: number[] = [];
  const takes = new Map<number, number[]>();
  for (const loc of LOCATIONS) {
    const [row] = await db.insert(l).values({
      company: companyId, name: loc.name, code: loc.code, facility: facilities.get(loc.facility) ?? null, timezone: ZONE, opening_hours: loc.opening_hours,
      booking_horizon_days: 28, lead_minutes: 60, notify: NOTE_TYPES.map(([v]) => v), reply_email: loc.reply_email, instructions: loc.instructions, enabled: true,
    } as never).returning({ id: l.id });
    const id = Number(row.id);
    locationIds.push(id);
    const own = loc.products.map((code) => products.get(code)).filter((x): x is number => x !== undefined);
    takes.set(id, own);
    if (own.length) await db.insert(joinTableOf(scheduleLocation, 'products')).values(own.map((target_id) => ({ owner_id: id, target_id })));
    const t = tableOf(slotTemplate);
    const [template] = await db.insert(t).values({ company: companyId, location: id, name: loc.template.name, pattern: loc.template.pattern, enabled: true, notes: loc.template.notes } as never)
      .returning({ id: t.id });
    await createSlots({ db, input: { location: id, template: template.id, from: plusDays(monday, -HISTORY_DAYS), to: plusDays(monday, PLAN_WEEKS * 7 - 1) } } as unknown as ActionArgs);
  }
  const [rackId] = locationIds;
  await db.insert(tableOf(scheduleCompany)).values([
    { company: companyId, location: rackId, party: carrierIds.get('BISON')!, daily_limit: 6, notes: 'Six loads a day under its current contract.' },
    { company: companyId, location: rackId, party: carrierIds.get('NTL')!, daily_limit: null },
  ] as never);

  // Bison Haulers' booking link, sent three days ago (made as generate_token/ makes one: only the token's hash is kept).
  const linkMade = new Date(now.getTime() - 3 * DAY - 2 * HOUR);
  const k = tableOf(bookingLink);
  const [link] = await db.insert(k).values({
    company: companyId, location: rackId, carrier: carrierIds.get('BISON')!, carrier_name: 'Bison Haulers Ltd.', email: 'dispatch@bisonhaulers.example',
    expires_at: new Date(linkMade.getTime() + 14 * DAY), made_by: dispatcher, uses: 0, created_at: linkMade, updated_at: linkMade,
  } as never).returning({ id: k.id });
  await db.insert(bookingLinkToken).values({ token_hash: hashKey(randomBytes(32).toString('base64url')), link_id: Number(link.id) });
  const linkBooker = `Bison Haulers Ltd. (booking link ${Number(link.id)})`;

  const s = tableOf(slot);
  const slots = (await db.select({ id: s.id, location: s.location, starts_at: s.starts_at, ends_at: s.ends_at, day: sql<string>`${s.day}::text`, capacity: s.capacity })
    .from(s).where(and(inArray(s.location, locationIds), sql`${s.day} between ${plusDays(monday, -HISTORY_DAYS)} and ${plusDays(today, BOOKED_AHEAD)}`))
    .orderBy(s.starts_at)) as SlotRow[];

  // The rack slot blocked for pump maintenance: 10:00 on the first weekday two days or more ahead.
  const blocked = slots.find((x) => x.location === rackId && x.day >= plusDays(today, 2) && isoWeekday(x.day) <= 5 && zonedParts(x.starts_at, ZONE)!.time === '10:00');

  const bookings: Row[] = [];
  const activeByCarrierDay = new Map<string, number>();
  let po = 45_012;
  let linkUses = 0;
  let linkLastUsed: Date | null = null;
  const dayFill = new Map<string, number>();
  for (const x of slots) {
    const rack = x.location === rackId;
    const start = x.starts_at.getTime();
    const end = x.ends_at.getTime();
    const ahead = Math.round((Date.parse(`${x.day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
    const fillKey = `${x.location} ${x.day}`;
    if (!dayFill.has(fillKey)) dayFill.set(fillKey, rack ? (ahead <= 7 ? r.real(0.48, 0.66) : r.real(0.4, 0.52)) : r.real(0.3, 0.55));
    const hour = Number(zonedParts(x.starts_at, ZONE)!.time.slice(0, 2));
    // Mornings are busiest at the rack; the first and last hours quietest.
    const fill = Math.min(0.95, dayFill.get(fillKey)! * (rack && hour >= 7 && hour <= 10 ? 1.15 : rack && (hour === 6 || hour >= 18) ? 0.75 : 1));
    let count = x === blocked ? 1 : range(1, x.capacity).filter(() => r.chance(fill)).length;
    const usedTrucks = new Set<string>();
    while (count-- > 0) {
      const status: BookingStatus = x === blocked ? 'booked' : statusAt(r, start, end, now.getTime());
      const active = (ACTIVE_BOOKING as readonly string[]).includes(status);
      let carrier: Carrier = r.chance(rack ? 0.35 : 0.5) ? CARRIERS[0] : CARRIERS[1];
      const key = (c: Carrier) => `${c.code} ${x.location} ${x.day}`;
      if (rack && active && carrier.dailyLimit !== null && (activeByCarrierDay.get(key(carrier)) ?? 0) >= carrier.dailyLimit) carrier = CARRIERS[1];
      if (x === blocked) carrier = CARRIERS[1];
      if (active) activeByCarrierDay.set(key(carrier), (activeByCarrierDay.get(key(carrier)) ?? 0) + 1);
      const free = carrier.trucks.filter(([plate]) => !usedTrucks.has(plate));
      const [truck, trailer, driver] = r.pick(free);
      usedTrucks.add(truck);
      const driverPhone = `+1 780 555 ${pad((carrier === CARRIERS[0] ? 120 : 140) + carrier.trucks.findIndex(([plate]) => plate === truck), 4)}`;
      const choices = takes.get(x.location)!;
      const productId = choices.length ? (r.chance(0.55) ? choices[0] : r.pick(choices)) : products.get('CRUDE') ?? null;

      // Made some days ahead; Bison's later rack bookings through its link.
      const viaLink = rack && carrier === CARRIERS[0] && start > linkMade.getTime() + 6 * HOUR && x !== blocked && r.chance(0.6);
      let created = new Date(start - r.real(0.5, 9) * DAY);
      if (viaLink) created = between(r, linkMade.getTime() + 5 * MINUTE, Math.min(now.getTime() - 5 * MINUTE, start - 2 * HOUR));
      else if (created.getTime() > now.getTime() - 10 * MINUTE) created = new Date(now.getTime() - r.real(10 * MINUTE, 5 * DAY));
      if (x === blocked) created = new Date(Math.min(created.getTime(), now.getTime() - 6 * HOUR));
      if (viaLink) {
        linkUses++;
        if (!linkLastUsed || created > linkLastUsed) linkLastUsed = created;
      }
      const stamps = timesOf(r, status, start, end, created.getTime(), now.getTime());
      bookings.push({
        company: companyId, slot: x.id, location: x.location, starts_at: x.starts_at, status,
        carrier: carrierIds.get(carrier.code)!, carrier_name: carrier.name, truck_plate: truck, trailer_plate: trailer, driver_name: driver, driver_phone: driverPhone,
        product: productId, quantity: (r.int(300, 380) / 10).toFixed(3), reference: `PO-${(po += r.int(1, 9))}`, contact_email: carrier.email,
        booked_by: viaLink ? linkBooker : dispatcher, link: viaLink ? Number(link.id) : null, slot_blocked: x === blocked,
        cancel_reason: status === 'cancelled' ? r.pick(CANCEL_REASONS) : null, ...stamps, created_at: created, updated_at: stamps.updated_at ?? created,
      });
    }
  }
  await insertMany(db, booking, bookings);

  // Each slot counts its active bookings (the CHECK holds booked <= capacity); then the block.
  const b = tableOf(booking);
  await db.update(s).set({
    booked: sql`(select count(*)::int from ${b} where ${b.slot} = ${s.id} and ${inArray(b.status, [...ACTIVE_BOOKING])})`,
    booked_volume: sql`(select coalesce(sum(${b.quantity}), 0) from ${b} where ${b.slot} = ${s.id} and ${inArray(b.status, [...ACTIVE_BOOKING])})`,
  })
    .where(inArray(s.location, locationIds));
  if (blocked) {
    await db.update(s).set({ status: 'blocked', block_reason: BLOCK_REASON, blocked_at: new Date(now.getTime() - 2 * HOUR), blocked_by: dispatcher, updated_at: new Date(now.getTime() - 2 * HOUR) })
      .where(eq(s.id, blocked.id));
  }
  await db.update(k).set({ uses: linkUses, last_used_at: linkLastUsed }).where(eq(k.id, link.id));
  return true;
}

/** A booking's state by its slot's time: behind, loaded (a few no-shows and cancellations); under way, in at the rack; ahead, booked (a few cancelled). */
function statusAt(r: Rng, start: number, end: number, now: number): BookingStatus {
  if (end <= now) {
    const x = r.next();
    return x < 0.05 ? 'no_show' : x < 0.11 ? 'cancelled' : 'loaded';
  }
  if (start <= now) {
    const elapsed = (now - start) / MINUTE;
    return r.pick(elapsed > 40 ? ['loaded', 'loading', 'checked_in'] : elapsed > 15 ? ['loading', 'checked_in'] : ['checked_in', 'checked_in', 'booked']);
  }
  if (start - now < HOUR && r.chance(0.4)) return 'checked_in';
  return r.chance(0.04) ? 'cancelled' : 'booked';
}

/** The times a booking's moves stamped, none later than now. */
function timesOf(r: Rng, status: BookingStatus, start: number, end: number, created: number, now: number): Row {
  const at = (t: number) => new Date(Math.min(t, now - MINUTE));
  if (status === 'cancelled') {
    const t = between(r, created + 10 * MINUTE, Math.min(now, start - 30 * MINUTE));
    return { cancelled_at: t, updated_at: t };
  }
  if (status === 'no_show') return { updated_at: at(end + r.int(5, 60) * MINUTE) };
  if (status === 'booked') return {};
  // In at the gate up to 25 minutes early (a truck waiting for a slot still ahead came in lately).
  const checkedIn = start > now ? between(r, Math.max(created, now - 40 * MINUTE), now - MINUTE) : at(start - r.int(-10, 25) * MINUTE);
  if (status === 'checked_in') return { checked_in_at: checkedIn, updated_at: checkedIn };
  const loading = at(checkedIn.getTime() + r.int(8, 25) * MINUTE);
  if (status === 'loading') return { checked_in_at: checkedIn, loading_at: loading, updated_at: loading };
  const loaded = at(Math.min(loading.getTime() + r.int(25, 45) * MINUTE, end + 20 * MINUTE));
  return { checked_in_at: checkedIn, loading_at: loading, loaded_at: loaded, updated_at: loaded };
}
