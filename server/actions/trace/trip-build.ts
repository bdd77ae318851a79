/**
 * Keeping a car's trips in step with its events (docs/trace.md, Trips): when an event is written
 * or deleted, the car's trips from the one before the earliest changed time onward are built
 * again by src/lib/trips.ts and written over the stored ones, keyed by the event each starts with
 * (so a trip keeps its id, its notes and a match made by hand); trips that no longer start are
 * removed. Earlier trips are left alone: the cost follows the recent trips, not the car's whole
 * history. Then the loaded trips are matched to car loads and given their ETA.
 */
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { trip } from '../../../src/resources/trace/trip';
import { type BuiltTrip, type TripEvent, buildTrips } from '../../../src/lib/trips';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { laneEta, matchCarLoads } from './trip-match';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The stored columns of a built trip (all derived; notes and a match by hand are the user's). */
function valuesOf(b: BuiltTrip) {
  return {
    kind: b.kind, status: b.status, start_event: Number(b.start_event),
    origin_station: b.origin_station, origin_state: b.origin_state, destination_station: b.destination_station, destination_state: b.destination_state,
    released_at: new Date(b.released_at), arrived_at: b.arrived_at ? new Date(b.arrived_at) : null, placed_at: b.placed_at ? new Date(b.placed_at) : null,
    transit_days: b.transit_days === null ? null : b.transit_days.toFixed(2),
    last_station: b.last.station, last_state: b.last.state ?? null, last_event_code: b.last.code, last_event_time: new Date(b.last.time),
    last_latitude: b.last.latitude === null || b.last.latitude === undefined ? null : b.last.latitude.toFixed(6),
    last_longitude: b.last.longitude === null || b.last.longitude === undefined ? null : b.last.longitude.toFixed(6),
    last_loaded: b.last.loaded, at_facility: b.last.code === 'Z' || b.last.code === 'Y',
    event_count: b.events.length, stops: b.stops, bad_ordered: b.bad_ordered, held: b.held,
  };
}

/**
 * Rebuilds the car's trips from the one holding `since` (an instant; the car's whole history when
 * left out) onward; `without` is an event about to be deleted or moved to another car.
 */
export async function rebuildCarTrips(db: Db, carId: number, o: { since?: Date; without?: number } = {}): Promise<void> {
  const t = tableOf(trip);
  const e = tableOf(carEvent);
  // One rebuild of a car at a time: two events written together would otherwise each build from a
  // history without the other's event, and the later write would leave trips missing one of them.
  // The second waits here and then reads both. NO KEY UPDATE: the event rows' own foreign-key lock
  // on the car (KEY SHARE) does not conflict with it, so two writers cannot deadlock on the car.
  await db.select({ id: tableOf(car).id }).from(tableOf(car)).where(eq(tableOf(car).id, carId)).for('no key update');
  // The first trip to build again: the last one that started before `since`. Strictly before: an
  // event that starts a trip also ends the one before it (a placement, or the next release).
  const [from] = o.since
    ? await db.select({ start: e.event_time }).from(t).innerJoin(e, eq(e.id, t.start_event))
      .where(and(eq(t.car, carId), lt(e.event_time, o.since))).orderBy(desc(e.event_time)).limit(1)
    : [];
  const fromTime = from?.start ?? null;
  const rows = await db.select({
    id: e.id, code: e.event_code, time: e.event_time, station: e.station, state: e.state_province, railroad: e.railroad, loaded: e.loaded,
    latitude: e.latitude, longitude: e.longitude, company: e.company,
  }).from(e).where(and(eq(e.car, carId), fromTime ? gte(e.event_time, fromTime) : undefined, o.without ? ne(e.id, o.without) : undefined))
    .orderBy(asc(e.event_time), asc(e.id));
  const events: TripEvent[] = rows.map((r) => ({
    id: r.id, code: r.code, time: r.time.toISOString(), station: r.station, state: r.state, railroad: r.railroad, loaded: r.loaded,
    latitude: num(r.latitude), longitude: num(r.longitude),
  }));
  const built = buildTrips(events);
  const stored = await db.select({ id: t.id, start_event: t.start_event }).from(t)
    .innerJoin(e, eq(e.id, t.start_event)).where(and(eq(t.car, carId), fromTime ? gte(e.event_time, fromTime) : undefined));
  const byStart = new Map(stored.map((s) => [Number(s.start_event), s.id]));
  const keep = new Set<number>();
  const company = rows[0]?.company;
  for (const b of built) {
    const values = valuesOf(b);
    const id = byStart.get(values.start_event);
    if (id !== undefined) {
      keep.add(id);
      await db.update(t).set({ ...values, updated_at: new Date() }).where(eq(t.id, id));
    } else {
      const [made] = await db.insert(t).values({ ...values, car: carId, company, match: 'none' } as never).returning({ id: t.id });
      keep.add(made.id);
    }
  }
  const gone = stored.map((s) => s.id).filter((id) => !keep.has(id));
  if (gone.length) await db.delete(t).where(inArray(t.id, gone));
  if (keep.size) {
    await matchCarLoads(db, [...keep]);
    await laneEta(db, [...keep]);
  }
}

/** Every car's trips from scratch (the demo seed, a repair). */
export async function rebuildAllTrips(db: Db, companyId: number): Promise<number> {
  const e = tableOf(carEvent);
  const cars = await db.selectDistinct({ car: e.car }).from(e).where(eq(e.company, companyId));
  for (const c of cars) await rebuildCarTrips(db, c.car as number);
  const t = tableOf(trip);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.company, companyId));
  return Number(n);
}

/**
 * Writes made through this context rebuild each car's trips once, after all of them: an import of
 * many events of one car would otherwise build that car's trips again after every event. Per
 * caller context, the earliest changed time of each car.
 */
const deferred = new WeakMap<Ctx, Map<number, Date>>();

/**
 * What a car event's write calls (server/actions/fleet/car-event.ts): the car's trips rebuilt from
 * `since` now, or, inside `withTripsRebuiltOnce`, noted for the rebuild at its end (the event
 * then is written or gone, so `without` is not needed there).
 */
export async function rebuildOrDefer(db: Db, ctx: Ctx, carId: number, o: { since: Date; without?: number }): Promise<void> {
  const pending = deferred.get(ctx);
  if (!pending) return rebuildCarTrips(db, carId, o);
  const at = pending.get(carId);
  if (!at || o.since < at) pending.set(carId, o.since);
}

/**
 * Runs `write` with a context whose car event writes defer their trip rebuilds, then rebuilds each
 * car they touched once, from its earliest change, in car order (the order rebuilds lock cars in).
 * Answers what `write` answered and the number of cars rebuilt. Call it inside the transaction.
 */
export async function withTripsRebuiltOnce<T>(db: Db, ctx: Ctx, write: (ctx: Ctx) => Promise<T>): Promise<{ result: T; cars: number }> {
  const own: Ctx = { ...ctx };
  const pending = new Map<number, Date>();
  deferred.set(own, pending);
  const result = await write(own);
  deferred.delete(own);
  for (const [carId, since] of [...pending].sort((a, b) => a[0] - b[0])) await rebuildCarTrips(db, carId, { since });
  return { result, cars: pending.size };
}
