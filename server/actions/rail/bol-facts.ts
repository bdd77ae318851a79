/**
 * Everything a bill of lading is made from (docs/rail.md §10.1), loaded once per shipment: the
 * shipment, the issuing company, each named party, origin and destination, the railroad, the
 * product, the contract and the cars with their derived values. The ship checks (§8.1) and the
 * snapshot (§10.1) both read these facts, so what is checked is what is printed.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { type LoadedCarValues, loadedCarValues } from '../../../src/lib/rail-car-values';
import { company } from '../../../src/resources/accounts/company';
import { facility } from '../../../src/resources/logistics/facility';
import { party } from '../../../src/resources/logistics/party';
import { product } from '../../../src/resources/logistics/product';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { PARTY_FIELDS, railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { selectionOf } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import type { Row } from '../../engine/serialize';

export type LoadedCar = Row & { values: LoadedCarValues };

export interface BolFacts {
  shipment: Row;
  company: Row;
  /** Party rows by the shipment's party field (`consignee`), for the fields it names. */
  parties: Record<string, Row>;
  origin: Row | null;
  destination: Row | null;
  railroad: Row | null;
  product: Row | null;
  contract: Row | null;
  cars: LoadedCar[];
  /** The sub-billings of a master that are not cancelled, each with its cars (empty for any other shipment). */
  subBillings: BolFacts[];
}

async function byId(db: Db, r: typeof facility | typeof party | typeof product | typeof contract | typeof company, id: unknown): Promise<Row | null> {
  if (id === null || id === undefined) return null;
  const t = tableOf(r);
  return (await db.select(selectionOf(r)).from(t).where(eq(t.id, id as number)).limit(1))[0] ?? null;
}

/** The origin's zone: a bill of lading states its times, and ships on "today", where its cars are released. */
export async function originZone(db: Db, f: BolFacts): Promise<string> {
  return (f.origin?.timezone as string | undefined) || await companyTimeZone(db, Number(f.shipment.company));
}

/** A stored car row with its derived values. */
export const withCarValues = (c: Row): LoadedCar => ({
  ...c,
  values: loadedCarValues({
    car_type: String(c.car_type), shell_capacity: String(c.shell_capacity), volume_outage: String(c.volume_outage),
    temperature_correction_factor: String(c.temperature_correction_factor), density: String(c.density),
    gal_to_liter_conversion_factor: String(c.gal_to_liter_conversion_factor), weight: String(c.weight),
  }),
});

/** The shipment's cars by mark and number, each with its derived values. */
export async function carsOf(db: Db, shipmentId: number): Promise<LoadedCar[]> {
  const t = tableOf(loadedRailCar);
  const rows = await db.select(selectionOf(loadedRailCar)).from(t).where(eq(t.rail_shipment, shipmentId)).orderBy(asc(t.car_mark), asc(t.car_number));
  return rows.map(withCarValues);
}

/** The facts of one shipment as stored now (read inside the transaction that locks it). */
export async function loadBolFacts(db: Db, shipmentId: number): Promise<BolFacts> {
  const s = tableOf(railShipment);
  const [shipment] = await db.select(selectionOf(railShipment)).from(s).where(eq(s.id, shipmentId));
  const ids = PARTY_FIELDS.map((f) => shipment[f]).filter((v) => v !== null && v !== undefined) as number[];
  const p = tableOf(party);
  const partyRows = ids.length ? await db.select(selectionOf(party)).from(p).where(inArray(p.id, [...new Set(ids)])) : [];
  const parties = Object.fromEntries(PARTY_FIELDS.flatMap((f) => {
    const row = partyRows.find((x) => x.id === shipment[f]);
    return row ? [[f, row]] : [];
  }));
  const subIds = shipment.is_master_billing
    ? (await db.select({ id: s.id }).from(s).where(and(eq(s.master_billing, shipmentId), ne(s.status, 'cancelled'))).orderBy(asc(s.shipment_number))).map((x) => x.id as number)
    : [];
  const subBillings = [];
  for (const id of subIds) subBillings.push(await loadBolFacts(db, id));
  return {
    shipment,
    company: (await byId(db, company, shipment.company))!,
    parties,
    origin: await byId(db, facility, shipment.origin),
    destination: await byId(db, facility, shipment.destination),
    railroad: await byId(db, party, shipment.railroad),
    product: await byId(db, product, shipment.product),
    contract: await byId(db, contract, shipment.contract),
    cars: await carsOf(db, shipmentId),
    subBillings,
  };
}
