/**
 * Everything a printed ticket invoice shows, gathered in a few queries: the invoice, its lines with
 * their tickets, products and units, the customer, the contract and the issuing company. An
 * invoice is a document issued whole: it prints the customer's address whoever prints it.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { company } from '../../src/resources/accounts/company';
import { measurementUnit } from '../../src/resources/terminal/measurement-unit';
import { serviceContract } from '../../src/resources/terminal/service-contract';
import { terminalCompany } from '../../src/resources/terminal/terminal-company';
import { terminalProduct } from '../../src/resources/terminal/terminal-product';
import { ticket } from '../../src/resources/terminal/ticket';
import { ticketInvoiceLine } from '../../src/resources/terminal/ticket-invoice';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Row } from '../engine/serialize';

export interface InvoiceDocLine {
  position: number; ticket: string; ticket_date: string; description: string; product: string;
  quantity: string; unit: string; unit_price: string; amount: string;
}

export interface InvoiceDocData {
  invoice: Row;
  issuer: { name: string; address: string; country: string };
  customer: Row | null;
  contract: { code: string; name: string; payment_terms_days: number | null } | null;
  lines: InvoiceDocLine[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The documents of these invoices (serialised rows), in the order given. */
export async function loadInvoiceDocs(db: Db, rows: readonly Row[]): Promise<InvoiceDocData[]> {
  if (!rows.length) return [];
  const l = tableOf(ticketInvoiceLine);
  const t = tableOf(ticket);
  const p = tableOf(terminalProduct);
  const u = tableOf(measurementUnit);
  const ids = rows.map((r) => String(r.id));
  const lineRows = await db.select({
    invoice: l.invoice, position: l.position, ticket: t.code, ticket_date: l.ticket_date, description: l.description,
    product: p.product_name, product_code: p.product_code, quantity: l.quantity, unit: u.code, basis: l.basis, unit_price: l.unit_price, amount: l.amount,
  }).from(l).innerJoin(t, eq(t.id, l.ticket)).leftJoin(p, eq(p.id, l.product)).leftJoin(u, eq(u.id, l.unit))
    .where(inArray(l.invoice, ids)).orderBy(asc(l.invoice), asc(l.position));
  const customers = await byId(db, tableOf(terminalCompany), rows.map((r) => r.customer));
  const contracts = await byId(db, tableOf(serviceContract), rows.map((r) => r.service_contract));
  const c = tableOf(company);
  const [issuer] = await db.select({ name: c.name, address: c.address, country: c.country }).from(c).where(eq(c.id, rows[0].company as number));
  return rows.map((inv) => {
    const contract = contracts.get(String(inv.service_contract));
    return {
      invoice: inv,
      issuer: { name: str(issuer?.name), address: str(issuer?.address), country: str(issuer?.country) },
      customer: customers.get(String(inv.customer)) ?? null,
      contract: contract ? { code: str(contract.code), name: str(contract.name), payment_terms_days: (contract.payment_terms_days as number | null) ?? null } : null,
      lines: lineRows.filter((x) => String(x.invoice) === String(inv.id)).map((x) => ({
        position: Number(x.position), ticket: str(x.ticket), ticket_date: str(x.ticket_date), description: str(x.description),
        product: str(x.product ?? x.product_code), quantity: str(x.quantity),
        unit: x.unit ? str(x.unit) : x.basis === 'load' ? 'load' : x.basis === 'net_weight' ? 'kg' : '', unit_price: str(x.unit_price), amount: str(x.amount),
      })),
    };
  });
}

async function byId(db: Db, table: ReturnType<typeof tableOf>, ids: unknown[]): Promise<Map<string, Row>> {
  const wanted = [...new Set(ids.filter(Boolean).map(String))];
  if (!wanted.length) return new Map();
  const rows = await db.select().from(table).where(inArray(table.id, wanted));
  return new Map(rows.map((r) => [String(r.id), r as Row]));
}
