/**
 * An invoice's lines in the database (docs/invoicing.md, Lines and Totals): which cars are on an
 * open line, the taxes of every line for the invoice's party and day, and the totals written back
 * as the sums of the lines. Every change of lines ends with `retotal`, so the stored totals are
 * always their lines' sums.
 */
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { taxRegime, type TaxRegime } from '../../../src/lib/sales-taxes';
import { localDateIn } from '../../../src/lib/time-zone';
import { invoice, invoiceItem } from '../../../src/resources/invoice/invoice';
import { party } from '../../../src/resources/logistics/party';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { badRequest } from '../../engine/errors';
import type { Row } from '../../engine/serialize';
import { companyTimeZone } from '../../engine/time-zones';
import { type LineTax, invoiceSums, lineTaxes } from './car-charges';

export const I = tableOf(invoice);
export const L = tableOf(invoiceItem);
const P = tableOf(party);

/** The label an invoice goes by: its number, or "Draft 12" before it has one. */
export const invoiceName = (row: { code?: unknown; id?: unknown; kind?: unknown }) =>
  (row.code ? String(row.code) : `Draft ${row.kind === 'credit_note' ? 'credit note ' : ''}${String(row.id)}`);

/** The open lines of these cars (by `car/invoice product`) and of these shipments' flat charges (by `shipment/invoice product`), with their invoice. */
export async function openCharges(db: Db, cars: readonly number[], shipments: readonly number[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const select = { car: L.loaded_rail_car, shipment: L.rail_shipment, ip: L.invoice_product, code: I.code, id: I.id, kind: I.kind };
  if (cars.length) {
    for (const r of await db.select(select).from(L).innerJoin(I, eq(I.id, L.invoice)).where(and(eq(L.open, true), inArray(L.loaded_rail_car, [...cars])))) {
      out.set(`car ${String(r.car)}/${String(r.ip)}`, invoiceName(r));
    }
  }
  if (shipments.length) {
    for (const r of await db.select(select).from(L).innerJoin(I, eq(I.id, L.invoice)).where(and(eq(L.open, true), isNull(L.loaded_rail_car), inArray(L.rail_shipment, [...shipments])))) {
      out.set(`shipment ${String(r.shipment)}/${String(r.ip)}`, invoiceName(r));
    }
  }
  return out;
}

/** The last line number of an invoice (0 without lines). */
export async function lastPosition(db: Db, invoiceId: number): Promise<number> {
  const [row] = await db.select({ n: max(L.position) }).from(L).where(eq(L.invoice, invoiceId));
  return Number(row?.n ?? 0);
}

/** The day an invoice is taxed on: its date, or today at the company while it has none. */
export async function taxDay(db: Db, inv: Row): Promise<string> {
  return (inv.invoice_date as string | null) ?? localDateIn(new Date(), await companyTimeZone(db, inv.company as number))!;
}

/** The party's taxes on the day, or a 400 on `field` saying why it has none. */
export async function regimeOf(db: Db, partyId: unknown, day: string, field = 'party'): Promise<TaxRegime> {
  const [p] = await db.select({ name: P.name, country: P.country, province: P.province, sales_tax: P.sales_tax }).from(P).where(eq(P.id, partyId as number));
  if (!p) throw badRequest({ [field]: ['No such party.'] });
  const regime = taxRegime(p as { country: string | null; province: string | null; sales_tax: string | null }, day);
  if ('error' in regime) throw badRequest({ [field]: [`${String(p.name)} cannot be invoiced: ${regime.error}`] });
  return regime;
}

/**
 * Taxes every line of the invoice for its party and day, then writes the totals as the lines'
 * sums (and the cars counted): the one place an invoice's figures are written.
 */
export async function retotal(db: Db, invoiceId: number): Promise<void> {
  const [inv] = await db.select().from(I).where(eq(I.id, invoiceId));
  const regime = await regimeOf(db, inv.party, await taxDay(db, inv as Row));
  const lines = await db.select({ id: L.id, amount: L.amount, taxable: L.taxable, car: L.loaded_rail_car }).from(L).where(eq(L.invoice, invoiceId));
  const taxed = lines.map((l) => ({ id: l.id as number, amount: String(l.amount), ...lineTaxes(String(l.amount), l.taxable !== false, regime.taxes) }));
  if (taxed.length) {
    const values = JSON.stringify(taxed.map((t) => ({ id: t.id, tax_amount: t.total, taxes: t.taxes })));
    await db.execute(sql`update ${L} set tax_amount = v.tax_amount, taxes = v.taxes
      from jsonb_to_recordset(${values}::jsonb) as v(id integer, tax_amount numeric, taxes jsonb) where ${L.id} = v.id`);
  }
  const sums = invoiceSums(taxed.map((t) => ({ amount: t.amount, taxes: t.taxes as LineTax[] })));
  const cars = new Set(lines.filter((l) => l.car !== null).map((l) => l.car)).size;
  await db.update(I).set({ ...sums, tax_place: regime.place, car_count: cars }).where(eq(I.id, invoiceId));
}
