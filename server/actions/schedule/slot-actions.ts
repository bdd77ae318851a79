/**
 * The slots' calls (docs/scheduler.md): block and unblock (a block flags the bookings on the slot
 * and mails their contacts), delete (refused for a slot bookings hold), the slots of a range with
 * their bookings (the calendar), and a month's loads per local day (`statics/`).
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { booking } from '../../../src/resources/schedule/booking';
import { slot } from '../../../src/resources/schedule/slot';
import { ACTIVE_BOOKING } from '../../../src/resources/schedule/common';
import { hoursInLocalDay } from '../../../src/lib/slot-times';
import { addDays } from '../../../src/lib/contract-periods';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import type { Ctx } from '../../engine/context';
import { conflict, fieldError } from '../../engine/errors';
import { find, remove, scopeOf } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { mailBooking } from './booking-mail';
import { locationOf } from './slot-plans';

const ids = (input: Record<string, unknown>) => (input.ids as unknown[]).map(Number);

export const blockSlots: ActionHandler = async ({ services, db, ctx, input }) => db.transaction(async (tx) => {
  const s = tableOf(slot);
  const blocked = await tx.update(s).set({
    status: 'blocked', block_reason: String(input.reason), blocked_at: new Date(), blocked_by: ctx.user.name || ctx.user.email,
    version: sql`${s.version} + 1`, updated_at: new Date(),
  }).where(and(inArray(s.id, ids(input)), eq(s.status, 'open'), scopeOf(ctx, slot))).returning({ id: s.id });
  if (!blocked.length) return { blocked: 0, flagged: 0, mailed: 0 };
  const b = tableOf(booking);
  const flagged = await tx.update(b).set({ slot_blocked: true, version: sql`${b.version} + 1`, updated_at: new Date() })
    .where(and(inArray(b.slot, blocked.map((x) => x.id)), eq(b.status, 'booked'))).returning({ id: b.id });
  let mailed = 0;
  if (flagged.length) {
    const rows = (await find(tx, ctx, booking, { id__in: flagged.map((x) => x.id).join(','), page_size: '0' })).rows;
    for (const row of rows) if (await mailBooking(services, tx, 'slot_blocked', row, { reason: String(input.reason) })) mailed++;
  }
  return { blocked: blocked.length, flagged: flagged.length, mailed };
});

export const unblockSlots: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const s = tableOf(slot);
  const open = await tx.update(s).set({ status: 'open', block_reason: null, blocked_at: null, blocked_by: null, version: sql`${s.version} + 1`, updated_at: new Date() })
    .where(and(inArray(s.id, ids(input)), eq(s.status, 'blocked'), scopeOf(ctx, slot))).returning({ id: s.id });
  if (open.length) {
    const b = tableOf(booking);
    await tx.update(b).set({ slot_blocked: false }).where(and(inArray(b.slot, open.map((x) => x.id)), eq(b.slot_blocked, true)));
  }
  return { unblocked: open.length };
});

/** Deletes the slots, all or none: one a booking holds refuses the call and names it. */
export const deleteSlots: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const b = tableOf(booking);
  const held = await tx.select({ slot: b.slot, n: sql<number>`count(*)::int` }).from(b)
    .where(and(inArray(b.slot, ids(input)), inArray(b.status, [...ACTIVE_BOOKING]))).groupBy(b.slot);
  if (held.length) throw conflict(`${held.length} of these slots hold bookings (slot ${held.slice(0, 5).map((h) => h.slot).join(', ')}${held.length > 5 ? ', …' : ''}): move or cancel their bookings first. Nothing was deleted.`);
  for (const id of ids(input)) await remove(tx, ctx, slot, String(id));
  return { deleted: ids(input).length };
});

/** The slots of a location from one local day to another, each with its bookings, in time order. */
export async function slotsWithBookings(db: Db, ctx: Ctx, location: unknown, from: string, to: string): Promise<Row[]> {
  const slots = (await find(db, ctx, slot, { location: String(location), day__gte: from, day__lte: to, page_size: '0', ordering: 'starts_at' })).rows;
  if (!slots.length) return [];
  const bookings = (await find(db, ctx, booking, { slot__in: slots.map((s) => String(s.id)).join(','), page_size: '0', ordering: 'created_at' })).rows;
  const bySlot = new Map<unknown, Row[]>();
  for (const b of bookings) bySlot.set(b.slot, [...(bySlot.get(b.slot) ?? []), b]);
  return slots.map((s) => ({ ...s, bookings: bySlot.get(s.id) ?? [] }));
}

const MAX_RANGE_DAYS = 62;

export const locationSlots: ActionHandler = async ({ db, ctx, input }) => {
  const [from, to] = [String(input.from), String(input.to)];
  if (to < from) throw fieldError('to', 'The last day comes before the first.');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MAX_RANGE_DAYS) throw fieldError('to', `At most ${MAX_RANGE_DAYS} days at a time.`);
  return slotsWithBookings(db, ctx, input.location, from, to);
};

/** Loads per local day of a location from one day to another (both included). */
export async function dayLoads(db: Db, ctx: Ctx, location: unknown, from: string, to: string, zone: string) {
  const s = tableOf(slot);
  const rows = await db.select({
    day: s.day,
    slots: sql<number>`count(*)::int`,
    capacity: sql<number>`coalesce(sum(${s.capacity}) filter (where ${s.status} = 'open'), 0)::int`,
    booked: sql<number>`coalesce(sum(${s.booked}), 0)::int`,
    free: sql<number>`coalesce(sum(${s.capacity} - ${s.booked}) filter (where ${s.status} = 'open' and ${s.ends_at} > now()), 0)::int`,
    blocked: sql<number>`(count(*) filter (where ${s.status} = 'blocked'))::int`,
  }).from(s).where(and(eq(s.location, Number(location)), gte(s.day, from), lte(s.day, to), scopeOf(ctx, slot))).groupBy(s.day).orderBy(asc(s.day));
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const days: Record<string, unknown>[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const r = byDay.get(d);
    days.push({ day: d, hours: hoursInLocalDay(d, zone), slots: r?.slots ?? 0, capacity: r?.capacity ?? 0, booked: r?.booked ?? 0, free: r?.free ?? 0, blocked: r?.blocked ?? 0 });
  }
  return days;
}

export const statics: ActionHandler = async ({ db, ctx, input }) => {
  const [y, m] = [Number(input.year), Number(input.month)];
  const first = `${y}-${String(m).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return dayLoads(db, ctx, input.location, first, last, (await locationOf(db, input.location)).zone);
};
