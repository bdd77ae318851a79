/**
 * What a loaded rail car's declaration cannot say (docs/rail.md §4.4), run in its write transaction:
 * - it first takes its shipment's row `FOR SHARE`, so a ship that has begun makes it wait and then
 *   refuse, and a car added first makes the ship wait for it; only an open or correcting shipment
 *   takes, changes or loses cars;
 * - a car (mark and number) is on one open or correcting shipment of the company at a time,
 *   checked under an advisory lock of (company, mark, number), so two processes adding the same
 *   car to two shipments cannot both pass;
 * - left out, its location, product and load date come from the shipment (today at its origin);
 *   its product is the shipment's; its contract is the shipment's, kept with it;
 * - it names the fleet's record of its mark and number when the company has one;
 * - its outage is not more than its shell capacity, and a tank car's weight is its net volume
 *   times its density (src/lib/rail-car-values.ts), stored on every write, a different one refused.
 * Its derived values are computed in SQL by the same rule (`loadedCarSql`).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isTankCar, loadedCarErrors, loadedCarSql, loadedCarValues, type LoadedCarMeasures } from '../../../src/lib/rail-car-values';
import { localDateIn } from '../../../src/lib/time-zone';
import { carFactors, type Correction } from '../../../src/lib/car-correction';
import type { CommodityGroup } from '../../../src/lib/mpms-11-1';
import { product } from '../../../src/resources/logistics/product';
import { car } from '../../../src/resources/fleet/car';
import { facility } from '../../../src/resources/logistics/facility';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { OPEN_SHIPMENT_STATUSES, shipmentStatusWord } from '../../../src/resources/rail/rail-shipment-status';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { badRequest, conflict, ErrorBag, fieldError } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import type { ParsedInput } from '../../engine/input';
import type { Row } from '../../engine/serialize';
import { companyTimeZone } from '../../engine/time-zones';

export interface ShipmentFacts { id: number; number: string; label: string; status: string; origin: number | null; product: number | null; contract: number | null; company: number; master: boolean }


/** The car's shipment, its row held `FOR SHARE` until the transaction ends. */
export async function shareShipment(db: Db, id: unknown): Promise<ShipmentFacts | null> {
  const s = tableOf(railShipment);
  const [row] = await db.select({
    id: s.id, number: s.shipment_number, bol: s.bol_number, status: s.status, origin: s.origin, product: s.product, contract: s.contract, company: s.company,
    master: s.is_master_billing,
  }).from(s).where(eq(s.id, id as number)).for('share');
  if (!row) return null;
  return { ...row, label: railShipment.choiceLabel({ id: row.id, shipment_number: row.number, bol_number: row.bol }) } as unknown as ShipmentFacts;
}

/** Why this shipment takes no changes to its cars, or null when it does. */
export const closedShipment = (x: ShipmentFacts) =>
  OPEN_SHIPMENT_STATUSES.includes(x.status as never) ? null : `${x.label} is ${shipmentStatusWord(x.status)}; open it for correction to change its cars.`;

