/**
 * The demo's rail invoicing (docs/invoicing.md, Demo data): the invoice products (the product
 * sold, rail freight with a fuel surcharge, a documentation fee per shipment, demurrage unpriced),
 * each buyer's prices for last year and this one in its contracts' currency, and a year of
 * invoices over the shipped cars of the sale contracts, one per buyer and month, priced by the
 * rules the server applies (server/actions/invoice/car-charges.ts): paid ones, a void one now and
 * then (its cars invoiced again on the month's second invoice), the month before the current
 * one's issued, the current one's a draft, and a credit note on an old one. The last ten days'
 * cars wait in "Cars to invoice".
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { taxRegime } from '../../src/lib/sales-taxes';
import { invoice, invoiceItem } from '../../src/resources/invoice/invoice';
import { invoiceProduct, invoiceProductCondition } from '../../src/resources/invoice/invoice-product';
import { unitPrice } from '../../src/resources/invoice/unit-price';
import { company } from '../../src/resources/accounts/company';
import { party } from '../../src/resources/logistics/party';
import { contract } from '../../src/resources/rail/contract';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import { type Charge, type ChargeCondition, type ChargePrice, type ChargeProduct, chargeOf, invoiceSums, lineTaxes, negated, negative, priceInForce } from '../actions/invoice/car-charges';
import type { Db } from '../db/connection';
import { codeCounter } from '../db/rail-tables';
import { tableOf } from '../db/tables';
import { selectionOf } from '../engine/operations';
import { contentType } from '../../src/resources/define';
import { addDays as plusDays } from '../../src/lib/limit-periods';
import { type Row, addDays, day, insertMany, pad, rng } from './seed-kit';

/** The invoicing models whose rights the demo groups get (docs/invoicing.md, Who may). */
export const INVOICE_MODELS = [invoiceProduct, invoiceProductCondition, unitPrice, invoice, invoiceItem].map(contentType);

const VOID_REASONS = ['Billed at last year\'s freight rate', 'Sent to the wrong bill-to party', 'Cars of another contract included'];

/** The last day of a month `yyyy-MM`: day 0 of the next one. */
const lastOfMonth = (ym: string) => { const [y, m] = ym.split('-').map(Number); return day(new Date(Date.UTC(y, m, 0))); };

