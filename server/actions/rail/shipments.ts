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
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { formatMarkNumber, parseMarkNumber, type MarkNumber } from '../../../src/lib/reporting-mark';
import { MAX_BULK_CARS, railSchedule } from '../../../src/resources/rail/rail-schedule';
import { carsOnOpenShipments, loadCars } from './car-paste';
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
import { badRequest, fieldError } from '../../engine/errors';
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

/** Cancels an open shipment; a master billing's open sub-billings are cancelled with it (§8.2). */
const cancelShipment: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  if (record!.is_master_billing && record!.status === 'open') {
    const s = tableOf(railShipment);
    const subs = await tx.select({ id: s.id, version: s.version }).from(s)
      .where(and(eq(s.master_billing, record!.id as number), eq(s.status, 'open'))).orderBy(asc(s.shipment_number)).for('update');
    for (const sub of subs) await update(tx, ctx, railShipment, String(sub.id), { status: 'cancelled', cancel_reason: input.reason, version: sub.version });
  }
  return update(tx, ctx, railShipment, String(record!.id), { status: 'cancelled', cancel_reason: input.reason, version: record!.version });
});

const shipmentCars: ActionHandler = async ({ db, ctx, record }) =>
  (await find(db, ctx, loadedRailCar, { rail_shipment: String(record!.id), page_size: '0', ordering: 'mark_number' })).rows;

/** `GET rail_shipment/route/{id}/`: the shipment, its schedule with every day, and the day it ships on (docs/rail.md §6.3). */
const shipmentRoute: ActionHandler = async ({ db, ctx, record }) => {
  const shipment = record!;
  if (!shipment.schedule) return { shipment, schedule: null, day: null };
  const k = tableOf(contract);
  const sc = tableOf(railSchedule);
  const [s] = await db.select({ id: sc.id, contract: sc.contract, contract_number: k.contract_number, cars: k.number_of_cars })
    .from(sc).innerJoin(k, eq(k.id, sc.contract)).where(eq(sc.id, shipment.schedule as number));
  const days = (await find(db, ctx, railScheduleEntry, { schedule: String(s.id), page_size: '0', ordering: 'date' })).rows
    .map((d) => ({ date: d.date, quantity: d.quantity, actual: d.actual }));
  return { shipment, schedule: { ...s, entries: days }, day: days.find((d) => d.date === shipment.ship_date) ?? null };
};

export const scheduleShipmentActions = { create_shipment: createShipmentForDay, get_shipments: getShipments, get_cars: getCars };
export const shipmentActions = { cancel_shipment: cancelShipment, cars: shipmentCars, route: shipmentRoute };

/** The schedule a paste of cars goes to: this one, or the other side's of a connected pair (docs/rail.md §6.2). */
async function scheduleForSide(db: Db, ctx: Ctx, scheduleId: number, side: string): Promise<number> {
  const { contract: k } = await lockSchedule(db, ctx, scheduleId);
  const c = tableOf(contract);
  const [row] = await db.select({ type: c.contract_type, supply: c.supply_contract }).from(c).where(eq(c.id, k.id));
  const own = row.type === 'sale' ? 'seller' : 'buyer';
  if (side === own) return scheduleId;
  let other: number | null;
  if (row.type === 'sale') other = (row.supply as number | null) ?? null;
  else {
    const sales = await db.select({ id: c.id }).from(c).where(eq(c.supply_contract, k.id));
    if (sales.length > 1) throw fieldError('buyerSeller', `${k.number} supplies ${sales.length} sales; add the cars on the sale's schedule.`);
    other = (sales[0]?.id as number | undefined) ?? null;
  }
  if (other === null) throw fieldError('buyerSeller', `${k.number} is a ${String(row.type)}: the company is the ${own}.`);
  const s = tableOf(railSchedule);
  const [sched] = await db.select({ id: s.id }).from(s).where(eq(s.contract, other));
  return sched.id as number;
}

