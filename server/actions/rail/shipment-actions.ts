/**
 * The rail shipment's actions beyond making and cancelling (docs/rail.md §6.3, §6.4, §8.6):
 * - `assign_to_schedule/` moves an open or correcting shipment to the schedule of an active
 *   contract of its product (or off any schedule), its cars' contract with it;
 * - `create_template/` keeps the shipment's copyable fields as a template, and the template's
 *   `create_shipment/` starts an open shipment from them, leaving out references that are gone;
 * - `update_contact_preferences/`: who gets the bill of lading by mail;
 * - the loaded car's `facility/`, `remove_cars_by_id/` and `loaded_rail_cars/`.
 * Every write goes through the operations (rights, lifecycle, versions, hooks).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { registry } from '../../../src/resources/index';
import { facility } from '../../../src/resources/logistics/facility';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railSchedule } from '../../../src/resources/rail/rail-schedule';
import { PARTY_FIELDS, TEMPLATE_FIELDS, railShipment, railShipmentTemplate } from '../../../src/resources/rail/rail-shipment';
import { OPEN_SHIPMENT_STATUSES, shipmentStatusWord } from '../../../src/resources/rail/rail-shipment-status';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import type { Ctx } from '../../engine/context';
import { badRequest, fieldError, HttpError } from '../../engine/errors';
import { create, find, get, remove, scopeOf, update } from '../../engine/operations';
import { embargoCarActions } from './embargo';
import { carUploadActions } from './car-upload';

const writer = (ctx: Ctx, resource: string, fields: readonly string[]): Ctx => ({ ...ctx, writes: { resource, fields } });
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_RECIPIENTS = 20;

const assignToSchedule: ActionHandler = async ({ db, ctx, record, input }) => db.transaction(async (tx) => {
  const x = record!;
  if (!OPEN_SHIPMENT_STATUSES.includes(x.status as never)) throw fieldError('status', `${railShipment.choiceLabel(x)} is ${shipmentStatusWord(x.status)}; only an open or correcting shipment is assigned.`);
  let schedule: number | null = null;
  let contractId: number | null = null;
  if (input.schedule_id !== null && input.schedule_id !== undefined) {
    const s = tableOf(railSchedule);
    const c = tableOf(contract);
    const [row] = await tx.select({ id: s.id, contract: s.contract, number: c.contract_number, status: c.status, product: c.product }).from(s)
      .innerJoin(c, eq(c.id, s.contract)).where(and(eq(s.id, input.schedule_id as number), scopeOf(ctx, railSchedule))).for('update', { of: s });
    if (!row) throw fieldError('schedule_id', 'No such schedule.');
    if (row.status !== 'active') throw fieldError('schedule_id', `Contract ${String(row.number)} is ${String(row.status)}; only an active contract takes shipments.`);
    if (x.product && row.product !== x.product) throw fieldError('schedule_id', `Contract ${String(row.number)} is for another product.`);
    schedule = row.id as number;
    contractId = row.contract as number;
  }
  const moved = await update(tx, writer(ctx, railShipment.name, ['schedule', 'contract']), railShipment, String(x.id), { schedule, contract: contractId, version: x.version });
  const l = tableOf(loadedRailCar);
  await tx.update(l).set({ contract: contractId }).where(eq(l.rail_shipment, x.id as number));
  return moved;
});

const createTemplate: ActionHandler = async ({ db, ctx, record, input }) => {
  const values = Object.fromEntries(TEMPLATE_FIELDS.filter((f) => record![f] !== null && record![f] !== undefined).map((f) => [f, record![f]]));
  return created(await create(db, writer(ctx, railShipmentTemplate.name, ['values']), railShipmentTemplate, { name: input.name, values }));
};

/** A template's values as a new shipment's body, and the references it names that are gone (docs/rail.md §4.5). */
async function fromTemplate(db: Parameters<ActionHandler>[0]['db'], ctx: Ctx, values: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const name of TEMPLATE_FIELDS) {
    if (!(name in values) || values[name] === null) continue;
    const f = railShipment.fields[name];
    if (f.kind === 'ref') {
      const target = registry.get(f.to)!;
      const t = tableOf(target);
      const [row] = await db.select({ id: t.id }).from(t).where(and(eq(t.id, values[name] as number), scopeOf(ctx, target))).limit(1);
      if (!row) { dropped.push(name); continue; }
    }
    body[name] = values[name];
  }
  return { body, dropped };
}

const templateCreateShipment: ActionHandler = async ({ db, ctx, record }) => db.transaction(async (tx) => {
  const { body, dropped } = await fromTemplate(tx, ctx, (record!.values ?? {}) as Record<string, unknown>);
  const { contact_preferences: prefs, ...rest } = body;
  const shipment = await create(tx, writer(ctx, railShipment.name, ['contact_preferences']), railShipment, { ...rest, ...(prefs ? { contact_preferences: prefs } : {}) });
  return created({ shipment, dropped });
});

