/**
 * Embargoes and the car at a facility (docs/loading.md, Embargoes and inspection). A railroad
 * embargo holds cars at a facility until its permit; the facility assigns the embargo number (and
 * permit) to cars standing there, or lifts it, all of them or none: a car that is not at the
 * facility is named and nothing is written. `embargo_cars/` lists an embargo's cars;
 * `get_inspecting_car/` finds the load of a car that stands at a facility (the newest); an
 * inspector records what the car holds now with `update_active_details/`. These follow the car
 * after it ships (server/actions/rail/loaded-car-rules.ts, AFTER_SHIPPING); the issued bill of
 * lading keeps what it printed.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { facility } from '../../../src/resources/logistics/facility';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import type { Ctx } from '../../engine/context';
import { badRequest, fieldError } from '../../engine/errors';
import { find, get, scopeOf, update } from '../../engine/operations';
import type { Db } from '../../db/connection';

/** The cars named, each at the facility, else a 400 naming each that is not; the facility's label. */
async function carsAt(db: Db, ctx: Ctx, carIds: unknown[], facilityId: unknown) {
  const place = await get(db, ctx, facility, String(facilityId));
  const l = tableOf(loadedRailCar);
  const scope = scopeOf(ctx, loadedRailCar);
  const rows = await db.select({ id: l.id, version: l.version, mark: l.car_mark, number: l.car_number, at: l.current_location })
    .from(l).where(and(inArray(l.id, carIds as number[]), ...(scope ? [scope] : [])));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = carIds.filter((id) => !found.has(id as number));
  if (missing.length) throw badRequest({ carIds: missing.map((id) => `Car ${String(id)} was not found.`) });
  const away = rows.filter((r) => r.at !== place.id);
  if (away.length) throw badRequest({ carIds: away.map((r) => `${String(r.mark)} ${String(r.number)} is not at ${facility.choiceLabel(place)}.`) });
  return rows;
}

const assignEmbargo: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const cars = await carsAt(tx, ctx, input.carIds as unknown[], input.facilityId);
  const values = { embargo_number: input.embargo_number, embargo_permit_number: input.embargo_permit_number ?? null };
  for (const c of cars) await update(tx, ctx, loadedRailCar, String(c.id), { ...values, version: c.version });
  return { assigned: cars.length, embargo_number: input.embargo_number };
});

const unassignEmbargo: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const cars = await carsAt(tx, ctx, input.carIds as unknown[], input.facilityId);
  for (const c of cars) await update(tx, ctx, loadedRailCar, String(c.id), { embargo_number: null, embargo_permit_number: null, version: c.version });
  return { unassigned: cars.length };
});

const embargoCars: ActionHandler = async ({ db, ctx, input }) =>
  (await find(db, ctx, loadedRailCar, { embargo_number: String(input.embargo_number), ordering: 'mark_number', page_size: '500' })).rows;

const inspectingCar: ActionHandler = async ({ db, ctx, input }) => {
  const place = await get(db, ctx, facility, String(input.facility));
  const l = tableOf(loadedRailCar);
  const scope = scopeOf(ctx, loadedRailCar);
  const [row] = await db.select({ id: l.id }).from(l)
    .where(and(eq(l.car_mark, String(input.car_mark)), eq(l.car_number, Number(input.car_number)), eq(l.current_location, place.id as number), ...(scope ? [scope] : [])))
    .orderBy(desc(l.load_date), desc(l.id)).limit(1);
  if (!row) throw fieldError('car_number', `${String(input.car_mark)} ${String(input.car_number)} has no load standing at ${facility.choiceLabel(place)}.`);
  return get(db, ctx, loadedRailCar, String(row.id));
};

// The action's declared `writes` let this update set the read-only active fields (server/engine/actions.ts).
const updateActiveDetails: ActionHandler = async ({ db, ctx, record, input }) =>
  update(db, ctx, loadedRailCar, String(record!.id), { active_volume: input.active_volume, active_weight: input.active_weight, version: record!.version });

export const embargoFacilityActions = { assign_embargo_number: assignEmbargo, unassign_embargo_number: unassignEmbargo };
export const embargoCarActions = { embargo_cars: embargoCars, get_inspecting_car: inspectingCar, update_active_details: updateActiveDetails };