export async function seedInvoicing(db: Db, companyId: number, today = new Date()): Promise<boolean> {
  const IP = tableOf(invoiceProduct);
  if ((await db.select({ id: IP.id }).from(IP).where(eq(IP.company, companyId)).limit(1)).length) return false;
  const r = rng(companyId * 7919);
  const [products] = [await db.insert(IP).values([
    { company: companyId, code: 'PRODUCT', name: 'Product sold', category: 'product', basis: 'per_volume', unit: 'usgal', taxable: true, enabled: true },
    { company: companyId, code: 'FREIGHT', name: 'Rail freight', category: 'freight', basis: 'per_car', unit: 'car', taxable: true, enabled: true },
    { company: companyId, code: 'DOCS', name: 'Bill of lading and documentation fee', category: 'fee', basis: 'per_shipment', unit: 'shipment', taxable: true, enabled: true },
    { company: companyId, code: 'DEMURRAGE', name: 'Demurrage', category: 'demurrage', basis: 'per_car', unit: 'car', taxable: true, enabled: true, description: 'Per car and day held past the free time; priced per customer when it arises.' },
  ]).returning()];
  const byCode = Object.fromEntries(products.map((p) => [String(p.code), p]));
  const conditions: ChargeCondition[] = [{ invoice_product: byCode.FREIGHT.id as number, condition_type: 'surcharge_percent', value: '2.5', party: null, valid_from: null, valid_to: null, description: 'Fuel surcharge' }];
  await db.insert(tableOf(invoiceProductCondition)).values(conditions.map((c) => ({ ...c, company: companyId, enabled: true })));

  // The shipped cars of the sale contracts of the last year, with their shipment, contract and party.
  const S = tableOf(railShipment);
  const K = tableOf(contract);
  const C = tableOf(loadedRailCar);
  const P = tableOf(party);
  const since = day(addDays(today, -372));
  const shipments = await db.select({ id: S.id, n: S.shipment_number, bol: S.bol_number, ship_date: S.ship_date, product: S.product, contract: S.contract, party: K.party, currency: K.currency, price: K.price })
    .from(S).innerJoin(K, eq(K.id, S.contract))
    .where(and(eq(S.company, companyId), eq(S.status, 'shipped'), eq(K.contract_type, 'sale'), gte(S.ship_date, since))).orderBy(asc(S.ship_date), asc(S.id));
  if (!shipments.length) return true;
  const cars = await db.select(selectionOf(loadedRailCar)).from(C).where(inArray(C.rail_shipment, shipments.map((s) => s.id as number))).orderBy(asc(C.id));
  const carsOf = new Map<number, Row[]>();
  for (const c of cars) carsOf.set(c.rail_shipment as number, [...(carsOf.get(c.rail_shipment as number) ?? []), c]);
  const parties = new Map((await db.select().from(P).where(inArray(P.id, [...new Set(shipments.map((s) => s.party as number))]))).map((p) => [p.id as number, p]));

  // Prices: last year's and this year's (open), in the party's contracts' currency.
  const thisYear = day(today).slice(0, 4);
  const lastYear = String(Number(thisYear) - 1);
  const prices: Row[] = [];
  const currencyOf = new Map<number, string>();
  for (const s of shipments) currencyOf.set(s.party as number, String(s.currency));
  const twoYears = (base: Row, a: string, b: string) => {
    prices.push({ ...base, price: a, valid_from: `${lastYear}-01-01`, valid_to: `${lastYear}-12-31` }, { ...base, price: b, valid_from: `${thisYear}-01-01`, valid_to: null });
  };
  const priced = new Set<string>();
  for (const s of shipments) {
    const key = `${String(s.party)} ${String(s.product)}`;
    if (priced.has(key)) continue;
    priced.add(key);
    const base = Number(s.price ?? r.real(1.2, 3.1).toFixed(4));
    twoYears({ party: s.party, invoice_product: byCode.PRODUCT.id, product: s.product, currency: currencyOf.get(s.party as number) }, (base * 0.97).toFixed(4), base.toFixed(4));
  }
  for (const [partyId, currency] of currencyOf) {
    const usd = currency === 'USD';
    twoYears({ party: partyId, invoice_product: byCode.FREIGHT.id, product: null, currency }, usd ? '1575.0000' : '2080.0000', usd ? '1640.0000' : '2165.0000');
    twoYears({ party: partyId, invoice_product: byCode.DOCS.id, product: null, currency }, '75.0000', '85.0000');
  }
  const storedPrices = await db.insert(tableOf(unitPrice)).values(prices.map((p) => ({ ...p, company: companyId }))).returning();

  // One invoice per party and month, of the shipments older than ten days.
  const cutoff = day(addDays(today, -10));
  const groups = new Map<string, typeof shipments>();
  for (const s of shipments) {
    if (String(s.ship_date) > cutoff) continue;
    const key = `${String(s.party)} ${String(s.ship_date).slice(0, 7)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const [seller] = await db.select({ name: tableOf(company).name, code: tableOf(company).code, address: tableOf(company).address, country: tableOf(company).country, tax_number: tableOf(company).tax_number })
    .from(tableOf(company)).where(eq(tableOf(company).id, companyId));
  const ips = products.map((p) => p as unknown as ChargeProduct).filter((p) => p.code !== 'DEMURRAGE');
  // The month the cutoff falls in is still being invoiced (a draft); the one before was issued; older ones are paid.
  const thisMonth = cutoff.slice(0, 7);
  const lastMonth = day(addDays(new Date(`${thisMonth}-01T12:00:00Z`), -1)).slice(0, 7);
  const seq = new Map<string, number>();
  const number = (series: 'INV' | 'CN', date: string) => {
    const year = date.slice(0, 4);
    const n = (seq.get(`${series} ${year}`) ?? 0) + 1;
    seq.set(`${series} ${year}`, n);
    return `${series}-${year}-${pad(n, series === 'INV' ? 5 : 4)}`;
  };
  const I = tableOf(invoice);
  let made = 0;
  let credited = false;
  for (const [key, group] of [...groups.entries()].sort((a, b) => a[0].slice(-7).localeCompare(b[0].slice(-7)))) {
    const partyId = group[0].party as number;
    const p = parties.get(partyId)!;
    const month = key.slice(-7);
    const invoiceDay = month === thisMonth ? null : lastOfMonth(month);
    const regime = taxRegime(p as { country: string; province: string; sales_tax: string }, invoiceDay ?? day(today));
    if ('error' in regime) continue;
    const charges: Charge[] = [];
    const flat = new Set<number>();
    for (const s of group) for (const c of carsOf.get(s.id as number) ?? []) {
      for (const ip of ips) {
        if (ip.basis === 'per_shipment' && flat.has(s.id as number)) continue;
        const price = priceInForce(storedPrices as unknown as ChargePrice[], partyId, ip.id, s.product as number, String(s.ship_date));
        if (!price) continue;
        const charge = chargeOf({
          id: c.id as number, shipment: s.id as number, shipment_label: `${String(s.n)}, BOL ${String(s.bol)}`, car: `${String(c.car_mark)} ${String(c.car_number)}`,
          ship_date: String(s.ship_date), product: (c.product ?? s.product) as number, net_volume: c.net_volume as string, net_volume_litres: c.net_volume_litres as string, weight: c.weight as string,
        }, ip, price, conditions);
        if (typeof charge === 'string') continue;
        if (ip.basis === 'per_shipment') flat.add(s.id as number);
        charges.push(charge);
      }
    }
    if (!charges.length) continue;
    const voided = month !== thisMonth && month !== lastMonth && made % 9 === 4;
    const status = month === thisMonth ? 'draft' : month === lastMonth ? 'issued' : 'paid';
    const write = async (state: string, reason?: string) => {
      const taxed = charges.map((c) => ({ ...c, ...lineTaxes(c.amount, c.taxable, regime.taxes) }));
      const sums = invoiceSums(taxed);
      const terms = 30;
      const issuedOn = invoiceDay;
      const [inv] = await db.insert(I).values({
        company: companyId, kind: 'invoice', status: state, party: partyId, currency: currencyOf.get(partyId)!, invoice_date: issuedOn, payment_terms_days: terms,
        due_date: issuedOn ? plusDays(issuedOn, terms) : null, code: issuedOn ? number('INV', issuedOn) : null, tax_place: regime.place, car_count: new Set(charges.map((c) => c.loaded_rail_car).filter(Boolean)).size,
        ...sums, issued_at: issuedOn ? new Date(`${issuedOn}T16:00:00Z`) : null, issued_by: issuedOn ? 'Sam Siteadmin' : null,
        paid_date: state === 'paid' ? plusDays(issuedOn!, r.int(12, 34)) : null, void_reason: reason ?? null,
        document: issuedOn ? { seller, party: { name: p.name, code: p.code, address: p.address, city: p.city, province: p.province, postal_code: p.postal_code, country: p.country, email: p.email, tax_number: p.tax_number } } : null,
      }).returning();
      const lines = taxed.map((t, i) => ({ ...t, company: companyId, invoice: inv.id, position: i + 1, tax_amount: t.total, taxes: t.taxes, open: state !== 'void' }));
      for (const l of lines) delete (l as Record<string, unknown>).total;
      await insertMany(db, invoiceItem, lines);
      return { inv, lines };
    };
    // A void invoice, and the same cars invoiced again right after: the books show both.
    if (voided) await write('void', VOID_REASONS[made % VOID_REASONS.length]);
    const { inv } = await write(status);
    made++;
    if (status === 'paid' && !credited && made > 3) {
      credited = true;
      const [first] = await db.select().from(tableOf(invoiceItem)).where(and(eq(tableOf(invoiceItem).invoice, inv.id as number), eq(tableOf(invoiceItem).unit, 'car'))).limit(1);
      if (first) {
        const on = plusDays(String(inv.invoice_date), 9);
        const { id, created_at: _c, updated_at: _u, version: _v, ...rest } = first;
        const line = { ...negated(rest as typeof rest & { quantity: string; amount: string }), tax_amount: negative(String(first.tax_amount)) };
        const taxes = ((first.taxes as { code: string; rate: string; amount: string }[] | null) ?? []).map((t) => ({ ...t, amount: negative(t.amount) }));
        const sums = invoiceSums([{ amount: line.amount as string, taxes }]);
        const [note] = await db.insert(I).values({
          company: companyId, kind: 'credit_note', credit_of: inv.id, status: 'issued', party: partyId, currency: inv.currency, invoice_date: on, payment_terms_days: 0, due_date: on,
          code: number('CN', on), tax_place: inv.tax_place, car_count: 1, ...sums, issued_at: new Date(`${on}T16:00:00Z`), issued_by: 'Sam Siteadmin', document: inv.document,
          comments: `Credits invoice ${String(inv.code)}: freight of one car billed twice`,
        }).returning();
        await insertMany(db, invoiceItem, [{ ...line, taxes, company: companyId, invoice: note.id, position: 1, credits_item: id, open: false }]);
        await db.update(tableOf(invoiceItem)).set({ open: false }).where(eq(tableOf(invoiceItem).id, id as number));
      }
    }
  }
  for (const [key, n] of seq) {
    const [series, year] = key.split(' ');
    await db.insert(codeCounter).values({ company_id: companyId, series: series === 'INV' ? 'invoice' : 'credit_note', period: year, last_number: n, given: n }).onConflictDoNothing();
  }
  return true;
}