/** Serialises every check of one car of one company across transactions and processes. */
export async function lockCar(db: Db, company: unknown, mark: string, number: unknown) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`loaded_rail_car:${String(company)}:${mark}:${String(number)}`}, 0))`);
}

/** The open shipment other than `except` this car is on, if any (call under `lockCar`). */
export async function openShipmentOf(db: Db, company: unknown, mark: string, number: unknown, except?: unknown): Promise<string | null> {
  const l = tableOf(loadedRailCar);
  const s = tableOf(railShipment);
  const [row] = await db.select({ id: s.id, shipment_number: s.shipment_number, bol_number: s.bol_number }).from(l).innerJoin(s, eq(s.id, l.rail_shipment))
    .where(and(
      eq(l.company, company as number), eq(l.car_mark, mark), eq(l.car_number, number as number),
      inArray(s.status, [...OPEN_SHIPMENT_STATUSES]), ...(except === undefined ? [] : [ne(s.id, except as number)]),
    )).limit(1);
  return row ? railShipment.choiceLabel(row) : null;
}

/** What the car's derived values are computed from, as decimal strings. */
const measures = (x: Record<string, unknown>): LoadedCarMeasures => ({
  car_type: String(x.car_type ?? 'T'),
  shell_capacity: String(x.shell_capacity ?? '0'),
  volume_outage: String(x.volume_outage ?? '0'),
  temperature_correction_factor: String(x.temperature_correction_factor ?? '1'),
  density: String(x.density ?? '1'),
  gal_to_liter_conversion_factor: String(x.gal_to_liter_conversion_factor ?? '3.78541'),
  weight: String(x.weight ?? '0'),
});

const blank = (v: unknown) => v === null || v === undefined || v === '';

const FACTORS = ['temperature_correction_factor', 'temperature_correction_factor_at_15c'] as const;

/**
 * A new car given a load temperature and no factor is corrected by API MPMS 11.1 (when its product
 * has a commodity group): the single create and the bulk upload decide it here. `sent` says
 * whether the caller gave a field.
 */
export const computesOnCreate = (sent: (field: string) => boolean, v: Record<string, unknown>) =>
  sent('load_temperature') && !blank(v.load_temperature) && !FACTORS.some((f) => sent(f) && !blank(v[f]));

/**
 * The car's temperature correction (docs/loading.md, The loaded car's correction): computed, both
 * factors come from the load temperature, the density and the product's commodity group by API
 * MPMS 11.1; typed, they are kept as given. A new car given a load temperature and no factor is
 * computed when its product has a group; a factor typed on a computed car is an override, and the
 * car becomes typed (the history records the change).
 */
async function correct(db: Db, input: ParsedInput, current: Row | undefined, now: Record<string, unknown>, mode: 'create' | 'update', errors: ErrorBag) {
  const v = input.values;
  const sent = (f: string) => f in v && !input.defaulted?.has(f);
  const typedFactor = FACTORS.some((f) => sent(f) && !blank(v[f]) && (mode === 'create' || Number(v[f]) !== Number(current?.[f])));
  const p = tableOf(product);
  const groupOf = async () => (now.product ? (await db.select({ group: p.commodity_group, name: p.name }).from(p).where(eq(p.id, now.product as number)))[0] : undefined);
  let correction = (v.correction ?? current?.correction ?? 'typed') as Correction;
  if (!sent('correction')) {
    if (mode === 'create' && computesOnCreate(sent, v) && (await groupOf())?.group) correction = 'computed';
    else if (correction === 'computed' && typedFactor) correction = 'typed';
  }
  if (mode === 'create' || correction !== current?.correction) v.correction = correction;
  if (correction !== 'computed') return;
  const found = await groupOf();
  if (!found?.group) {
    errors.add('correction', `${found ? String(found.name) : 'The product'} has no commodity group for API MPMS 11.1: type the factors, or give the product its group.`);
    return;
  }
  try {
    Object.assign(v, carFactors(String(now.load_temperature ?? '0'), String(now.density ?? '1'), found.group as CommodityGroup));
  } catch (e) {
    const message = (e as Error).message;
    errors.add(/density/i.test(message) ? 'density' : 'load_temperature', message);
  }
}

/** Today at the shipment's origin (the company's zone when it has none): a new car's load date when left out. */
export async function originToday(db: Db, shipment: ShipmentFacts): Promise<string> {
  const f = tableOf(facility);
  const [o] = shipment.origin ? await db.select({ zone: f.timezone }).from(f).where(eq(f.id, shipment.origin)) : [];
  // Now is a valid instant in any zone the database holds: a date always comes back.
  return localDateIn(new Date(), (o?.zone as string | undefined) ?? await companyTimeZone(db, shipment.company))!;
}

/** What a new car takes from its shipment: its contract, and when left out its location, product and load date (`today`). */
export function fillFromShipment(v: Record<string, unknown>, shipment: ShipmentFacts, today: string) {
  v.contract = shipment.contract;
  if (blank(v.current_location)) v.current_location = shipment.origin;
  if (blank(v.product)) v.product = shipment.product;
  if (blank(v.load_date)) v.load_date = today;
}

/** The car's fields that follow it after its shipment ships: its embargo and what it holds now (docs/loading.md, Embargoes and inspection). */
const AFTER_SHIPPING = new Set(['embargo_number', 'embargo_permit_number', 'active_volume', 'active_weight']);

export const loadedCarHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    const v = input.values;
    if (mode === 'update' && 'rail_shipment' in v && v.rail_shipment !== current?.rail_shipment) throw fieldError('rail_shipment', 'A car stays on its shipment; remove it and add it to the other.');
    const after = { ...current, ...v };
    const shipment = await shareShipment(db, after.rail_shipment);
    if (!shipment) return; // the engine answers the unknown reference
    // What follows the car after it ships (an embargo, what it holds now) is written whatever its shipment's status.
    if (mode === 'update' && Object.keys(v).every((k) => AFTER_SHIPPING.has(k))) return;
    const closed = closedShipment(shipment);
    if (closed) throw fieldError('rail_shipment', closed);
    // A master billing's cars are its sub-billings' (docs/rail.md §8.5).
    if (shipment.master) throw fieldError('rail_shipment', `${shipment.label} is a master billing: add the car to one of its sub-billings.`);
    if (mode === 'create') fillFromShipment(v, shipment, blank(v.load_date) ? await originToday(db, shipment) : '');
    const errors = new ErrorBag();
    await correct(db, input, current, { ...after, ...v }, mode, errors);
    const now = { ...after, ...v };
    if (shipment.product && now.product && now.product !== shipment.product) errors.add('product', `${shipment.label} carries another product.`);
    const m = measures(now);
    // A tank car's weight is the rule's: 0 (the default a new car is given) or the stored weight sent back is no weight given.
    const sentWeight = 'weight' in v && !blank(v.weight) && Number(v.weight) !== 0 && String(v.weight) !== String(current?.weight) ? String(v.weight) : null;
    for (const [field, messages] of Object.entries(loadedCarErrors(m, isTankCar(m.car_type) ? sentWeight : null))) for (const msg of messages) errors.add(field, msg);
    errors.throwIfAny();
    if (isTankCar(m.car_type)) v.weight = loadedCarValues(m).weight;
    if (mode === 'create' || 'car_mark' in v || 'car_number' in v) {
      const mark = String(now.car_mark).toUpperCase();
      await lockCar(db, now.company, mark, now.car_number);
      const other = await openShipmentOf(db, now.company, mark, now.car_number, shipment.id);
      if (other) {
        const msg = `${mark} ${String(now.car_number)} is already on open shipment ${other}.`;
        throw badRequest({ car_mark: [msg], car_number: [msg] });
      }
      const c = tableOf(car);
      const [fleet] = await db.select({ id: c.id }).from(c).where(and(eq(c.company, now.company as number), eq(c.mark, mark), eq(c.number, now.car_number as number))).limit(1);
      v.car = fleet?.id ?? null;
    }
  },
  async beforeDelete({ db, current }) {
    const shipment = await shareShipment(db, current.rail_shipment);
    const closed = shipment && closedShipment(shipment);
    if (closed) throw conflict(closed);
  },
};

const own = (name: string) => `"${loadedRailCar.table}"."${name}"`;
const values = loadedCarSql(own);

export const loadedCarComputed = {
  mark_number: () => sql.raw(`(${own('car_mark')} || ' ' || ${own('car_number')}::text)`),
  shipment_status: () => sql.raw(`(select s."status" from "${railShipment.table}" s where s."id" = ${own('rail_shipment_id')})`),
  gross_volume: () => sql.raw(values.gross_volume),
  net_volume: () => sql.raw(values.net_volume),
  gross_volume_litres: () => sql.raw(values.gross_volume_litres),
  net_volume_litres: () => sql.raw(values.net_volume_litres),
};
