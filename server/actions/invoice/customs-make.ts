/**
 * `POST customs/create_invoice/ {cars, cross_border_contract?}` (docs/invoicing.md, Making customs
 * invoices): one customs invoice per shipment and cross-border contract, its lines the cars. All
 * or nothing: a 400 names every car that cannot go on one, and nothing is written.
 * - A car crosses when its shipment's origin and destination facilities are in different
 *   countries; a cancelled or void shipment crosses nothing.
 * - Its terms are the cross-border contract named, else its sale contract's; the contract's
 *   currency is the invoice's, and the car's value must be in it.
 * - Never twice: the cars and shipments are locked first, and a partial unique index keeps a car
 *   on one open customs line (migration 0055).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Dec, add, parse, text as decText } from '../../../src/lib/pg-decimal';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { facility } from '../../../src/resources/logistics/facility';
import { party } from '../../../src/resources/logistics/party';
import { product } from '../../../src/resources/logistics/product';
import { crossBorderContract } from '../../../src/resources/terminal/cross-border-contract';
import { customsInvoice, customsItem } from '../../../src/resources/invoice/customs-invoice';
import { invoice, invoiceItem } from '../../../src/resources/invoice/invoice';
import { invoiceProduct } from '../../../src/resources/invoice/invoice-product';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { visibleRows } from '../../engine/bulk-rows';
import { badRequest } from '../../engine/errors';
import { create } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { generatorSettings, giveNumber } from '../rail/numbering';
import { BROKER_BY_COUNTRY } from '../rail/ship-checks';
import { type ChargeCar, chargeCarOf } from './car-charges';
import { contractValue, customsQuantity, customsTotals, unitValue } from './customs-values';

export const CI = tableOf(customsInvoice);
export const CL = tableOf(customsItem);
const S = tableOf(railShipment);
const K = tableOf(contract);
const F = tableOf(facility);
const P = tableOf(party);
const G = tableOf(product);
const X = tableOf(crossBorderContract);

const DEAD = new Set(['cancelled', 'void']);
const country = (f: Row | undefined) => String(f?.country ?? '').trim().toUpperCase();

/** A party as a customs document quotes it. */
const partyAddress = (p: Row | undefined) => (p ? {
  party: p.id, name: p.name, code: p.code ?? null, address: p.address ?? null, city: p.city ?? null, province: p.province ?? null,
  postal_code: p.postal_code ?? null, country: p.country ?? null, email: p.email ?? null, tax_number: p.tax_number ?? null,
} : null);

const byId = async (db: Db, t: typeof F | typeof P | typeof G | typeof K, ids: unknown[]) => {
  const list = [...new Set(ids.filter((x) => x !== null && x !== undefined))] as number[];
  return new Map(list.length ? (await db.select().from(t).where(inArray(t.id, list))).map((r) => [r.id as number, r as Row]) : []);
};

/** Each car's amount invoiced as product, by car, with its invoice's currency and number. */
async function invoicedValues(db: Db, cars: number[]): Promise<Map<number, { amount: Dec; currency: string; source: string }>> {
  const L = tableOf(invoiceItem);
  const I = tableOf(invoice);
  const IP = tableOf(invoiceProduct);
  const rows = cars.length ? await db.select({ car: L.loaded_rail_car, amount: L.amount, currency: I.currency, code: I.code, id: I.id }).from(L)
    .innerJoin(I, eq(I.id, L.invoice)).innerJoin(IP, eq(IP.id, L.invoice_product))
    .where(and(inArray(L.loaded_rail_car, cars), eq(L.open, true), eq(I.kind, 'invoice'), eq(IP.category, 'product'))) : [];
  const out = new Map<number, { amount: Dec; currency: string; source: string }>();
  for (const r of rows) {
    const was = out.get(r.car as number);
    const amount = parse(String(r.amount)) ?? { units: 0n, scale: 2 };
    out.set(r.car as number, { amount: was ? add(was.amount, amount) : amount, currency: String(r.currency), source: `invoice ${String(r.code ?? `draft ${String(r.id)}`)}` });
  }
  return out;
}

