/**
 * `POST invoice/invoice_cars/ {invoice_id?, cars, invoice_products?}` (docs/invoicing.md, Invoicing
 * cars): lines for shipped cars, on the named draft or on new drafts, one per party and currency.
 * All or nothing: a 400 names every car that cannot be charged, and nothing is written.
 * - The cars and their shipments are locked first: a second call with the same cars waits, then
 *   finds them on an open line and is refused; a unique index refuses the same charge open twice
 *   whatever writes the lines (migration 0054).
 * - The party billed is the sale contract's counterparty, else the shipment's freight payer, else
 *   its consignee; a car on a purchase contract is the seller's to invoice.
 * - Without `invoice_products`, every enabled invoice product the party has a price in force for is
 *   charged, those already charged for the car skipped; naming them charges exactly those.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { contract } from '../../../src/resources/rail/contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { invoice, invoiceItem } from '../../../src/resources/invoice/invoice';
import { invoiceProduct, invoiceProductCondition } from '../../../src/resources/invoice/invoice-product';
import { unitPrice } from '../../../src/resources/invoice/unit-price';
import { party } from '../../../src/resources/logistics/party';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { visibleRows } from '../../engine/bulk-rows';
import { ErrorBag, badRequest } from '../../engine/errors';
import { create } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { type Charge, type ChargeCar, type ChargeCondition, type ChargePrice, type ChargeProduct, chargeCarOf, chargeOf, priceInForce } from './car-charges';
import { I, L, invoiceName, lastPosition, openCharges, retotal } from './invoice-lines';

const S = tableOf(railShipment);
const C = tableOf(contract);
const P = tableOf(party);

interface Target { party: number; why: string }

/** Who a car's shipment bills, or why none. */
function billedParty(s: Row, c: Row | undefined): Target | string {
  if (c?.contract_type === 'purchase') return `it ships on purchase contract ${String(c.contract_number)}: the seller invoices it.`;
  if (c?.contract_type === 'sale') return { party: c.party as number, why: `sale contract ${String(c.contract_number)}` };
  if (s.freight_payer) return { party: s.freight_payer as number, why: 'the freight payer' };
  if (s.consignee) return { party: s.consignee as number, why: 'the consignee' };
  return 'its shipment names no contract, freight payer or consignee to bill.';
}

async function pricing(db: Db, companyId: number, parties: number[]) {
  const ip = tableOf(invoiceProduct);
  const up = tableOf(unitPrice);
  const pc = tableOf(invoiceProductCondition);
  const [products, prices, conditions] = await Promise.all([
    db.select().from(ip).where(and(eq(ip.company, companyId), eq(ip.enabled, true))).orderBy(ip.code),
    parties.length ? db.select().from(up).where(and(eq(up.company, companyId), inArray(up.party, parties))) : [],
    db.select().from(pc).where(and(eq(pc.company, companyId), eq(pc.enabled, true))),
  ]);
  return { products: products as unknown as ChargeProduct[], prices: prices as unknown as ChargePrice[], conditions: conditions as unknown as ChargeCondition[] };
}

const carName = (car: ChargeCar) => `${car.car} (${car.shipment_label})`;

