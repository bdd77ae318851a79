/**
 * Cars coming into a yard (docs/yard.md, The model): what the company knows of a car that is added
 * (its fleet record, its car load at the facility), its length in the yard's unit, and the cars at
 * the yard's facility that stand on no track yet (`unassigned_cars/`).
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { parseMarkNumber } from '../../../src/lib/reporting-mark';
import { DEFAULT_CAR_FEET } from '../../../src/resources/yard/common';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { facility } from '../../../src/resources/logistics/facility';
import { product } from '../../../src/resources/logistics/product';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { type YardCarRow, type YardState, YC, iso, loadYard } from './yard-state';

const C = tableOf(car);
const E = tableOf(carEvent);
const L = tableOf(loadedRailCar);
const S = tableOf(railShipment);
const F = tableOf(facility);
const P = tableOf(product);

const FEET_IN_METRES = 0.3048;

/** A length in feet in the yard's unit, rounded up to the hundredth so a car never reads shorter than it is. */
export function inYardUnit(feet: number, unit: 'ft' | 'm'): string {
  const value = unit === 'ft' ? feet : feet * FEET_IN_METRES;
  return (Math.ceil(Math.round(value * 1e6) / 1e4) / 100).toFixed(2);
}

/** The open car loads at a facility: cars of its open shipments standing there. */
function loadsAt(companyId: number, facilityId: number) {
  return and(eq(L.company, companyId), eq(S.status, 'open'), or(eq(L.current_location, facilityId), and(isNull(L.current_location), eq(S.origin, facilityId))));
}

/** Adds yard car rows (on no track yet) for cars new to the yard, from what the company knows of each. */
export async function newYardCars(tx: Db, state: YardState, marks: string[], carType: string | undefined): Promise<YardCarRow[]> {
  if (!marks.length) return [];
  const company = state.yard.company;
  const parsed = marks.map((m) => parseMarkNumber(m)!);
  const fleet = await tx.select({ id: C.id, mark: C.mark, number: C.number, car_type: C.car_type, length: C.length }).from(C)
    .where(and(eq(C.company, company), or(...parsed.map((p) => and(eq(C.mark, p.mark), eq(C.number, p.number))))));
  const loads = await tx.select({ id: L.id, mark: L.car_mark, number: L.car_number, car_type: L.car_type, product: sql<number | null>`coalesce(${L.product}, ${S.product})` })
    .from(L).innerJoin(S, eq(S.id, L.rail_shipment))
    .where(and(loadsAt(company, state.yard.facility), or(...parsed.map((p) => and(eq(L.car_mark, p.mark), eq(L.car_number, p.number))))))
    .orderBy(desc(L.id));
  const rows = parsed.map((p, i) => {
    const f = fleet.find((x) => x.mark === p.mark && Number(x.number) === p.number);
    const load = loads.find((x) => x.mark === p.mark && Number(x.number) === p.number);
    const type = (carType ?? f?.car_type ?? load?.car_type ?? 'T') as keyof typeof DEFAULT_CAR_FEET;
    const feet = f?.length !== null && f?.length !== undefined ? Number(f.length) : DEFAULT_CAR_FEET[type] ?? 60;
    return {
      company, yard: state.yard.id, mark_number: marks[i], car: f?.id ?? null, car_type: type, length: inYardUnit(feet, state.yard.length_unit),
      loaded: !!load, product: load?.product ?? null, loaded_rail_car: load?.id ?? null,
    };
  });
  const made = await tx.insert(YC).values(rows as never).returning({ id: YC.id, mark_number: YC.mark_number });
  return rows.map((r) => ({
    id: Number(made.find((m) => m.mark_number === r.mark_number)!.id), mark_number: r.mark_number, car_type: r.car_type, length: r.length, loaded: r.loaded,
    product: r.product, product_name: null, product_color: null, car: r.car, loaded_rail_car: r.loaded_rail_car,
    actual_track: null, actual_position: null, planned_track: null, planned_position: null,
  }));
}

/** Degrees around a facility within which a car event counts as there (about 5 km north-south). */
const NEAR = 0.05;

/**
 * `GET unassigned_cars/`: cars at the facility that stand on no track of the yard: the car loads of
 * its open shipments, and fleet cars whose last event placed them there (at its city, or within
 * about 5 km of it).
 */
export const unassignedCars: ActionHandler = async ({ db, id }) => {
  const state = await loadYard(db, Number(id));
  const inYard = new Set(state.cars.map((c) => c.mark_number));
  const company = state.yard.company;
  const loads = await db.select({
    id: L.id, mark_number: sql<string>`${L.car_mark} || ' ' || ${L.car_number}`, car_type: L.car_type, car: L.car, product_name: P.name, since: L.created_at,
  }).from(L).innerJoin(S, eq(S.id, L.rail_shipment)).leftJoin(P, eq(P.id, sql`coalesce(${L.product}, ${S.product})`))
    .where(loadsAt(company, state.yard.facility)).orderBy(desc(L.id)).limit(2_000);
  const [place] = await db.select({ city: F.city, lat: F.latitude, lon: F.longitude }).from(F).where(eq(F.id, state.yard.facility));
  const lastEvents = db.select({ car: E.car, event_code: E.event_code, station: E.station, latitude: E.latitude, longitude: E.longitude, loaded: E.loaded, event_time: E.event_time, rank: sql<number>`row_number() over (partition by ${E.car} order by ${E.event_time} desc, ${E.id} desc)`.as('rank') })
    .from(E).where(eq(E.company, company)).as('last_event');
  const near = place.lat !== null && place.lon !== null
    ? sql`(${lastEvents.latitude} between ${Number(place.lat) - NEAR} and ${Number(place.lat) + NEAR} and ${lastEvents.longitude} between ${Number(place.lon) - NEAR * 2} and ${Number(place.lon) + NEAR * 2})`
    : sql`false`;
  const atCity = place.city ? sql`lower(${lastEvents.station}) = lower(${place.city})` : sql`false`;
  const placed = await db.select({ car: C.id, mark_number: sql<string>`${C.mark} || ' ' || ${C.number}`, car_type: C.car_type, loaded: lastEvents.loaded, since: lastEvents.event_time })
    .from(lastEvents).innerJoin(C, eq(C.id, lastEvents.car))
    .where(and(eq(lastEvents.rank, 1), inArray(lastEvents.event_code, ['Z', 'Y']), or(near, atCity)))
    .limit(2_000);
  const out = new Map<string, Record<string, unknown>>();
  for (const l of loads) {
    if (inYard.has(l.mark_number) || out.has(l.mark_number)) continue;
    out.set(l.mark_number, { mark_number: l.mark_number, car_type: l.car_type, loaded: true, product_name: l.product_name ?? null, source: 'load', loaded_rail_car: Number(l.id), car: l.car === null ? null : Number(l.car), since: iso(l.since) });
  }
  for (const p of placed) {
    if (inYard.has(p.mark_number) || out.has(p.mark_number)) continue;
    out.set(p.mark_number, { mark_number: p.mark_number, car_type: p.car_type, loaded: !!p.loaded, product_name: null, source: 'event', loaded_rail_car: null, car: Number(p.car), since: iso(p.since) });
  }
  return [...out.values()].sort((a, b) => String(a.mark_number).localeCompare(String(b.mark_number)));
};

