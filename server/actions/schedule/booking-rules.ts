/**
 * The booking's rules (docs/scheduler.md, Booking statuses), run inside its write transaction for
 * every way a booking is written (the generic routes, the actions, the carrier's link):
 * - a booking takes a load of its slot (src: slot-loads.ts); a move takes one of the new slot and
 *   gives the old one back, only while booked; cancelled and no-show give theirs back;
 * - it names its carrier: one of the company's parties, or a name;
 * - where the location lists its allowed carriers, the carrier is one of them, within its loads a day;
 * - its product is one the slot (or else the location) takes.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { party } from '../../../src/resources/logistics/party';
import { booking, holdsLoad } from '../../../src/resources/schedule/booking';
import { scheduleCompany } from '../../../src/resources/schedule/company';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { slot } from '../../../src/resources/schedule/slot';
import { ACTIVE_BOOKING } from '../../../src/resources/schedule/common';
import type { Db } from '../../db/connection';
import { joinTableOf, tableOf } from '../../db/tables';
import { ErrorBag, badRequest, conflict } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { Row } from '../../engine/serialize';
import { type SlotFacts, changeQuantity, giveLoad, slotFacts, takeLoad } from './slot-loads';

/** The product ids a slot takes: its own list, else its location's; empty means any. */
async function productsTaken(db: Db, f: SlotFacts): Promise<number[]> {
  const own = joinTableOf(slot, 'products');
  const mine = await db.select({ id: own.target_id }).from(own).where(eq(own.owner_id, f.id));
  if (mine.length) return mine.map((r) => Number(r.id));
  const at = joinTableOf(scheduleLocation, 'products');
  return (await db.select({ id: at.target_id }).from(at).where(eq(at.owner_id, f.location))).map((r) => Number(r.id));
}

/** The location's allowed carriers and the one this booking names, within its loads a day. */
async function checkCarrier(db: Db, f: SlotFacts, v: Row, errors: ErrorBag) {
  const c = tableOf(scheduleCompany);
  const allowed = await db.select({ party: c.party, limit: c.daily_limit }).from(c).where(eq(c.location, f.location));
  if (!allowed.length) return;
  const mine = allowed.find((a) => a.party === v.carrier);
  if (!mine) {
    errors.add('carrier', `${f.location_name} takes bookings from its listed carriers only: choose one of them.`);
    return;
  }
  if (mine.limit === null) return;
  const b = tableOf(booking);
  const s = tableOf(slot);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(b).innerJoin(s, eq(s.id, b.slot))
    .where(and(eq(b.location, f.location), eq(b.carrier, v.carrier as number), eq(s.day, f.day), inArray(b.status, [...ACTIVE_BOOKING]), ne(b.id, (v.id as number) ?? 0)));
  if (Number(n) >= Number(mine.limit)) errors.add('carrier', `This carrier has its ${String(mine.limit)} loads at ${f.location_name} on ${f.day} booked already.`);
}

async function checkDetails(db: Db, f: SlotFacts, v: Row) {
  const errors = new ErrorBag();
  if (!v.carrier && !v.carrier_name) errors.add('carrier_name', 'Name the carrier: one of your parties, or its name.');
  if (f.volume_capacity !== null && (v.quantity === null || v.quantity === undefined || Number(v.quantity) === 0)) errors.add('quantity', `The slot takes up to ${Number(f.volume_capacity)} m³ in all: give the quantity the truck will load.`);
  if (v.product !== null && v.product !== undefined) {
    const taken = await productsTaken(db, f);
    if (taken.length && !taken.includes(Number(v.product))) errors.add('product', `The slot ${f.day} at ${f.location_name} does not take this product.`);
  }
  await checkCarrier(db, f, v, errors);
  errors.throwIfAny();
}

const THROUGH_ACTIONS = 'Bookings are made with create_booking/ and changed with update_booking/, cancel_booking/ and run_action/, which take and give back the slot\'s loads and mail the carrier.';

/** The carrier's name from its party, when the booking names a party and no name. */
async function carrierName(db: Db, v: Row) {
  if (!v.carrier || v.carrier_name) return;
  const p = tableOf(party);
  const [row] = await db.select({ name: p.name }).from(p).where(eq(p.id, Number(v.carrier)));
  v.carrier_name = row?.name ?? null;
}

export const bookingHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, current }) {
    if (!ctx.via) throw badRequest({ non_field_errors: [THROUGH_ACTIONS] });
    const v = input.values;
    if ('carrier' in v) await carrierName(db, v);
    if (mode === 'create') {
      const f = await takeLoad(db, v.slot, v.quantity);
      Object.assign(v, { location: f.location, starts_at: f.starts_at });
      await checkDetails(db, f, v);
      return;
    }
    const was = current!;
    const after = { ...was, ...v };
    const moving = 'slot' in v && v.slot !== was.slot;
    const leaving = 'status' in v && holdsLoad(was.status) && !holdsLoad(v.status);
    if (moving) {
      if (was.status !== 'booked') throw conflict(`This booking is ${String(was.status).replace('_', ' ')}: only a booked one is moved to another slot.`);
      const f = await takeLoad(db, v.slot, after.quantity);
      await giveLoad(db, was.slot, was.quantity);
      Object.assign(v, { location: f.location, starts_at: f.starts_at, slot_blocked: false });
      await checkDetails(db, f, after);
    } else if (leaving) {
      await giveLoad(db, was.slot, was.quantity);
    } else {
      if ('quantity' in v && holdsLoad(was.status) && String(v.quantity ?? '') !== String(was.quantity ?? '')) await changeQuantity(db, was.slot, was.quantity, v.quantity);
      if (['carrier', 'carrier_name', 'product', 'quantity'].some((k) => k in v)) await checkDetails(db, (await slotFacts(db, was.slot))!, after);
    }
  },
  beforeClone() { throw badRequest({ non_field_errors: [THROUGH_ACTIONS] }); },
};