/** `{parties, to}` checked: party fields of a shipment, and at most 20 email addresses. */
function preferences(v: unknown): { parties: string[]; to: string[] } {
  const errors: string[] = [];
  const o = (v && typeof v === 'object' && !Array.isArray(v) ? v : null) as Record<string, unknown> | null;
  if (!o) throw fieldError('preferences', 'Send {parties: [party fields], to: [emails]}.');
  const unknownKeys = Object.keys(o).filter((k) => k !== 'parties' && k !== 'to');
  if (unknownKeys.length) errors.push(`Unknown: ${unknownKeys.join(', ')}; send parties and to.`);
  const parties = o.parties ?? [];
  const to = o.to ?? [];
  if (!Array.isArray(parties) || parties.some((p) => typeof p !== 'string')) errors.push('parties is a list of party fields, e.g. ["consignee"].');
  else for (const p of parties as string[]) if (!PARTY_FIELDS.includes(p)) errors.push(`${p} is not a party of a shipment.`);
  if (!Array.isArray(to) || to.some((e) => typeof e !== 'string')) errors.push('to is a list of email addresses.');
  else {
    if (to.length > MAX_RECIPIENTS) errors.push(`At most ${MAX_RECIPIENTS} addresses.`);
    for (const e of to as string[]) if (!EMAIL.test(e.trim())) errors.push(`${e} is not an email address.`);
  }
  if (errors.length) throw badRequest({ preferences: errors });
  return { parties: [...new Set(parties as string[])], to: [...new Set((to as string[]).map((e) => e.trim().toLowerCase()))] };
}

const updateContactPreferences: ActionHandler = async ({ db, ctx, record, input }) => {
  const x = record!;
  if (!['open', 'shipped', 'in_correction'].includes(String(x.status))) throw fieldError('status', `A ${shipmentStatusWord(x.status)} rail shipment cannot be changed.`);
  return update(db, ctx, railShipment, String(x.id), { contact_preferences: preferences(input.preferences), version: x.version });
};

const carFacility: ActionHandler = async ({ db, ctx, record }) => {
  let at = record!.current_location;
  if (at === null || at === undefined) {
    const s = tableOf(railShipment);
    const [row] = await db.select({ origin: s.origin }).from(s).where(eq(s.id, record!.rail_shipment as number));
    at = row?.origin;
  }
  if (at === null || at === undefined) throw new HttpError(404, { detail: 'This car has no facility.' });
  return get(db, ctx, facility, String(at));
};

const removeCarsById: ActionHandler = async ({ db, ctx, input }) => db.transaction(async (tx) => {
  const ids = [...new Set(input.car_ids as number[])];
  const l = tableOf(loadedRailCar);
  const s = tableOf(railShipment);
  const rows = await tx.select({ id: l.id, version: l.version, mark: l.car_mark, number: l.car_number, status: s.status, shipment_number: s.shipment_number, bol_number: s.bol_number })
    .from(l).innerJoin(s, eq(s.id, l.rail_shipment)).where(and(inArray(l.id, ids), scopeOf(ctx, loadedRailCar)));
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw fieldError('car_ids', `No such car: ${missing.join(', ')}.`);
  const closed = rows.filter((r) => !OPEN_SHIPMENT_STATUSES.includes(r.status as never));
  if (closed.length) {
    throw badRequest({ car_ids: closed.map((r) => `${String(r.mark)} ${String(r.number)}: ${railShipment.choiceLabel(r)} is ${shipmentStatusWord(r.status)}; open it for correction to change its cars.`) });
  }
  for (const r of rows) await remove(tx, ctx, loadedRailCar, String(r.id), r.version as number);
  return { removed: rows.length };
});

const loadedRailCars: ActionHandler = async ({ db, ctx, input }) => {
  const cars = (await find(db, ctx, loadedRailCar, { car_mark: String(input.mark), car_number: String(input.number), ordering: '-load_date,-id', page_size: '100' })).rows;
  if (!cars.length) return [];
  const s = tableOf(railShipment);
  const shipments = await db.select({ id: s.id, shipment_number: s.shipment_number, bol_number: s.bol_number, status: s.status, ship_date: s.ship_date })
    .from(s).where(inArray(s.id, [...new Set(cars.map((c) => c.rail_shipment as number))])).orderBy(desc(s.id));
  const byId = new Map(shipments.map((x) => [x.id, x]));
  return cars.map((c) => {
    const x = byId.get(c.rail_shipment as number);
    return { ...c, shipment_number: x?.shipment_number ?? null, bol_number: x?.bol_number ?? null, status: x?.status ?? null, ship_date: x?.ship_date ?? null };
  });
};

export const moreShipmentActions = { assign_to_schedule: assignToSchedule, create_template: createTemplate, update_contact_preferences: updateContactPreferences };
export const templateActions = { create_shipment: templateCreateShipment };
export const loadedCarActions = { facility: carFacility, remove_cars_by_id: removeCarsById, loaded_rail_cars: loadedRailCars, ...embargoCarActions, ...carUploadActions };
