/**
 * The rail shipment's actions of making and calling off (docs/rail.md §6.2, §6.3, §8.2, §8.6):
 * - `rail_schedule/{id}/create_shipment/` makes an open shipment for a day of the schedule, filled
 *   from its contract (§8.6);
 * - `rail_schedule/{id}/get_shipments/`, `get_cars/`: the schedule's shipments and their cars;
 * - `rail_shipment/{id}/cancel_shipment/` moves an open shipment to cancelled with its reason;
 * - `rail_shipment/{id}/cars/`: its cars by mark and number, with their derived values.
 * Every record is made and moved through the operations, so the rights, the lifecycle, the version
 * check and the hooks apply to every path.
 */
import { and, asc, eq } from 'drizzle-orm';
import { party } from '../../../src/resources/logistics/party';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import type { Ctx } from '../../engine/context';
import { fieldError } from '../../engine/errors';
import { create, find, update } from '../../engine/operations';
import { lockSchedule } from './schedule';

/** The company's own party: its enabled party that names the company itself, the first by name (§8.6). */
export async function ownParty(db: Db, companyId: number): Promise<number | null> {
  const p = tableOf(party);
  const [row] = await db.select({ id: p.id }).from(p)
    .where(and(eq(p.company, companyId), eq(p.platform_company, companyId), eq(p.enabled, true))).orderBy(asc(p.name), asc(p.id)).limit(1);
  return (row?.id as number | undefined) ?? null;
}

/** What a shipment made for a day of a schedule starts with (docs/rail.md §8.6). */
export async function shipmentForDay(db: Db, scheduleId: unknown, day: string, companyId: number, ctx: Ctx | null): Promise<Record<string, unknown>> {
  const { id, contract: k } = await lockSchedule(db, ctx, scheduleId);
  if (k.status !== 'active') throw fieldError('non_field_errors', `Contract ${k.number} is ${k.status}; activate it first.`);
  const e = tableOf(railScheduleEntry);
  const [known] = await db.select({ id: e.id }).from(e).where(and(eq(e.schedule, id), eq(e.date, day))).limit(1);
  if (!known && (day < k.start || day > k.end)) throw fieldError('date', `${day} is not a day of this schedule.`);
  const c = tableOf(contract);
  const [row] = await db.select({ type: c.contract_type, party: c.party, product: c.product, facility: c.facility, carrier: c.carrier, role: c.facility_role })
    .from(c).where(eq(c.id, k.id));
  const own = await ownParty(db, companyId);
  const sale = row.type === 'sale';
  return {
    schedule: id, contract: k.id, ship_date: day, product: row.product, railroad: row.carrier,
    ...(row.role === 'destination' ? { destination: row.facility } : { origin: row.facility }),
    shipper: sale ? own : row.party, consignee: sale ? row.party : own,
  };
}

/** The shipment's read-only fields `create_shipment/` fills from the schedule. */
const asShipmentWriter = (ctx: Ctx): Ctx => ({ ...ctx, writes: { resource: railShipment.name, fields: ['schedule', 'contract'] } });

const createShipmentForDay: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const body = await shipmentForDay(tx, record!.id, String(input.date), Number(record!.company ?? ctx.user.companyId), ctx);
  return created(await create(tx, asShipmentWriter(ctx), railShipment, body));
});

const getShipments: ActionHandler = async ({ db, ctx, record, input }) =>
  (await find(db, ctx, railShipment, { schedule: String(record!.id), ...(input.date ? { ship_date: String(input.date) } : {}), page_size: '0' })).rows;

const getCars: ActionHandler = async ({ db, ctx, record, input }) => {
  const s = tableOf(railShipment);
  const where = [eq(s.schedule, record!.id as number), ...(input.date ? [eq(s.ship_date, String(input.date))] : [])];
  const ids = (await db.select({ id: s.id }).from(s).where(and(...where))).map((x) => String(x.id));
  if (!ids.length) return [];
  return (await find(db, ctx, loadedRailCar, { rail_shipment: ids.join(','), page_size: '0', ordering: 'mark_number' })).rows;
};

const cancelShipment: ActionHandler = async ({ db, ctx, record, input }) =>
  update(db, ctx, railShipment, String(record!.id), { status: 'cancelled', cancel_reason: input.reason, version: record!.version });

const shipmentCars: ActionHandler = async ({ db, ctx, record }) =>
  (await find(db, ctx, loadedRailCar, { rail_shipment: String(record!.id), page_size: '0', ordering: 'mark_number' })).rows;

export const scheduleShipmentActions = { create_shipment: createShipmentForDay, get_shipments: getShipments, get_cars: getCars };
export const shipmentActions = { cancel_shipment: cancelShipment, cars: shipmentCars };
