/**
 * Everything a printed rail invoice shows (docs/invoicing.md, The printed invoice): the invoice,
 * its lines with their shipments and products, the seller and the party (as issued: the snapshot
 * kept when it was numbered; a draft prints them as they are now) and the invoice it credits.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { company } from '../../src/resources/accounts/company';
import { invoice, invoiceItem } from '../../src/resources/invoice/invoice';
import { party } from '../../src/resources/logistics/party';
import { product } from '../../src/resources/logistics/product';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Row } from '../engine/serialize';

export interface RailInvoiceLine {
  position: number; car: string; shipment: string; bol: string; ship_date: string; description: string; product: string;
  quantity: string; unit: string; unit_price: string; conditions: string; amount: string; tax_amount: string;
}
export interface RailInvoiceDocData {
  invoice: Row;
  seller: Row;
  party: Row;
  credits: string | null;
  lines: RailInvoiceLine[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export async function loadRailInvoiceDoc(db: Db, inv: Row): Promise<RailInvoiceDocData> {
  const L = tableOf(invoiceItem);
  const S = tableOf(railShipment);
  const PR = tableOf(product);
  const lines = await db.select().from(L).where(eq(L.invoice, inv.id as number)).orderBy(asc(L.position), asc(L.id));
  const ids = <K extends string>(k: K) => [...new Set(lines.map((l) => l[k]).filter((x) => x !== null && x !== undefined))] as number[];
  const [shipments, products] = await Promise.all([
    ids('rail_shipment').length ? db.select({ id: S.id, n: S.shipment_number, bol: S.bol_number }).from(S).where(inArray(S.id, ids('rail_shipment'))) : [],
    ids('product').length ? db.select({ id: PR.id, name: PR.name }).from(PR).where(inArray(PR.id, ids('product'))) : [],
  ]);
  const sh = new Map(shipments.map((s) => [s.id, s]));
  const pr = new Map(products.map((p) => [p.id, String(p.name)]));
  const doc = inv.document as { seller?: Row; party?: Row } | null;
  const seller = doc?.seller ?? (await db.select().from(tableOf(company)).where(eq(tableOf(company).id, inv.company as number)))[0];
  const buyer = doc?.party ?? (await db.select().from(tableOf(party)).where(eq(tableOf(party).id, inv.party as number)))[0];
  let credits: string | null = null;
  if (inv.credit_of) {
    const I = tableOf(invoice);
    const [of] = await db.select({ code: I.code, date: I.invoice_date }).from(I).where(eq(I.id, inv.credit_of as number));
    credits = of ? `${str(of.code)}${of.date ? ` of ${str(of.date)}` : ''}` : null;
  }
  return {
    invoice: inv, seller: seller as Row, party: buyer as Row, credits,
    lines: lines.map((l) => {
      const s = sh.get(l.rail_shipment as number);
      return {
        position: Number(l.position), car: str(l.mark_number), shipment: str(s?.n), bol: str(s?.bol), ship_date: str(l.ship_date), description: str(l.description),
        product: pr.get(l.product as number) ?? '', quantity: str(l.quantity), unit: str(l.unit), unit_price: str(l.unit_price),
        conditions: str(l.conditions), amount: str(l.amount), tax_amount: str(l.tax_amount),
      };
    }),
  };
}
