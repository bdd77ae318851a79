/**
 * What a loaded trip is found to carry, and when it should arrive (docs/trace.md, Matching, ETA):
 * - **Matching**: the car load of the same car (mark and number) on a shipment of the company that
 *   was shipped (or is being corrected) from three days before the release to the day after it,
 *   the nearest ship date first, and not matched to another trip. A match made or taken off by
 *   hand is kept.
 * - **ETA** of a loaded trip in transit: its release plus the median transit of the company's last
 *   50 completed loaded trips on the lane, from its origin to where the car's last completed
 *   loaded trip from that origin was placed (else where the company's last one was).
 */
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { car } from '../../../src/resources/fleet/car';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { trip } from '../../../src/resources/trace/trip';
import { addDays } from '../../../src/lib/contract-periods';
import { etaOf, medianTransitDays } from '../../../src/lib/trips';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';

/** Days before and after a release a shipment may have been shipped to be its load. */
export const MATCH_DAYS_BEFORE = 3;
export const MATCH_DAYS_AFTER = 1;
/** Completed trips of a lane an ETA is made of, newest first. */
export const ETA_SAMPLE = 50;

/** The car loads a trip released at `released` could carry, nearest ship date first. */
export async function candidateLoads(db: Db, o: { company: number; mark: string; number: number; released: Date; tripId?: number }) {
  const l = tableOf(loadedRailCar);
  const s = tableOf(railShipment);
  const t = tableOf(trip);
  const day = o.released.toISOString().slice(0, 10);
  return db.select({ id: l.id, shipment: s.id, ship_date: s.ship_date }).from(l).innerJoin(s, eq(s.id, l.rail_shipment))
    .where(and(
      eq(l.company, o.company), eq(l.car_mark, o.mark), eq(l.car_number, o.number), inArray(s.status, ['shipped', 'in_correction']),
      sql`${s.ship_date} between ${addDays(day, -MATCH_DAYS_BEFORE)} and ${addDays(day, MATCH_DAYS_AFTER)}`,
      sql`not exists (select 1 from ${t} where ${t.loaded_rail_car} = ${l.id}${o.tripId ? sql` and ${t.id} <> ${o.tripId}` : sql``})`,
    ))
    .orderBy(sql`abs(${s.ship_date} - ${day}::date)`, desc(s.ship_date), asc(l.id));
}

/** Matches the trips (loaded ones not matched by hand) to their car loads, or clears a match the rules no longer find. */
export async function matchCarLoads(db: Db, tripIds: number[]): Promise<void> {
  const t = tableOf(trip);
  const c = tableOf(car);
  const rows = await db.select({ id: t.id, company: t.company, kind: t.kind, match: t.match, released: t.released_at, load: t.loaded_rail_car, mark: c.mark, number: c.number })
    .from(t).innerJoin(c, eq(c.id, t.car)).where(and(inArray(t.id, tripIds), notInArray(t.match, ['manual', 'unmatched']))).orderBy(asc(t.released_at));
  for (const r of rows) {
    const [best] = r.kind === 'loaded'
      ? await candidateLoads(db, { company: r.company as number, mark: r.mark, number: r.number, released: r.released, tripId: r.id })
      : [];
    const next = best ? { loaded_rail_car: best.id, rail_shipment: best.shipment, match: 'auto' } : { loaded_rail_car: null, rail_shipment: null, match: 'none' };
    if (next.loaded_rail_car !== r.load || next.match !== r.match) await db.update(t).set(next as never).where(eq(t.id, r.id));
  }
}

/** Sets the ETA of the trips that are loaded and in transit; clears it on the others. */
export async function laneEta(db: Db, tripIds: number[]): Promise<void> {
  const t = tableOf(trip);
  const rows = await db.select({ id: t.id, company: t.company, car: t.car, kind: t.kind, status: t.status, origin: t.origin_station, released: t.released_at, eta: t.eta })
    .from(t).where(inArray(t.id, tripIds));
  const done = (company: number) => and(eq(t.company, company), eq(t.kind, 'loaded'), eq(t.status, 'completed'), isNotNull(t.destination_station));
  for (const r of rows) {
    let eta: string | null = null;
    if (r.kind === 'loaded' && r.status === 'in_transit') {
      const company = r.company as number;
      const [lane] = await db.select({ to: t.destination_station }).from(t)
        .where(and(done(company), eq(t.origin_station, r.origin ?? '')))
        .orderBy(sql`(${t.car} = ${r.car}) desc`, desc(t.released_at)).limit(1);
      if (lane?.to) {
        const past = await db.select({ days: t.transit_days }).from(t)
          .where(and(done(company), eq(t.origin_station, r.origin ?? ''), eq(t.destination_station, lane.to), isNotNull(t.transit_days)))
          .orderBy(desc(t.released_at)).limit(ETA_SAMPLE);
        eta = etaOf(r.released.toISOString(), medianTransitDays(past.map((p) => Number(p.days))));
      }
    }
    const before = r.eta ? r.eta.toISOString() : null;
    if (before !== eta) await db.update(t).set({ eta: eta ? new Date(eta) : null } as never).where(eq(t.id, r.id));
  }
}
