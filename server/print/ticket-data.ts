/**
 * Everything a printed ticket shows, gathered in a few queries: the ticket, the tenant company,
 * the site, the product with its dangerous-goods data, the parties, equipment, entries and
 * properties. Referenced rows are read by id: the engine only lets a ticket point at rows of its
 * own company.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { company } from '../../src/resources/accounts/company';
import { driver } from '../../src/resources/terminal/driver';
import { location } from '../../src/resources/terminal/location';
import { measurementUnit } from '../../src/resources/terminal/measurement-unit';
import { site } from '../../src/resources/terminal/site';
import { terminalCompany } from '../../src/resources/terminal/terminal-company';
import { terminalProduct } from '../../src/resources/terminal/terminal-product';
import { ticketEntry, ticketProperty } from '../../src/resources/terminal/ticket-parts';
import { vehicle } from '../../src/resources/terminal/vehicle';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { can, selectionOf } from '../engine/operations';
import type { Ctx } from '../engine/context';
import { type Row, serialize } from '../engine/serialize';

export interface TicketDocData {
  ticket: Row;
  tenant: Row | null;
  site: Row | null;
  product: Row | null;
  parties: { shipper: Row | null; consignee: Row | null; producer: Row | null; carrier: Row | null };
  driver: Row | null;
  vehicle: Row | null;
  trailer: Row | null;
  source: Row | null;
  destination: Row | null;
  volumeUnit: Row | null;
  entries: Row[];
  properties: Row[];
  /** Location and unit labels of the entries, by id. */
  entryLocations: Map<string, Row>;
}

/**
 * The referenced rows by id, as the reader may read them (docs/security.md, Reference labels): in
 * full where he may view the resource, else only the fields of their label (a driver's copy names
 * the shipper; it prints the shipper's address only for a role that may view companies).
 */
async function rowsById(db: Db, reader: Ctx | null, r: Resource, ids: unknown[]): Promise<Map<string, Row>> {
  const wanted = [...new Set(ids.filter((x) => x !== null && x !== undefined))];
  if (!wanted.length) return new Map();
  const t = tableOf(r);
  const rows = await db.select(selectionOf(r)).from(t).where(inArray(t.id, wanted));
  const whole = reader === null || can(reader, r, 'view');
  const labelOnly = new Set(['id', ...r.labelPieces.flatMap((p) => p.fields)]);
  const shown = (row: Row) => (whole ? row : Object.fromEntries(Object.entries(row).filter(([k]) => labelOnly.has(k))));
  return new Map(rows.map((x) => [String(x.id), shown(serialize(r, x))]));
}

const pick = (m: Map<string, Row>, id: unknown) => (id === null || id === undefined ? null : m.get(String(id)) ?? null);

/**
 * `ticket` is the serialized ticket row, read in the reader's scope; `reader` is who prints it
 * (null: the document in full, for mail the system sends). The company the ticket belongs to is
 * the reader's own, printed in full.
 */
export async function loadTicketDocData(db: Db, ticket: Row, reader: Ctx | null = null): Promise<TicketDocData> {
  const e = tableOf(ticketEntry);
  const p = tableOf(ticketProperty);
  const [tenants, sites, products, companies, drivers, vehicles, units, entryRows, propertyRows] = await Promise.all([
    rowsById(db, null, company, [ticket.company]),
    rowsById(db, reader, site, [ticket.created_by_server]),
    rowsById(db, reader, terminalProduct, [ticket.product]),
    rowsById(db, reader, terminalCompany, [ticket.shipper, ticket.consignee, ticket.producer, ticket.carrier]),
    rowsById(db, reader, driver, [ticket.driver]),
    rowsById(db, reader, vehicle, [ticket.vehicle, ticket.trailer]),
    rowsById(db, reader, measurementUnit, [ticket.volume_unit]),
    db.select(selectionOf(ticketEntry)).from(e).where(eq(e.ticket, ticket.id)).orderBy(asc(e.sequence), asc(e.created_at)),
    db.select(selectionOf(ticketProperty)).from(p).where(eq(p.ticket, ticket.id)).orderBy(asc(p.name)),
  ]);
  const entries = entryRows.map((x) => serialize(ticketEntry, x));
  const locations = await rowsById(db, reader, location, [ticket.source_location, ticket.destination_location, ...entries.map((x) => x.location)]);
  return {
    ticket,
    tenant: pick(tenants, ticket.company),
    site: pick(sites, ticket.created_by_server),
    product: pick(products, ticket.product),
    parties: {
      shipper: pick(companies, ticket.shipper), consignee: pick(companies, ticket.consignee),
      producer: pick(companies, ticket.producer), carrier: pick(companies, ticket.carrier),
    },
    driver: pick(drivers, ticket.driver),
    vehicle: pick(vehicles, ticket.vehicle),
    trailer: pick(vehicles, ticket.trailer),
    source: pick(locations, ticket.source_location),
    destination: pick(locations, ticket.destination_location),
    volumeUnit: pick(units, ticket.volume_unit),
    entries,
    properties: propertyRows.map((x) => serialize(ticketProperty, x)),
    entryLocations: locations,
  };
}
