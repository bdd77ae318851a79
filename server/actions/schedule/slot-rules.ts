/**
 * The slot's rules (docs/scheduler.md, Model), for every way a slot is written:
 * - it ends after it starts and lasts at most a day; its `day` is its start's local day;
 * - its capacity never goes below the loads its bookings hold, and it stays at its location
 *   while it holds any; moving its times moves its bookings' copies of them;
 * - it is deleted only while no booking holds a load of it (cancelled ones go with it).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { booking } from '../../../src/resources/schedule/booking';
import { slot } from '../../../src/resources/schedule/slot';
import { ACTIVE_BOOKING, MAX_SLOT_MINUTES } from '../../../src/resources/schedule/common';
import { tableOf } from '../../db/tables';
import { ErrorBag, conflict } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { applyLocalDates } from '../../engine/time-zones';

const MINUTE = 60_000;

export const slotHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    const v = input.values;
    const after = { ...current, ...v };
    const errors = new ErrorBag();
    const minutes = (new Date(after.ends_at as string).getTime() - new Date(after.starts_at as string).getTime()) / MINUTE;
    if (!(minutes > 0)) errors.add('ends_at', 'A slot ends after it starts.');
    else if (minutes > MAX_SLOT_MINUTES) errors.add('ends_at', 'A slot lasts at most a day.');
    const booked = Number(current?.booked ?? 0);
    if (mode === 'update' && Number(after.capacity) < booked) errors.add('capacity', `${booked} bookings hold loads of this slot: move or cancel some first.`);
    const volumeBooked = Number(current?.booked_volume ?? 0);
    if (mode === 'update' && 'volume_capacity' in v && v.volume_capacity !== null && Number(v.volume_capacity) < volumeBooked) errors.add('volume_capacity', `Its bookings hold ${volumeBooked} m³: move or cancel some first.`);
    if (mode === 'update' && booked && 'location' in v && v.location !== current!.location) errors.add('location', 'Bookings hold loads of this slot: it stays at its location.');
    errors.throwIfAny();
    await applyLocalDates(db, slot, v, current);
  },
  async afterWrite({ db, id, mode }) {
    if (mode !== 'update') return;
    const s = tableOf(slot);
    const b = tableOf(booking);
    await db.update(b).set({ starts_at: sql`(select ${s.starts_at} from ${s} where ${s.id} = ${id})` }).where(eq(b.slot, id as number));
  },
  async beforeDelete({ db, current }) {
    const b = tableOf(booking);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(b).where(and(eq(b.slot, current.id as number), inArray(b.status, [...ACTIVE_BOOKING])));
    if (Number(n)) throw conflict(`This slot holds ${Number(n)} booking${Number(n) === 1 ? '' : 's'}: move or cancel ${Number(n) === 1 ? 'it' : 'them'} first.`);
  },
};