/** The cars already on an open customs line, with that invoice's number. */
export async function openCustomsLines(db: Db, cars: number[]): Promise<Map<number, string>> {
  const rows = cars.length ? await db.select({ car: CL.loaded_rail_car, code: CI.code }).from(CL).innerJoin(CI, eq(CI.id, CL.customs_invoice))
    .where(and(inArray(CL.loaded_rail_car, cars), eq(CL.open, true))) : [];
  return new Map(rows.map((r) => [r.car as number, String(r.code)]));
}

/** The named cross-border contract (visible to the caller, enabled), else those the cars' contracts name. */
async function crossBorderContracts(db: Db, companyId: number, named: Row | null, contractTerms: unknown[]): Promise<Map<string, Row>> {
  if (named) return new Map([[String(named.id), named]]);
  const ids = [...new Set(contractTerms.filter(Boolean).map(String))];
  return new Map(ids.length ? (await db.select().from(X).where(and(inArray(X.id, ids), eq(X.company, companyId)))).map((r) => [String(r.id), r as Row]) : []);
}

interface Line { car: ChargeCar; row: Row; quantity: Dec; value: Dec; source: string; goods: Row | undefined }

const numberOf = (db: Db, companyId: number, day: string) => generatorSettings(db, companyId, 'customs_invoice').then((settings) => giveNumber(db, {
  companyId, series: 'customs_invoice', settings, rule: 'code', now: new Date(`${day}T12:00:00Z`), fields: {},
  taken: async (code) => (await db.select({ id: CI.id }).from(CI).where(and(eq(CI.company, companyId), eq(CI.code, code))).limit(1)).length > 0,
  maxLength: (customsInvoice.fields.code as { max: number }).max,
}));

export interface CustomsGroup { shipment: Row; terms: Row; lines: Line[] }
export interface CustomsPlan { refusals: string[]; groups: CustomsGroup[]; facilities: Map<number, Row> }

/**
 * What customs invoices these cars (locked by the caller) make: one group per shipment and
 * cross-border contract, or each car's reason why not. Shared by the call and the demo data.
 */
export async function planCustoms(db: Db, companyId: number, cars: Row[], named: Row | null): Promise<CustomsPlan> {
  const shipmentIds = [...new Set(cars.map((c) => c.rail_shipment as number))];
  const shipments = new Map((await db.select().from(S).where(inArray(S.id, shipmentIds)).orderBy(S.id).for('update')).map((s) => [s.id as number, s as Row]));
  const list = [...shipments.values()];
  const [facilities, contracts, goods] = await Promise.all([
    byId(db, F, list.flatMap((s) => [s.origin, s.destination])), byId(db, K, list.map((s) => s.contract)),
    byId(db, G, [...cars.map((c) => c.product), ...list.map((s) => s.product)]),
  ]);
  const terms = await crossBorderContracts(db, companyId, named, [...contracts.values()].map((k) => k.cross_border_contract));
  const invoiced = await invoicedValues(db, cars.map((c) => c.id as number));
  const already = await openCustomsLines(db, cars.map((c) => c.id as number));

  const refusals: string[] = [];
  const groups = new Map<string, CustomsGroup>();
  for (const c of cars) {
    const s = shipments.get(c.rail_shipment as number)!;
    const label = `${String(c.car_mark)} ${String(c.car_number)} (${String(s.shipment_number ?? `shipment ${String(s.id)}`)}${s.bol_number ? `, BOL ${String(s.bol_number)}` : ''})`;
    const refuse = (why: string) => refusals.push(`${label}: ${why}`);
    const [from, to] = [country(facilities.get(s.origin as number)), country(facilities.get(s.destination as number))];
    if (DEAD.has(String(s.status))) { refuse(`its shipment is ${String(s.status)}: nothing crosses.`); continue; }
    if (!from || !to) { refuse('its shipment names no origin or destination country to cross between.'); continue; }
    if (from === to) { refuse(`it does not cross a border (${from} to ${to}).`); continue; }
    const on = already.get(c.id as number);
    if (on) { refuse(`it is already on customs invoice ${on}.`); continue; }
    const k = contracts.get(s.contract as number);
    const xbc = named ?? terms.get(String(k?.cross_border_contract ?? ''));
    if (!xbc) { refuse(`${k ? `contract ${String(k.contract_number)} names` : 'its shipment has'} no cross-border contract: name one.`); continue; }
    if (!xbc.enabled) { refuse(`cross-border contract ${String(xbc.name)} is disabled.`); continue; }
    const car = chargeCarOf(c, s, label);
    const quantity = customsQuantity(car, String(xbc.unit_or_basis_for_measurement));
    if (typeof quantity === 'string') { refuse(quantity); continue; }
    const billed = invoiced.get(car.id);
    const fromContract = k?.contract_type === 'sale' ? contractValue(car, k.price as string | null, k.price_unit as string | null) : null;
    const value = billed ? { amount: billed.amount, currency: billed.currency, source: billed.source }
      : fromContract ? { amount: fromContract, currency: String(k!.currency), source: `contract ${String(k!.contract_number)}` } : null;
    if (!value) { refuse('it has no value: it is not invoiced as product and no sale contract prices it.'); continue; }
    if (value.currency !== xbc.currency) { refuse(`its value (${value.source}) is in ${value.currency}; cross-border contract ${String(xbc.name)} is in ${String(xbc.currency)}.`); continue; }
    const g = goods.get(car.product as number);
    if (!g?.harmonizedCode) { refuse(`${g ? `product ${String(g.name)} has` : 'it has no product, so'} no harmonized code: add it on the product.`); continue; }
    const key = `${String(s.id)}/${String(xbc.id)}`;
    const group = groups.get(key) ?? { shipment: s, terms: xbc, lines: [] };
    group.lines.push({ car, row: c, quantity, value: value.amount, source: value.source, goods: g });
    groups.set(key, group);
  }
  return { refusals, groups: [...groups.values()], facilities };
}