export const invoiceCars: ActionHandler = async ({ db, ctx, input }) => {
  const companyId = ctx.user.companyId;
  if (companyId === null) throw badRequest({ non_field_errors: ['Act for a company to invoice its cars.'] });
  const ids = [...new Set((input.cars as number[]).map(String))];
  return db.transaction(async (tx) => {
    const target = input.invoice_id === undefined || input.invoice_id === null
      ? null : (await visibleRows(tx, ctx, invoice, [String(input.invoice_id)], 'invoice_id', { lock: true }))[0];
    if (target && (target.status !== 'draft' || target.kind !== 'invoice')) {
      throw badRequest({ invoice_id: [`${invoiceName(target)} is ${target.kind === 'invoice' ? String(target.status) : 'a credit note'}: cars are added to a draft invoice only.`] });
    }
    const cars = await visibleRows(tx, ctx, loadedRailCar, ids, 'cars', { lock: true });
    const shipmentIds = [...new Set(cars.map((c) => c.rail_shipment as number))];
    const shipments = new Map((await tx.select().from(S).where(inArray(S.id, shipmentIds)).orderBy(S.id).for('update')).map((s) => [s.id as number, s as Row]));
    const contractIds = [...new Set([...shipments.values()].map((s) => s.contract).filter((x): x is number => x !== null && x !== undefined))];
    const contracts = new Map(contractIds.length ? (await tx.select().from(C).where(inArray(C.id, contractIds))).map((c) => [c.id as number, c as Row]) : []);
    const refusals: string[] = [];
    const byCar: { car: ChargeCar; party: number }[] = [];
    for (const c of cars) {
      const s = shipments.get(c.rail_shipment as number)!;
      const label = String(s.shipment_number ?? `shipment ${String(s.id)}`) + (s.bol_number ? `, BOL ${String(s.bol_number)}` : '');
      const car = chargeCarOf(c, s, label);
      if (s.status !== 'shipped') { refusals.push(`${carName(car)}: only a shipped car is invoiced (its shipment is ${String(s.status).replace('_', ' ')}).`); continue; }
      if (!s.ship_date) { refusals.push(`${carName(car)}: its shipment has no ship date to price it on.`); continue; }
      const billed = billedParty(s, contracts.get(s.contract as number));
      if (typeof billed === 'string') { refusals.push(`${carName(car)}: ${billed}`); continue; }
      if (target && billed.party !== target.party) { refusals.push(`${carName(car)}: it bills another party (${billed.why}), not this invoice's.`); continue; }
      byCar.push({ car, party: billed.party });
    }
    if (refusals.length) throw badRequest({ cars: refusals });

    const data = await pricing(tx, companyId, [...new Set(byCar.map((x) => x.party))]);
    const named = input.invoice_products as number[] | undefined;
    const products = named?.length ? data.products.filter((p) => named.includes(p.id)) : data.products;
    if (named?.length && products.length !== new Set(named).size) throw badRequest({ invoice_products: ['Name enabled invoice products of this company only.'] });
    const charged = await openCharges(tx, byCar.map((x) => x.car.id), shipmentIds);
    const partyNames = new Map((await tx.select({ id: P.id, name: P.name }).from(P).where(inArray(P.id, [...new Set(byCar.map((x) => x.party))]))).map((p) => [p.id as number, String(p.name)]));

    const errors = new ErrorBag();
    const groups = new Map<string, { party: number; currency: string; charges: Charge[] }>();
    const flatSeen = new Set<string>();
    for (const { car, party: partyId } of byCar) {
      const made: { charge: Charge; currency: string }[] = [];
      const problems: string[] = [];
      const already = new Set<string>();
      for (const ip of products) {
        const key = ip.basis === 'per_shipment' ? `shipment ${car.shipment}/${ip.id}` : `car ${car.id}/${ip.id}`;
        const on = charged.get(key);
        if (on || flatSeen.has(key)) {
          if (on) already.add(on);
          if (named?.length && on) problems.push(`"${ip.name}" is already on ${on}.`);
          continue;
        }
        const price = priceInForce(data.prices, partyId, ip.id, car.product, car.ship_date);
        if (!price) { if (named?.length) problems.push(`${partyNames.get(partyId)} has no price of "${ip.name}" in force on ${car.ship_date}.`); continue; }
        const charge = chargeOf(car, ip, price, data.conditions);
        if (typeof charge === 'string') { problems.push(charge); continue; }
        if (ip.basis === 'per_shipment') flatSeen.add(key);
        made.push({ charge, currency: price.currency });
      }
      const currencies = new Set(made.map((m) => m.currency));
      if (target && made.some((m) => m.currency !== target.currency)) problems.push(`it is priced in ${[...currencies].join(' and ')}; the invoice is in ${String(target.currency)}.`);
      else if (currencies.size > 1) problems.push(`its prices are in ${[...currencies].join(' and ')}: an invoice has one currency; invoice each product on its own.`);
      if (!made.length && !problems.length) {
        problems.push(already.size ? `already invoiced (${[...already].join(', ')}).` : `${partyNames.get(partyId)} has no price in force on ${car.ship_date} for anything it could be charged.`);
      }
      if (problems.length) { for (const p of problems) errors.add('cars', `${carName(car)}: ${p}`); continue; }
      const currency = made[0]?.currency ?? String(target?.currency);
      const gkey = `${partyId}/${currency}`;
      const g = groups.get(gkey) ?? { party: partyId, currency, charges: [] };
      g.charges.push(...made.map((m) => m.charge));
      groups.set(gkey, g);
    }
    errors.throwIfAny();

    const answer = [];
    for (const g of groups.values()) {
      const inv = target ?? await create(tx, ctx, invoice, { party: g.party, currency: g.currency });
      const invId = inv.id as number;
      const from = await lastPosition(tx, invId);
      await tx.insert(L).values(g.charges.map((c, i) => ({ ...c, company: companyId, invoice: invId, position: from + i + 1, open: true, tax_amount: '0', taxes: [] })));
      await retotal(tx, invId);
      // A draft that took lines is a new version of it: a form open on the old one is told so on save.
      if (target) await tx.update(I).set({ version: sql`${I.version} + 1`, updated_at: new Date() }).where(eq(I.id, invId));
      const [after] = await tx.select({ id: I.id, code: I.code, kind: I.kind, total: I.total }).from(I).where(eq(I.id, invId));
      answer.push({ id: invId, label: invoiceName(after), party: g.party, currency: g.currency, lines: g.charges.length, total: String(after.total) });
    }
    return { added: answer.reduce((n, a) => n + a.lines, 0), invoices: answer };
  });
};

const car = (column: string) => `"${loadedRailCar.table}"."${column}"`;
const shipmentOf = (column: string) => `(select s."${column}" from "${railShipment.table}" s where s."id" = ${car('rail_shipment_id')})`;

/** Who a car bills, as `billedParty` decides it: the loaded car's computed `bill_to`. */
export const carBillToSql = () => sql.raw(`(select coalesce(case when k."contract_type" = 'sale' then k."party_id" end, case when k."contract_type" = 'purchase' then null else coalesce(s."freight_payer_id", s."consignee_id") end)
  from "${railShipment.table}" s left join "${contract.table}" k on k."id" = s."contract_id" where s."id" = ${car('rail_shipment_id')})`);
/** Its shipment's ship date: the loaded car's computed `ship_date`. */
export const carShipDateSql = () => sql.raw(shipmentOf('ship_date'));

/**
 * The invoice a car is billed on: the loaded car's computed `invoice` (its first open line's).
 * Written qualified in full: a single-table read names its columns bare.
 */
export const carInvoiceSql = () =>
  sql.raw(`(select l."invoice_id" from "${invoiceItem.table}" l where l."loaded_rail_car_id" = ${car('id')} and l."open" order by l."id" limit 1)`);