const bulkAddCars: ActionHandler = async ({ db, ctx, record, input }) => {
  const day = String(input.date);
  const list = input.cars as unknown[];
  if (!list.length || list.length > MAX_BULK_CARS) throw fieldError('cars', `Send 1 to ${MAX_BULK_CARS} cars.`);
  const errors: string[] = [];
  const cars: MarkNumber[] = [];
  for (const text of list) {
    const car = typeof text === 'string' ? parseMarkNumber(text) : null;
    if (!car) { errors.push(`${JSON.stringify(text)} is not a car: write a mark and a number, e.g. TILX 1234.`); continue; }
    if (cars.some((x) => x.mark === car.mark && x.number === car.number)) { errors.push(`${formatMarkNumber(car)} is listed twice.`); continue; }
    cars.push(car);
  }
  if (errors.length) throw badRequest({ cars: errors });
  return db.transaction(async (tx) => {
    const companyId = Number(record!.company ?? ctx.user.companyId);
    const scheduleId = await scheduleForSide(tx, ctx, record!.id as number, String(input.buyerSeller));
    for (const { car, on } of await carsOnOpenShipments(tx, companyId, cars)) errors.push(`${formatMarkNumber(car)} is already on open shipment ${on}.`);
    if (errors.length) throw badRequest({ cars: errors });
    const s = tableOf(railShipment);
    const [open] = await tx.select({ id: s.id, shipment_number: s.shipment_number }).from(s)
      .where(and(eq(s.schedule, scheduleId), eq(s.ship_date, day), eq(s.status, 'open'))).orderBy(asc(s.id)).limit(1);
    const shipment = open ?? await create(tx, asShipmentWriter(ctx), railShipment, await shipmentForDay(tx, scheduleId, day, companyId, ctx));
    return created({ shipment: { id: shipment.id, shipment_number: shipment.shipment_number }, cars: await loadCars(tx, ctx, companyId, shipment.id, cars) });
  });
};

/** `yyyy-MM-dd_yyyy-MM-dd`, both ends included (docs/rail.md §6.1). */
function dateRange(v: unknown): [string, string] | null {
  if (v === undefined || v === null || v === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})$/.exec(String(v));
  const valid = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
  if (!m || !valid(m[1]) || !valid(m[2])) throw fieldError('dateRange', 'Write the range as yyyy-MM-dd_yyyy-MM-dd.');
  if (m[1] > m[2]) throw fieldError('dateRange', 'The range starts after it ends.');
  return [m[1], m[2]];
}

const contractCars: ActionHandler = async ({ db, ctx, record, input }) => {
  const range = dateRange(input.dateRange);
  const s = tableOf(railShipment);
  const shipments = await db.select({ id: s.id, shipment_number: s.shipment_number, bol_number: s.bol_number, status: s.status, ship_date: s.ship_date }).from(s)
    .where(and(eq(s.contract, record!.id as number), ...(range ? [gte(s.ship_date, range[0]), lte(s.ship_date, range[1])] : [])));
  if (!shipments.length) return [];
  const byId = new Map(shipments.map((x) => [x.id, x]));
  const cars = (await find(db, ctx, loadedRailCar, { rail_shipment: shipments.map((x) => String(x.id)).join(','), page_size: '0', ordering: 'mark_number' })).rows;
  return cars.map((c) => {
    const x = byId.get(c.rail_shipment as number)!;
    return {
      id: c.id, mark_number: c.mark_number, car_type: c.car_type, rail_shipment: c.rail_shipment, shipment_number: x.shipment_number, bol_number: x.bol_number,
      status: x.status, ship_date: x.ship_date, net_volume: c.net_volume, net_volume_litres: c.net_volume_litres, weight: c.weight,
    };
  });
};

/** A contract's shipment rows carry what a list of shipments shows (the list's columns and the net volume), not the whole form. */
const CONTRACT_SHIPMENT_FIELDS = [...railShipment.list.columns, 'net_volume_total'].join(',');

const contractShipments: ActionHandler = async ({ db, ctx, record, input }) => {
  const status = (input.status as string[] | undefined)?.length ? { status: (input.status as string[]).join(',') } : {};
  return (await find(db, ctx, railShipment, {
    contract: String(record!.id), ...status, ordering: '-ship_date,-shipment_number', page_size: String(input.page_size ?? 1000), fields: CONTRACT_SHIPMENT_FIELDS,
  })).rows;
};

export const scheduleCarActions = { bulk_add_cars: bulkAddCars };
export const contractShipmentActions = { get_cars: contractCars, get_shipments: contractShipments };
