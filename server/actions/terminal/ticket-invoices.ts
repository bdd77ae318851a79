/**
 * Ticket invoices (docs/terminal.md, Ticket invoices): built from completed tickets by
 * `bulk_create_invoices/` and moved through the workflow by the collection actions. The
 * lifecycle (moves, codenames, locked states, the void reason) is declared on the status field and
 * enforced by the engine; here are the rules beyond it:
 * - an invoice is made only from tickets, never by a plain create, and numbered `INV-000001`;
 * - a ticket is on one open invoice at most: the tickets are locked (a second call waits), then
 *   their open lines looked up; a partial unique index (migration 0050) refuses the same charge of
 *   a ticket open twice whatever writes the lines;
 * - a void invoice closes its lines, so its tickets may be invoiced again;
 * - a ticket on an open invoice keeps the values it was billed for (ticketBilledGuard).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { serviceContract, serviceContractTicket } from '../../../src/resources/terminal/service-contract';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketInvoice, ticketInvoiceLine } from '../../../src/resources/terminal/ticket-invoice';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { updateAll, visibleRows } from '../../engine/bulk-rows';
import { type Ctx, userLabel } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { create } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { companyTimeZone } from '../../engine/time-zones';
import { localDateIn } from '../../../src/lib/time-zone';
import { addDays } from '../../../src/lib/limit-periods';
import { type PricingContract, type PricingLine, type PricingTicket, type PricingUnit, priceTickets } from './invoice-pricing';
import { assignCodeIfBlank } from './ticket-numbering';

export const INVOICE_SERIES = 'INV';
const invoices = tableOf(ticketInvoice);
const lines = tableOf(ticketInvoiceLine);


/** The open invoices (code by ticket id) of these tickets. */
export async function openInvoicesOf(db: Db, ticketIds: readonly string[]): Promise<Map<string, string>> {
  if (!ticketIds.length) return new Map();
  const rows = await db.select({ ticket: lines.ticket, code: invoices.code }).from(lines)
    .innerJoin(invoices, eq(invoices.id, lines.invoice))
    .where(and(inArray(lines.ticket, [...ticketIds]), eq(lines.open, true)));
  return new Map(rows.map((r) => [String(r.ticket), String(r.code)]));
}

const isBuilding = (ctx: Ctx) => ctx.writes?.resource === ticketInvoice.name && (ctx.via ?? '').endsWith('/bulk_create_invoices/');

export const ticketInvoiceHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, current }) {
    if (mode === 'create') {
      if (!isBuilding(ctx)) throw badRequest({ non_field_errors: ['An invoice is built from completed tickets: select them and use "Create invoices" (bulk_create_invoices/).'] });
      await assignCodeIfBlank(db, ticketInvoice, input.values, mode, input.values.company, INVOICE_SERIES);
    }
    const v = { ...current, ...input.values } as Row;
    if (v.due_date && v.invoice_date && String(v.due_date) < String(v.invoice_date)) throw badRequest({ due_date: ['An invoice cannot fall due before its date.'] });
  },
  beforeWriteFields: ['invoice_date', 'due_date'],
  // A void invoice lets its tickets go: its lines stay, closed, for the record.
  async afterWrite({ db, id, mode }) {
    if (mode !== 'update') return;
    const [row] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id as string));
    if (row?.status === 'void') await db.update(lines).set({ open: false }).where(and(eq(lines.invoice, id as string), eq(lines.open, true)));
  },
};

/**
 * The open invoice a ticket is billed on: the computed `invoice` of tickets. Written qualified in
 * full: a single-table read names its columns bare, and a bare "id" here would be the line's.
 */
export const openInvoiceSql = () =>
  sql.raw(`(select l."invoice_id" from "${ticketInvoiceLine.table}" l where l."ticket_id" = "${ticket.table}"."id" and l."open" limit 1)`);


/** What may still change on a ticket that is billed: what the invoice did not bill. */
const UNBILLED_FIELDS = new Set(['customs_invoice', 'comments', 'version']);

/** A ticket on an open invoice keeps what it was billed for, its status too (ticket hooks call this). */
export async function ticketBilledGuard(db: Db, current: Row, values: Record<string, unknown>) {
  const changing = Object.keys(values).filter((k) => !UNBILLED_FIELDS.has(k) && values[k] !== current[k]);
  if (!changing.length) return;
  const open = (await openInvoicesOf(db, [String(current.id)])).get(String(current.id));
  if (open) throw badRequest({ non_field_errors: [`Ticket ${String(current.code ?? current.id)} is billed on invoice ${open}: void that invoice to change the ticket.`] });
}

const asPricingTicket = (t: Row): PricingTicket => ({
  id: String(t.id), code: String(t.code ?? t.id), ticket_date: String(t.ticket_date), ticket_type: String(t.ticket_type), product: String(t.product),
  shipper: (t.shipper as string | null) ?? null, site: String(t.created_by_server),
  net_volume: (t.net_volume as string | null) ?? null, gross_volume: (t.gross_volume as string | null) ?? null,
  net_weight: (t.net_weight as string | null) ?? null, volume_unit: (t.volume_unit as string | null) ?? null,
});

