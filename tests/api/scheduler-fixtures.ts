/**
 * What the scheduler's API tests share (docs/scheduler.md): days counted from today, a location
 * with slots made by hand, bookings, and the mails the outbox kept.
 */
import { desc, sql } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/internal-tables';
import type { RailSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

/** The day `n` days from today (UTC), `yyyy-MM-dd`. */
export const dayFrom = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export type Rec = Record<string, unknown> & { id: number };

let seq = 0;

/** A location at Edmonton (or `zone`) with one slot a day at `start` from `from` to `to`; answers it and its slots. */
export async function locationWithSlots(suite: RailSuite, o: { from: string; to: string; start?: string; capacity?: number; zone?: string; extra?: Record<string, unknown> }) {
  const location = ok(await suite.call('POST', 'schedule/location/', { name: `Rack ${++seq} ${Date.now() % 100000}`, timezone: o.zone ?? 'America/Edmonton', ...o.extra }), 201) as Rec;
  ok(await suite.call('POST', 'schedule/slot/create_slots/', { location: location.id, from: o.from, to: o.to, start: o.start ?? '07:00', minutes: 60, capacity: o.capacity ?? 3 }));
  const slots = ok(await suite.call('GET', `schedule/slot/?location=${location.id}&ordering=starts_at&page_size=0`)) as unknown as Rec[];
  return { location, slots };
}

export const book = (suite: RailSuite, slot: number, extra: Record<string, unknown> = {}, token?: string) =>
  suite.call('POST', 'schedule/booking/create_booking/', { slot, carrier_name: 'Acme Trucking', truck_plate: 'AB 1234', ...extra }, token);

export const slotOf = async (suite: RailSuite, id: number) => ok(await suite.call('GET', `schedule/slot/${id}/`)) as Rec;

/** The mails the outbox kept to an address, newest first. */
export const mailsTo = (suite: RailSuite, to: string) =>
  suite.s.database.db.select().from(mailOutbox).where(sql`${mailOutbox.to} = ${to}`).orderBy(desc(mailOutbox.id));
