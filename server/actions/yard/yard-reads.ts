/**
 * What a yard's screens read (docs/yard.md): the layout in both scenarios, its cars, one car's
 * details, the move history paged, the switch list the current plan needs, and the last change
 * (the cache call the screen polls to see another planner's saved work).
 */
import { and, count as countOf, desc, eq, sql } from 'drizzle-orm';
import { railYardCar } from '../../../src/resources/yard/yard-car';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { product } from '../../../src/resources/logistics/product';
import { user } from '../../../src/resources/accounts/user';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { fieldError, notFound } from '../../engine/errors';
import { serializeRows, update } from '../../engine/operations';
import { marksOf } from './yard-changes';
import { switchListOf } from './switch-steps';
import { M, Y, YC, iso, layoutAnswer, loadYard, userName } from './yard-state';

const C = tableOf(car);
const E = tableOf(carEvent);
const L = tableOf(loadedRailCar);
const S = tableOf(railShipment);
const P = tableOf(product);
const U = tableOf(user);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOr = (v: unknown) => (v === null || v === undefined ? null : String(v));

export const yardLayout: ActionHandler = async ({ db, id }) => layoutAnswer(await loadYard(db, Number(id)));

export const yardCars: ActionHandler = async ({ db, id }) => {
  const rows = await db.select().from(YC).where(eq(YC.yard, Number(id))).orderBy(YC.mark_number);
  return serializeRows(db, railYardCar, rows as never);
};

/** The yard's moves, newest first: `rowsPerPage` of them on page `page`. */
async function historyRows(db: Parameters<ActionHandler>[0]['db'], where: ReturnType<typeof and>, limit: number, offset: number) {
  const rows = await db.select({
    id: M.id, moved_at: M.moved_at, moved_by: userName(U), kind: M.kind, cars: M.cars, from_track: M.from_track, from_name: M.from_name,
    to_track: M.to_track, to_name: M.to_name, switch_list: M.switch_list, step: M.step,
  }).from(M).leftJoin(U, eq(U.id, M.moved_by)).where(where).orderBy(desc(M.moved_at), desc(M.id)).limit(limit).offset(offset);
  return rows.map((r) => ({
    ...r, id: Number(r.id), moved_at: iso(r.moved_at)!, moved_by: strOr(r.moved_by), cars: (r.cars as string[] | null) ?? [],
    from_track: num(r.from_track), to_track: num(r.to_track), switch_list: num(r.switch_list), step: num(r.step),
  }));
}

export const moveHistory: ActionHandler = async ({ db, id, input }) => {
  const page = Number(input.page ?? 1);
  const rowsPerPage = Number(input.rowsPerPage ?? 25);
  const where = and(eq(M.yard, Number(id)));
  const [{ n }] = await db.select({ n: countOf() }).from(M).where(where);
  return { count: Number(n), page, rowsPerPage, results: await historyRows(db, where, rowsPerPage, (page - 1) * rowsPerPage) };
};

/** `GET car_details/ (car_mark)`: the car in the yard with its fleet record, its car load, its last event and its last moves. */
export const carDetails: ActionHandler = async ({ db, id, input }) => {
  const [mark] = marksOf('car_mark', [input.car_mark]);
  const state = await loadYard(db, Number(id));
  const row = layoutAnswer(state).cars.find((c) => c.mark_number === mark);
  const yardCar = state.cars.find((c) => c.mark_number === mark);
  if (!row || !yardCar) throw fieldError('car_mark', `${mark} is not in this yard.`);
  const [fleet] = yardCar.car === null ? [] : await db.select({ id: C.id, lessor: C.lessor, fleet_status: C.fleet_status, lease_end: C.lease_end }).from(C).where(eq(C.id, yardCar.car));
  const [load] = yardCar.loaded_rail_car === null ? [] : await db.select({
    id: L.id, rail_shipment: L.rail_shipment, shipment_number: S.shipment_number, shipment_status: S.status, product_name: P.name,
    net_volume: L.net_volume, seal_number_1: L.seal_number_1,
  }).from(L).innerJoin(S, eq(S.id, L.rail_shipment)).leftJoin(P, eq(P.id, sql`coalesce(${L.product}, ${S.product})`)).where(eq(L.id, yardCar.loaded_rail_car));
  const [event] = yardCar.car === null ? [] : await db.select({ event_code: E.event_code, event_time: E.event_time, station: E.station, loaded: E.loaded })
    .from(E).where(eq(E.car, yardCar.car)).orderBy(desc(E.event_time), desc(E.id)).limit(1);
  const moves = await historyRows(db, and(eq(M.yard, state.yard.id), sql`${M.cars} @> ${JSON.stringify([mark])}::jsonb`), 10, 0);
  return {
    car: row,
    fleet: fleet ? { id: Number(fleet.id), lessor: strOr(fleet.lessor), fleet_status: String(fleet.fleet_status), lease_end: strOr(fleet.lease_end) } : null,
    load: load ? { ...load, id: Number(load.id), rail_shipment: Number(load.rail_shipment), shipment_number: strOr(load.shipment_number), shipment_status: String(load.shipment_status), product_name: strOr(load.product_name), net_volume: strOr(load.net_volume), seal_number_1: strOr(load.seal_number_1) } : null,
    last_event: event ? { event_code: String(event.event_code), event_time: iso(event.event_time)!, station: String(event.station), loaded: !!event.loaded } : null,
    moves,
  };
};

/** `GET switch_list/`: the moves from the actual layout to the plan as they stand now. */
export const switchListPreview: ActionHandler = async ({ db, id }) => switchListOf(await loadYard(db, Number(id)));

/** `GET cache/yard_management/rail_yard_cache/ (yard_id)`: the yard's last layout change. */
export const yardCache: ActionHandler = async ({ db, ctx, input }) => {
  const [row] = await db.select({ id: Y.id, company: Y.company, v: Y.layout_version, at: Y.layout_changed_at, by: userName(U) })
    .from(Y).leftJoin(U, eq(U.id, Y.layout_changed_by)).where(eq(Y.id, Number(input.yard_id)));
  if (!row || (!ctx.user.isSuperuser && Number(row.company) !== ctx.user.companyId)) throw notFound();
  return { yard_id: Number(row.id), layout_version: Number(row.v ?? 0), layout_changed_at: iso(row.at), layout_changed_by: strOr(row.by) };
};

/** `PUT set_autocomplete (use_autocomplete)`. */
export const setAutocomplete: ActionHandler = async ({ db, ctx, resource, id, input }) =>
  update(db, ctx, resource, String(id), { use_autocomplete: input.use_autocomplete });