/** The company's enabled contracts of these customers, their enabled price lines and its units. */
async function pricingData(db: Db, companyId: number, customers: string[]) {
  const c = tableOf(serviceContract);
  const l = tableOf(serviceContractTicket);
  const u = tableOf(measurementUnit);
  const contracts = customers.length
    ? await db.select().from(c).where(and(eq(c.company, companyId), eq(c.enabled, true), inArray(c.customer, customers)))
    : [];
  const priceLines = contracts.length
    ? await db.select().from(l).where(and(inArray(l.service_contract, contracts.map((x) => x.id as string)), eq(l.enabled, true))).orderBy(l.created_at, l.description, l.id)
    : [];
  const units = await db.select({ id: u.id, code: u.code, unit_type: u.unit_type, to_base_factor: u.to_base_factor }).from(u).where(eq(u.company, companyId));
  return { contracts: contracts as unknown as PricingContract[], priceLines: priceLines as unknown as PricingLine[], units: units as unknown as PricingUnit[] };
}

/** `POST ticket-invoice/bulk_create_invoices/ {ticket_ids, invoice_date?}`: one draft invoice per contract, or a 400 naming each ticket that cannot be invoiced, and nothing written. */
export const bulkCreateInvoices: ActionHandler = async ({ db, ctx, input }) => {
  const ids = [...new Set(input.ticket_ids as string[])];
  const companyId = ctx.user.companyId;
  if (companyId === null) throw badRequest({ non_field_errors: ['Act for a company to invoice its tickets.'] });
  const invoiceDate = (input.invoice_date as string | undefined) ?? localDateIn(new Date(), await companyTimeZone(db, companyId))!;
  return db.transaction(async (tx) => {
    // Locked first: a second call with the same tickets waits here, then finds them invoiced.
    const rows = await visibleRows(tx, ctx, ticket, ids, 'ticket_ids', { lock: true });
    const billed = await openInvoicesOf(tx, ids);
    const refusals: string[] = [];
    for (const t of rows) {
      const code = String(t.code ?? t.id);
      if (t.status !== 'completed') refusals.push(`${code}: only a completed ticket is invoiced (this one is ${String(t.status).replace('_', ' ')}).`);
      else if (billed.has(String(t.id))) refusals.push(`${code}: already on invoice ${billed.get(String(t.id))}.`);
      else if (!t.shipper) refusals.push(`${code}: it names no shipper to bill.`);
    }
    if (refusals.length) throw badRequest({ ticket_ids: refusals });
    const data = await pricingData(tx, companyId, [...new Set(rows.map((t) => String(t.shipper)))]);
    const { invoices: drafts, errors } = priceTickets(rows.map(asPricingTicket), data.contracts, data.priceLines, data.units);
    errors.throwIfAny();
    const made = [];
    for (const d of drafts) {
      const inv = await create(tx, ctx, ticketInvoice, {
        customer: d.contract.customer, service_contract: d.contract.id, currency: d.contract.currency,
        invoice_date: invoiceDate, due_date: addDays(invoiceDate, d.contract.payment_terms_days ?? 30),
        ticket_count: d.tickets.length, subtotal: d.subtotal, tax_name: d.contract.tax_name, tax_rate: d.contract.tax_rate ?? '0',
        tax_total: d.tax_total, total: d.total,
      });
      await tx.insert(lines).values(d.lines.map((l) => ({ ...l, company: companyId, invoice: inv.id as string, open: true })));
      made.push({ id: String(inv.id), code: String(inv.code), customer: String(inv.customer), ticket_count: d.tickets.length, total: d.total, currency: d.contract.currency });
    }
    return { created: made.length, invoices: made };
  });
};

/** A workflow call: every named invoice moves with `change`, or none (the refusals name each invoice). */
const moveAll = (change: (ctx: Ctx) => Record<string, unknown>): ActionHandler => async ({ db, ctx, input }) => {
  const moved = await db.transaction(async (tx) => {
    const rows = await visibleRows(tx, ctx, ticketInvoice, [...new Set(input.invoices_id as string[])], 'invoices_id', { lock: true });
    return updateAll(tx, ctx, ticketInvoice, rows, () => change(ctx), (r) => String(r.code));
  });
  return { updated: moved.length, invoices: moved.map((r) => ({ id: r.id, code: r.code, status: r.status, version: r.version })) };
};

export const sendApproval = moveAll((ctx) => ({ status: 'pending_approval', sent_for_approval_at: new Date().toISOString(), sent_for_approval_by: userLabel(ctx) }));
export const bulkApproveInvoices = moveAll((ctx) => ({ status: 'approved', approved_at: new Date().toISOString(), approved_by: userLabel(ctx) }));