export const createCustomsInvoices: ActionHandler = async ({ db, ctx, input }) => {
  const companyId = ctx.user.companyId;
  if (companyId === null) throw badRequest({ non_field_errors: ['Act for a company to make its customs invoices.'] });
  const ids = [...new Set((input.cars as number[]).map(String))];
  return db.transaction(async (tx) => {
    const named = input.cross_border_contract === undefined || input.cross_border_contract === null
      ? null : (await visibleRows(tx, ctx, crossBorderContract, [String(input.cross_border_contract)], 'cross_border_contract'))[0];
    if (named && !named.enabled) throw badRequest({ cross_border_contract: [`${String(named.name)} is disabled: enable it, or choose another.`] });
    const cars = await visibleRows(tx, ctx, loadedRailCar, ids, 'cars', { lock: true });
    const plan = await planCustoms(tx, companyId, cars, named);
    if (plan.refusals.length) throw badRequest({ cars: plan.refusals });
    const answer = [];
    for (const g of plan.groups) {
      const { values, lines } = await customsRecord(tx, companyId, g, plan.facilities);
      const made = await create(tx, ctx, customsInvoice, { ...values, code: await numberOf(tx, companyId, String(values.invoice_date)) });
      await tx.insert(CL).values(lines.map((l) => ({ ...l, customs_invoice: made.id as number })));
      answer.push({ id: made.id as number, label: String(made.code), rail_shipment: g.shipment.id as number, cars: lines.length, total: String(values.total), currency: String(values.currency) });
    }
    return { made: answer.length, invoices: answer };
  });
};

async function partiesOf(db: Db, s: Row, xbc: Row, importing: string) {
  const brokerField = BROKER_BY_COUNTRY[importing];
  const ps = await byId(db, P, [s.shipper, s.consignee, s.ultimate_consignee, s.importer, s.exporter, brokerField ? s[brokerField] : null]);
  const data = (xbc.data ?? {}) as Record<string, unknown>;
  const broker = brokerField ? ps.get(s[brokerField] as number) : undefined;
  return {
    broker: broker?.id ?? null,
    parties: {
      exporter: data.exporter_address ?? partyAddress(ps.get((s.exporter ?? s.shipper) as number)),
      seller: data.supplier_address ?? null,
      buyer: data.buyer_address ?? null,
      consignee: partyAddress(ps.get((s.ultimate_consignee ?? s.consignee) as number)),
      importer: partyAddress(ps.get(s.importer as number)) ?? data.buyer_address ?? null,
      broker: partyAddress(broker),
    },
  };
}

