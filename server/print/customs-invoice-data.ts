/**
 * Everything a printed customs invoice and the broker CSV show (docs/invoicing.md, The printed
 * customs invoice): the invoice with its parties as kept when it was made, its lines, its shipment
 * (number, BOL, ship date, route) and who signs the certifications (the cross-border contract's
 * responsible employee, else the shipment's dangerous goods signer).
 */
import { asc, inArray } from 'drizzle-orm';
import { company } from '../../src/resources/accounts/company';
import { customsItem } from '../../src/resources/invoice/customs-invoice';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import { crossBorderContract } from '../../src/resources/terminal/cross-border-contract';
import { terminalUser } from '../../src/resources/terminal/terminal-user';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Row } from '../engine/serialize';

export type Address = Record<string, unknown> | null;
export interface CustomsDocData {
  invoice: Row;
  seller: Row;
  parties: { exporter: Address; seller: Address; buyer: Address; consignee: Address; importer: Address; broker: Address };
  shipment: { number: string; bol: string; ship_date: string; routing: string };
  contract: string;
  signer: string;
  lines: Row[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The documents of these customs invoices (serialized rows), their lines in position order. */
export async function loadCustomsDocs(db: Db, invoices: Row[]): Promise<CustomsDocData[]> {
  if (!invoices.length) return [];
  const L = tableOf(customsItem);
  const S = tableOf(railShipment);
  const X = tableOf(crossBorderContract);
  const U = tableOf(terminalUser);
  const CO = tableOf(company);
  const ids = (k: string) => [...new Set(invoices.map((i) => i[k]).filter((x) => x !== null && x !== undefined))];
  const [lines, shipments, contracts, sellers] = await Promise.all([
    db.select().from(L).where(inArray(L.customs_invoice, invoices.map((i) => i.id as number))).orderBy(asc(L.position), asc(L.id)),
    db.select().from(S).where(inArray(S.id, ids('rail_shipment') as number[])),
    ids('cross_border_contract').length ? db.select({ id: X.id, name: X.name, employee: X.responsible_employee }).from(X).where(inArray(X.id, ids('cross_border_contract') as string[])) : [],
    db.select().from(CO).where(inArray(CO.id, ids('company') as number[])),
  ]);
  const employees = contracts.map((c) => c.employee).filter(Boolean) as string[];
  const people = employees.length ? await db.select().from(U).where(inArray(U.id, employees)) : [];
  const person = new Map(people.map((p) => [String(p.id), [p.first_name, p.last_name].filter(Boolean).join(' ') || str(p.username)]));
  const sh = new Map(shipments.map((s) => [s.id, s as Row]));
  const xb = new Map(contracts.map((c) => [String(c.id), c]));
  const co = new Map(sellers.map((c) => [c.id, c as Row]));
  return invoices.map((inv) => {
    const s = sh.get(inv.rail_shipment as number);
    const k = xb.get(str(inv.cross_border_contract));
    return {
      invoice: inv,
      seller: co.get(inv.company as number) ?? {},
      parties: { exporter: null, seller: null, buyer: null, consignee: null, importer: null, broker: null, ...(inv.parties as object | null) },
      shipment: { number: str(s?.shipment_number), bol: str(s?.bol_number), ship_date: str(s?.ship_date), routing: str(s?.routing) },
      contract: str(k?.name),
      signer: (k?.employee ? person.get(String(k.employee)) : undefined) || str(s?.hazardous_certificate_person),
      lines: lines.filter((l) => l.customs_invoice === inv.id) as Row[],
    };
  });
}
