/**
 * A slot's loads (docs/scheduler.md, Never overbooked): a booking takes one by a single conditional
 * UPDATE of the slot's row, which holds the row's lock until the booking's transaction ends, so
 * concurrent bookings (in any number of server processes) queue on the slot and each sees the
 * count the one before it left. The table's CHECK (booked <= capacity) stands behind it.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { slot } from '../../../src/resources/schedule/slot';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { formatInZone } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { badRequest, conflict } from '../../engine/errors';

export interface SlotFacts {
  id: number; company: number; location: number; starts_at: Date; ends_at: Date; day: string;
  capacity: number; booked: number; volume_capacity: string | null; booked_volume: string; status: string; block_reason: string | null;
  zone: string; location_name: string; location_enabled: boolean; lead_minutes: number; horizon_days: number;
}

/** A slot with its location's zone and booking rules, or null. */
export async function slotFacts(db: Db, id: unknown): Promise<SlotFacts | null> {
  const s = tableOf(slot);
  const l = tableOf(scheduleLocation);
  const [row] = await db.select({
    id: s.id, company: s.company, location: s.location, starts_at: s.starts_at, ends_at: s.ends_at, day: s.day, capacity: s.capacity,
    booked: s.booked, volume_capacity: s.volume_capacity, booked_volume: s.booked_volume, status: s.status, block_reason: s.block_reason, zone: l.timezone, location_name: l.name,
    location_enabled: l.enabled, lead_minutes: l.lead_minutes, horizon_days: l.booking_horizon_days,
  }).from(s).innerJoin(l, eq(l.id, s.location)).where(eq(s.id, Number(id)));
  return (row as SlotFacts | undefined) ?? null;
}

/** How people read a slot: its location and local start. */
export const slotName = (f: Pick<SlotFacts, 'location_name' | 'starts_at' | 'zone'>) => `${f.location_name} ${formatInZone(f.starts_at, f.zone)}`;

/** A quantity as the database adds it (m³, 3 decimals); 0 when the booking gives none. */
const m3 = (quantity: unknown) => (quantity === null || quantity === undefined || quantity === '' ? '0' : String(quantity));

/**
 * Takes a load of the slot for a booking, and its quantity of the slot's volume where the slot has
 * one, or refuses (nothing taken): a slot that is blocked, full, over, at a disabled location, or
 * whose volume the quantity does not fit. Answers the slot as it was before.
 */
export async function takeLoad(db: Db, slotId: unknown, quantity: unknown, field = 'slot'): Promise<SlotFacts> {
  const s = tableOf(slot);
  const facts = await slotFacts(db, slotId);
  if (!facts) throw badRequest({ [field]: ['No such slot.'] });
  if (!facts.location_enabled) throw badRequest({ [field]: [`${facts.location_name} takes no bookings: it is disabled.`] });
  if (facts.volume_capacity !== null && m3(quantity) === '0') throw badRequest({ quantity: [`The slot ${slotName(facts)} takes up to ${Number(facts.volume_capacity)} m³ in all: give the quantity the truck will load.`] });
  const q = m3(quantity);
  const [taken] = await db.update(s).set({ booked: sql`${s.booked} + 1`, booked_volume: sql`${s.booked_volume} + ${q}::numeric` })
    .where(and(eq(s.id, facts.id), eq(s.status, 'open'), lt(s.booked, s.capacity), gt(s.ends_at, sql`now()`),
      sql`(${s.volume_capacity} is null or ${s.booked_volume} + ${q}::numeric <= ${s.volume_capacity})`))
    .returning({ booked: s.booked });
  if (taken) return facts;
  // Read again: the row may have changed while this transaction waited for it.
  const now = (await slotFacts(db, slotId))!;
  if (now.status === 'blocked') throw conflict(`The slot ${slotName(now)} is blocked (${now.block_reason ?? 'no reason given'}): choose another slot.`);
  if (new Date(now.ends_at).getTime() <= Date.now()) throw badRequest({ [field]: [`The slot ${slotName(now)} is over: choose a later one.`] });
  if (now.booked >= now.capacity) throw conflict(`The slot ${slotName(now)} is full (${now.booked} of ${now.capacity} booked): choose another slot.`);
  throw conflict(`The slot ${slotName(now)} has ${Number(now.booked_volume)} of ${Number(now.volume_capacity)} m³ booked: ${Number(q)} m³ more do not fit. Choose another slot or a smaller quantity.`);
}

/** Gives a load, and its quantity, back to the slot (a booking cancelled, a no-show, a booking moved away). */
export async function giveLoad(db: Db, slotId: unknown, quantity: unknown) {
  const s = tableOf(slot);
  await db.update(s).set({ booked: sql`${s.booked} - 1`, booked_volume: sql`${s.booked_volume} - ${m3(quantity)}::numeric` }).where(eq(s.id, Number(slotId)));
}

/** A booked booking's new quantity on its own slot: the difference taken or given back, refused when it does not fit. */
export async function changeQuantity(db: Db, slotId: unknown, before: unknown, after: unknown) {
  const s = tableOf(slot);
  const delta = sql`(${m3(after)}::numeric - ${m3(before)}::numeric)`;
  const [done] = await db.update(s).set({ booked_volume: sql`${s.booked_volume} + ${delta}` })
    .where(and(eq(s.id, Number(slotId)), sql`(${s.volume_capacity} is null or ${s.booked_volume} + ${delta} <= ${s.volume_capacity})`))
    .returning({ id: s.id });
  if (done) return;
  const now = (await slotFacts(db, slotId))!;
  throw badRequest({ quantity: [`The slot ${slotName(now)} has ${Number(now.booked_volume)} of ${Number(now.volume_capacity)} m³ booked: the quantity fits only ${Number(now.volume_capacity) - Number(now.booked_volume) + Number(m3(before))} m³.`] });
}