/** A group's customs invoice values (without its number) and its lines (without their invoice). */
export async function customsRecord(db: Db, companyId: number, g: CustomsGroup, facilities: Map<number, Row>) {
  const s = g.shipment;
  const xbc = g.terms;
  const [exporting, importing] = [country(facilities.get(s.origin as number)), country(facilities.get(s.destination as number))];
  const { parties, broker } = await partiesOf(db, s, xbc, importing);
  const lines = g.lines.map((l, i) => {
    const p = l.goods;
    return {
      company: companyId, position: i + 1, loaded_rail_car: l.car.id, mark_number: l.car.car.replace(' ', ''), product: p?.id ?? null,
      description: [p?.shipping_name || p?.name, p?.technical_name ? `(${String(p.technical_name)})` : ''].filter(Boolean).join(' ').slice(0, 300),
      hs_code: p?.harmonizedCode ?? null, un_number: p?.unCode ?? null, hazard_class: p?.class ?? null, packing_group: p?.packingGroup ?? null,
      quantity: decText(l.quantity), unit: String(xbc.unit_or_basis_for_measurement), unit_value: decText(unitValue(l.value, l.quantity)),
      value: decText(l.value), value_source: l.source.slice(0, 120), open: true,
    };
  });
  // The contract's freight and discount are per car (docs/invoicing.md, Making customs invoices).
  const perCar = (v: unknown) => (v === null || v === undefined ? null : mulCars(String(v), lines.length));
  const freight = perCar(xbc.cost_of_freight);
  const discount = perCar(xbc.discount_amount) ?? '0';
  const totals = customsTotals(lines, freight, discount);
  // Cars under the same terms cross where the last ones did: its port of entry, to correct if not.
  const [last] = await db.select({ port: CI.port_of_entry }).from(CI)
    .where(and(eq(CI.company, companyId), eq(CI.cross_border_contract, String(xbc.id)), sql`${CI.port_of_entry} is not null`)).orderBy(desc(CI.id)).limit(1);
  const values = {
    port_of_entry: last?.port ?? null, rail_shipment: s.id, cross_border_contract: xbc.id, invoice_date: String(s.ship_date ?? new Date().toISOString().slice(0, 10)), currency: xbc.currency,
    export_country: exporting, import_country: importing, origin_country: exporting, broker,
    end_use: xbc.end_use, shipment_method_of_payment_choice: xbc.shipment_method_of_payment_choice, unit_or_basis_for_measurement: xbc.unit_or_basis_for_measurement,
    TSCA_statement: xbc.TSCA_statement, census_schedule: xbc.census_schedule, buyer_related: xbc.buyer_related,
    parties, car_count: lines.length, quantity_total: totals.quantity_total, goods_value: totals.goods_value, cost_of_freight: freight, discount_amount: discount, total: totals.total,
  };
  return { values, lines };
}

/** A per-car amount of the contract times the cars, exact. */
function mulCars(amount: string, cars: number): string {
  const a = parse(amount) ?? { units: 0n, scale: 2 };
  return decText({ units: a.units * BigInt(cars), scale: a.scale });
}

const car = (column: string) => `"${loadedRailCar.table}"."${column}"`;

/** The countries a car's shipment leaves and enters, when they differ: the loaded car's computed `crossing` (`CA-US`). */
export const carCrossingSql = () => sql.raw(`(select upper(o."country") || '-' || upper(d."country") from "${railShipment.table}" s
  join "${facility.table}" o on o."id" = s."origin_id" join "${facility.table}" d on d."id" = s."destination_id"
  where s."id" = ${car('rail_shipment_id')} and s."status" not in ('cancelled', 'void') and upper(o."country") <> upper(d."country"))`);

/** The customs invoice a car crosses on: the loaded car's computed `customs_invoice` (its open customs line's). */
export const carCustomsInvoiceSql = () =>
  sql.raw(`(select l."customs_invoice_id" from "${customsItem.table}" l where l."loaded_rail_car_id" = ${car('id')} and l."open" order by l."id" limit 1)`);
