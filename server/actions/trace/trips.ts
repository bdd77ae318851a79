/**
 * Trips through the API (docs/trace.md, Trips): built from car events, never created or deleted by
 * a user; a user writes its notes and matches a loaded trip to its car load by hand
 * (`match_car_load/`) or takes a match off (`unmatch_car_load/`); `events/` answers its events.
 */
import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { trip } from '../../../src/resources/trace/trip';
import { shipmentStatusWord } from '../../../src/resources/rail/rail-shipment-status';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest, conflict } from '../../engine/errors';
import { find, get, update } from '../../engine/operations';
import { recordsInGeofence } from './geofence';
import { tripOverview } from './trip-overview';
import { deleteFile, getFile, saveExtractedData, shipperValues, uploadFile } from './trip-bol';

const BUILT = 'Trips are built from car events: record, correct or delete the car\'s events instead.';

/** The trip's events: from its start to its placement (a loaded trip that was placed), else to the next trip's start. */
const events: ActionHandler = async ({ db, ctx, record }) => {
  const row = record!;
  const e = tableOf(carEvent);
  const t = tableOf(trip);
  const [start] = await db.select({ time: e.event_time }).from(e).where(eq(e.id, row.start_event as number));
  const [next] = await db.select({ time: e.event_time }).from(t).innerJoin(e, eq(e.id, t.start_event))
    .where(and(eq(t.car, row.car as number), gt(e.event_time, start.time))).orderBy(asc(e.event_time)).limit(1);
  const placed = row.kind === 'loaded' && row.status === 'completed' && row.placed_at ? new Date(String(row.placed_at)) : null;
  const until = placed ? lte(e.event_time, placed) : next ? lt(e.event_time, next.time) : undefined;
  const ids = await db.select({ id: e.id }).from(e).where(and(eq(e.car, row.car as number), gte(e.event_time, start.time), until));
  if (!ids.length) return [];
  return (await find(db, ctx, carEvent, { id__in: ids.map((x) => x.id).join(','), page_size: '0', ordering: 'event_time' })).rows;
};

const matchCarLoad: ActionHandler = async ({ db, ctx, record, input }) => {
  const row = record!;
  if (row.kind !== 'loaded') throw badRequest({ loaded_rail_car: ['An empty trip carries no load.'] });
  const load = await get(db, ctx, loadedRailCar, String(input.loaded_rail_car));
  const c = tableOf(car);
  const [mine] = await db.select({ mark: c.mark, number: c.number }).from(c).where(eq(c.id, row.car as number));
  if (load.car_mark !== mine.mark || Number(load.car_number) !== Number(mine.number)) {
    throw badRequest({ loaded_rail_car: [`That load is car ${String(load.car_mark)} ${String(load.car_number)}; this trip is ${mine.mark} ${mine.number}.`] });
  }
  const s = tableOf(railShipment);
  const [shipment] = await db.select({ status: s.status, number: s.shipment_number }).from(s).where(eq(s.id, load.rail_shipment as number));
  if (shipment.status !== 'shipped' && shipment.status !== 'in_correction') {
    throw badRequest({ loaded_rail_car: [`Shipment ${String(shipment.number)} is ${shipmentStatusWord(shipment.status)}: a trip carries a load that was shipped.`] });
  }
  const t = tableOf(trip);
  const [other] = await db.select({ id: t.id }).from(t).where(and(eq(t.loaded_rail_car, load.id as number)));
  if (other && other.id !== row.id) throw conflict(`That load is matched to another trip (${String(other.id)}): unmatch it there first.`);
  return update(db, ctx, trip, String(row.id), { loaded_rail_car: load.id, rail_shipment: load.rail_shipment, match: 'manual', version: row.version });
};

const unmatchCarLoad: ActionHandler = async ({ db, ctx, record }) =>
  update(db, ctx, trip, String(record!.id), { loaded_rail_car: null, rail_shipment: null, match: 'unmatched', version: record!.version });

export const tripBehaviour = defineBehaviour(trip, {
  hooks: {
    beforeWrite({ mode }) { if (mode === 'create') throw badRequest({ non_field_errors: [BUILT] }); },
    beforeDelete() { throw badRequest({ non_field_errors: [BUILT] }); },
    beforeClone() { throw badRequest({ non_field_errors: [BUILT] }); },
  },
  computed: {
    car_fleet_status: (t) => sql`(select c.fleet_status from ${tableOf(car)} c where c.id = ${t.car})`,
  },
  actions: {
    events, overview: tripOverview, match_car_load: matchCarLoad, unmatch_car_load: unmatchCarLoad, get_records_in_geofence: recordsInGeofence,
    upload_file: uploadFile, get_file: getFile, delete_file: deleteFile, save_extracted_data: saveExtractedData, get_shipper_unique_values: shipperValues,
  },
});
