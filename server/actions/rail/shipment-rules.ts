/**
 * What a rail shipment's declaration cannot say (docs/rail.md §4.3), run in its write transaction:
 * - its railroad is a railroad or carrier party, and its route starts with that railroad's SCAC;
 * - its origin and destination are not the same facility;
 * - on a contract, its product is the contract's;
 * - it gets the next number of the rail shipments' code generator (§9) when made, given last,
 *   once every rule has passed, so creation never fails for want of a number.
 * The lifecycle (§3.2: locked, final, each move's codename and reason) is the engine's.
 * Its totals are the sums of its cars' rounded values (src/lib/rail-car-values.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { loadedCarSql } from '../../../src/lib/rail-car-values';
import { facility } from '../../../src/resources/logistics/facility';
import { party } from '../../../src/resources/logistics/party';
import { product } from '../../../src/resources/logistics/product';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { ErrorBag } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { generatorSettings, giveNumber } from './numbering';
import { railroadError } from './contract-rules';

/** `RS-000123 (BOL PBT26000042)`, or the id of a shipment without a number. */
export const shipmentLabel = (row: Record<string, unknown>) => railShipment.choiceLabel(row);

async function one<T extends Record<string, unknown>>(db: Db, q: Promise<T[]>): Promise<T | undefined> {
  return (await q)[0];
}

async function codeOf(db: Db, r: typeof product | typeof facility, id: unknown): Promise<string | null> {
  if (id === null || id === undefined) return null;
  const t = tableOf(r);
  const row = await one(db, db.select({ code: t.code }).from(t).where(eq(t.id, id as number)).limit(1));
  return (row?.code as string | null | undefined) ?? null;
}

/** The next shipment number, skipping numbers the company's shipments already have. */
export async function nextShipmentNumber(db: Db, companyId: number, after: Record<string, unknown>): Promise<string> {
  const t = tableOf(railShipment);
  return giveNumber(db, {
    companyId, series: 'rail_shipment', settings: await generatorSettings(db, companyId, 'rail_shipment'), rule: 'code',
    fields: { 'origin.code': await codeOf(db, facility, after.origin), 'product.code': await codeOf(db, product, after.product) },
    taken: async (code) => (await db.select({ id: t.id }).from(t).where(and(eq(t.company, companyId), eq(t.shipment_number, code))).limit(1)).length > 0,
    maxLength: (railShipment.fields.shipment_number as { max: number }).max,
  });
}

const touched = (v: Record<string, unknown>, mode: string, ...names: string[]) => mode === 'create' || names.some((n) => n in v);

export const shipmentHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    const v = input.values;
    const after = { ...current, ...v };
    const errors = new ErrorBag();
    if ('railroad' in v) {
      const wrong = await railroadError(db, v.railroad);
      if (wrong) errors.add('railroad', wrong);
    }
    if (touched(v, mode, 'origin', 'destination') && after.origin && after.origin === after.destination) {
      errors.add('destination', 'Origin and destination are the same facility.');
    }
    if (touched(v, mode, 'routing', 'railroad') && after.routing && after.railroad && !('railroad' in errors.errors)) {
      const p = tableOf(party);
      const rr = await one(db, db.select({ scac: p.scac }).from(p).where(eq(p.id, after.railroad as number)).limit(1));
      const first = String(after.routing).split(/[ -]+/)[0].toUpperCase();
      if (rr?.scac && String(rr.scac).toUpperCase() !== first) errors.add('routing', `The route starts with the shipment's railroad, ${String(rr.scac)}.`);
    }
    if (touched(v, mode, 'product', 'contract') && after.contract && after.product) {
      const c = tableOf(contract);
      const k = await one(db, db.select({ product: c.product, number: c.contract_number }).from(c).where(eq(c.id, after.contract as number)).limit(1));
      if (k && k.product !== after.product) errors.add('product', `Contract ${String(k.number)} is for another product.`);
    }
    errors.throwIfAny();
    if (mode === 'create') v.shipment_number = await nextShipmentNumber(db, Number(after.company), after);
  },
};

const L = loadedRailCar.table;
const values = loadedCarSql((name) => `l."${name}"`);
const ofCars = (expr: string, cast: string) =>
  sql.raw(`(select coalesce(sum(${expr}), 0)::${cast} from "${L}" l where l."rail_shipment_id" = "${railShipment.table}"."id")`);

/** A shipment's totals over its cars (docs/rail.md §4.4: the sums of the cars' rounded values). */
export const shipmentComputed = {
  car_count: () => sql.raw(`(select count(*)::int from "${L}" l where l."rail_shipment_id" = "${railShipment.table}"."id")`),
  net_volume_total: () => ofCars(values.net_volume, 'numeric(14,2)'),
  weight_total: () => ofCars(values.weight, 'numeric(14,1)'),
};
