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
  capacity: number; booked: number; status: string; block_reason: string | null;
  zone: string; location_name: string; location_enabled: boolean; lead_minutes: number; horizon_days: number;
}

/** A slot with its location's zone and booking rules, or null. */
export async function slotFacts(db: Db, id: unknown): Promise<SlotFacts | null> {
  const s = tableOf(slot);
  const l = tableOf(scheduleLocation);
  const [row] = await db.select({
    id: s.id, company: s.company, location: s.location, starts_at: s.starts_at, ends_at: s.ends_at, day: s.day, capacity: s.capacity,
    booked: s.booked, status: s.status, block_reason: s.block_reason, zone: l.timezone, location_name: l.name,
    location_enabled: l.enabled, lead_minutes: l.lead_minutes, horizon_days: l.booking_horizon_days,
  }).from(s).innerJoin(l, eq(l.id, s.location)).where(eq(s.id, Number(id)));
  return (row as SlotFacts | undefined) ?? null;
}

/** How people read a slot: its location and local start. */
export const slotName = (f: Pick<SlotFacts, 'location_name' | 'starts_at' | 'zone'>) => `${f.location_name} ${formatInZone(f.starts_at, f.zone)}`;

/**
 * Takes a load of the slot for a booking, or refuses (nothing taken): a slot that is blocked, full,
 * over, or at a disabled location. Answers the slot as it was before.
 */
export async function takeLoad(db: Db, slotId: unknown, field = 'slot'): Promise<SlotFacts> {
  const s = tableOf(slot);
  const facts = await slotFacts(db, slotId);
  if (!facts) throw badRequest({ [field]: ['No such slot.'] });
  if (!facts.location_enabled) throw badRequest({ [field]: [`${facts.location_name} takes no bookings: it is disabled.`] });
  const [taken] = await db.update(s).set({ booked: sql`${s.booked} + 1` })
    .where(and(eq(s.id, facts.id), eq(s.status, 'open'), lt(s.booked, s.capacity), gt(s.ends_at, sql`now()`)))
    .returning({ booked: s.booked, status: s.status });
  if (taken) return facts;
  // Read again: the row may have changed while this transaction waited for it.
  const now = (await slotFacts(db, slotId))!;
  if (now.status === 'blocked') throw conflict(`The slot ${slotName(now)} is blocked (${now.block_reason ?? 'no reason given'}): choose another slot.`);
  if (new Date(now.ends_at).getTime() <= Date.now()) throw badRequest({ [field]: [`The slot ${slotName(now)} is over: choose a later one.`] });
  throw conflict(`The slot ${slotName(now)} is full (${now.booked} of ${now.capacity} booked): choose another slot.`);
}

/** Gives a load back to the slot (a booking cancelled, a no-show, a booking moved away). */
export async function giveLoad(db: Db, slotId: unknown) {
  const s = tableOf(slot);
  await db.update(s).set({ booked: sql`${s.booked} - 1` }).where(eq(s.id, Number(slotId)));
}
