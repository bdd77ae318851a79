/**
 * The demo's waybills (docs/rail.md §4.7): the origin railroad's waybill of every car load that
 * shipped or was voided, numbered per railroad as railroads number them (six digits), dated the
 * ship date, from the origin's city to the destination's, matched to its car load.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { facility } from '../../src/resources/logistics/facility';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import { waybill } from '../../src/resources/rail/waybill';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { type Row, insertMany } from './seed-kit';

/** Makes the company's waybills when it has none; true when it made any. */
export async function seedWaybills(db: Db, companyId: number): Promise<boolean> {
  const w = tableOf(waybill);
  const [has] = await db.select({ id: w.id }).from(w).where(eq(w.company, companyId)).limit(1);
  if (has) return false;
  const s = tableOf(railShipment);
  const l = tableOf(loadedRailCar);
  const loads = await db.select({
    car: l.id, mark: l.car_mark, number: l.car_number, date: s.ship_date, railroad: s.railroad, origin: s.origin, destination: s.destination,
  }).from(l).innerJoin(s, eq(s.id, l.rail_shipment))
    .where(and(eq(s.company, companyId), inArray(s.status, ['shipped', 'void']))).orderBy(asc(s.ship_date), asc(l.id));
  if (!loads.length) return false;
  const f = tableOf(facility);
  const city = new Map((await db.select({ id: f.id, city: f.city }).from(f).where(eq(f.company, companyId))).map((x) => [x.id, x.city as string | null]));
  const next = new Map<unknown, number>();
  const rows: Row[] = loads.filter((x) => x.railroad && x.date).map((x) => {
    const n = (next.get(x.railroad) ?? 418000 + companyId * 1000) + 1;
    next.set(x.railroad, n);
    return {
      company: companyId, waybill_number: String(n), waybill_date: x.date, railroad: x.railroad, car_mark: x.mark, car_number: x.number,
      origin_station: city.get(x.origin) ?? null, destination_station: city.get(x.destination) ?? null, loaded_rail_car: x.car,
    };
  });
  await insertMany(db, waybill, rows);
  return rows.length > 0;
}
