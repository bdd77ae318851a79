/**
 * The customs calls beyond making invoices (docs/invoicing.md, Customs): `status_options/` and
 * `summary/` for the screens, `print/` (template customs-invoice), `generate_csv/` (the broker CSV)
 * and `send/` (each broker its invoices' PDFs and their CSV, through the outbox in the same
 * transaction as the move to sent, so a mail is never lost nor a move made without one).
 */
import { and, count as countOf, eq, sql } from 'drizzle-orm';
import { formatInZone } from '../../../src/lib/time-zone';
import { choiceWord } from '../../../src/resources/fields';
import { CUSTOMS_TEMPLATE, customsInvoice } from '../../../src/resources/invoice/customs-invoice';
import { CUSTOMS_STATUSES, customsLifecycle } from '../../../src/resources/invoice/customs-status';
import { END_USES, FREIGHT_PAYMENT } from '../../../src/resources/terminal/cross-border-contract';
import { loadedRailCar } from '../../../src/resources/rail/loaded-rail-car';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionArgs, ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { userLabel } from '../../engine/context';
import { visibleRows, updateAll } from '../../engine/bulk-rows';
import { csvLine } from '../../engine/csv-export';
import { badRequest } from '../../engine/errors';
import { serializeRows } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import { renderCustomsOffThread } from '../../print/render-pool';
import { type CustomsDocData, loadCustomsDocs } from '../../print/customs-invoice-data';
import { checkDocumentMail } from '../terminal/ticket-mail-policy';
import { CI, carCrossingSql, carCustomsInvoiceSql } from './customs-make';
import { CSV_COLUMNS, type CsvRow } from './customs-values';

const fileSafe = (v: string) => v.replace(/[^\w.-]+/g, '_');
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const nameOf = (a: Record<string, unknown> | null) => str(a?.name);

/** `GET customs/status_options/`: the states, in lifecycle order, and which are final. */
export const statusOptions: ActionHandler = async () =>
  CUSTOMS_STATUSES.map(([value, label]) => ({ value, label, final: (customsLifecycle.final ?? []).includes(value) }));

/** `GET customs/summary/`: the company's customs invoices in all and per state, and the cars waiting for one. */
export const customsSummary: ActionHandler = async ({ db, ctx }) => {
  const companyId = ctx.user.companyId;
  const rows = companyId === null ? [] : await db.select({ status: CI.status, n: countOf() }).from(CI).where(eq(CI.company, companyId)).groupBy(CI.status);
  const byStatus = Object.fromEntries(CUSTOMS_STATUSES.map(([v]) => [v, 0]));
  for (const r of rows) byStatus[String(r.status)] = Number(r.n);
  const C = tableOf(loadedRailCar);
  const [waiting] = companyId === null ? [{ n: 0 }] : await db.select({ n: countOf() }).from(C)
    .where(and(eq(C.company, companyId), sql`${carCrossingSql()} is not null`, sql`${carCustomsInvoiceSql()} is null`));
  return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), by_status: byStatus, cars_waiting: Number(waiting.n) };
};

async function documentsOf(a: ActionArgs, ids: unknown[]): Promise<CustomsDocData[]> {
  const rows = await visibleRows(a.db, a.ctx, customsInvoice, [...new Set(ids.map(String))], 'invoices');
  return loadCustomsDocs(a.db, await serializeRows(a.db, customsInvoice, rows));
}

const pdfOf = async (db: Db, d: CustomsDocData) =>
  renderCustomsOffThread(d, formatInZone(new Date(), await companyTimeZone(db, d.invoice.company as number)));
const pdfName = (d: CustomsDocData) => `${fileSafe(str(d.invoice.code) || `customs-${str(d.invoice.id)}`)}.pdf`;

/** `GET customs/{id}/print/ (code)`: the customs invoice as a PDF named after its number. */
export const printCustoms: ActionHandler = async (a) => {
  if (a.input.code !== undefined && a.input.code !== CUSTOMS_TEMPLATE) {
    throw badRequest({ code: [`Unknown template "${String(a.input.code)}". Available: ${CUSTOMS_TEMPLATE}.`] });
  }
  const [d] = await loadCustomsDocs(a.db, await serializeRows(a.db, customsInvoice, [a.record!]));
  return download(pdfName(d), 'application/pdf', await pdfOf(a.db, d));
};

/** The broker CSV's rows: one per car, the columns of CSV_COLUMNS (docs/invoicing.md, The broker CSV). */
export function csvRows(docs: readonly CustomsDocData[]): CsvRow[] {
  return docs.flatMap((d) => d.lines.map((l): CsvRow => {
    const inv = d.invoice;
    return {
      invoice_number: str(inv.code), invoice_date: str(inv.invoice_date), status: str(inv.status), shipment_number: d.shipment.number, bol_number: d.shipment.bol,
      ship_date: d.shipment.ship_date, car: str(l.mark_number), port_of_entry: str(inv.port_of_entry), export_country: str(inv.export_country),
      import_country: str(inv.import_country), country_of_origin: str(inv.origin_country), exporter: nameOf(d.parties.exporter), importer: nameOf(d.parties.importer),
      consignee: nameOf(d.parties.consignee), hs_code: str(l.hs_code), description: str(l.description), un_number: str(l.un_number),
      hazard_class: str(l.hazard_class), packing_group: str(l.packing_group), quantity: str(l.quantity), unit: str(l.unit), unit_value: str(l.unit_value),
      value: str(l.value), currency: str(inv.currency), end_use: `${str(inv.end_use)} ${choiceWord(END_USES, inv.end_use)}`,
      freight_payment: `${str(inv.shipment_method_of_payment_choice)} ${choiceWord(FREIGHT_PAYMENT, inv.shipment_method_of_payment_choice)}`,
      tsca: str(inv.TSCA_statement), census_schedule: str(inv.census_schedule), related_parties: inv.buyer_related ? 'Y' : 'N',
    };
  }));
}

const csvOf = (docs: readonly CustomsDocData[]) =>
  Buffer.from(csvLine([...CSV_COLUMNS]) + csvRows(docs).map((r) => csvLine(CSV_COLUMNS.map((c) => r[c]))).join(''), 'utf8');
const csvName = (docs: readonly CustomsDocData[]) =>
  docs.length === 1 ? `${fileSafe(str(docs[0].invoice.code))}.csv` : `customs-invoices-${new Date().toISOString().slice(0, 10)}.csv`;

/** `POST customs/generate_csv/ {invoices}`: the broker CSV of these customs invoices. */
export const generateCsv: ActionHandler = async (a) => {
  const docs = await documentsOf(a, a.input.invoices as unknown[]);
  return download(csvName(docs), 'text/csv; charset=utf-8', csvOf(docs));
};

const SENDABLE = new Set(['draft', 'returned', 'sent']);

/**
 * `POST customs/send/ {invoices, to?, message?}`: each recipient one mail with its invoices' PDFs
 * and their CSV; the invoices move to sent (a sent one is sent again). All or nothing.
 */
export const sendCustoms: ActionHandler = async (a) => {
  const ids = [...new Set((a.input.invoices as unknown[]).map(String))];
  return a.db.transaction(async (tx) => {
    const rows = await visibleRows(tx, a.ctx, customsInvoice, ids, 'invoices', { lock: true });
    const refused = rows.filter((r) => !SENDABLE.has(String(r.status)));
    if (refused.length) throw badRequest({ invoices: refused.map((r) => `${str(r.code)} is ${choiceWord(CUSTOMS_STATUSES, r.status).toLowerCase()}: it is not sent again.`) });
    const docs = await loadCustomsDocs(tx, await serializeRows(tx, customsInvoice, rows));
    const given = ((a.input.to as string[] | undefined) ?? []).map((x) => x.toLowerCase());
    const groups = new Map<string, CustomsDocData[]>();
    const noBroker: string[] = [];
    for (const d of docs) {
      const to = given.length ? given.join(',') : str(d.parties.broker?.email).toLowerCase();
      if (!to) { noBroker.push(`${str(d.invoice.code)}: its customs broker has no email address; name the recipient.`); continue; }
      groups.set(to, [...(groups.get(to) ?? []), d]);
    }
    if (noBroker.length) throw badRequest({ to: noBroker });
    const recipients = [...new Set([...groups.keys()].flatMap((k) => k.split(',')))];
    await checkDocumentMail(tx, a.ctx, recipients, a.services.config.ticketMailsPerHour, { mayMailAnyone: false, documents: 'Customs invoices' });
    let sent = 0;
    for (const [to, group] of groups) {
      const numbers = group.map((d) => str(d.invoice.code));
      const attachments = [];
      for (const d of group) attachments.push({ filename: pdfName(d), content: await pdfOf(tx, d), contentType: 'application/pdf' });
      attachments.push({ filename: csvName(group), content: csvOf(group), contentType: 'text/csv' });
      const message = typeof a.input.message === 'string' && a.input.message ? `${a.input.message}\n\n` : '';
      const body = `${message}Attached: customs invoice${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')} (PDF) and the CSV to import, one row per car.\n`
        + group.map((d) => `${str(d.invoice.code)}: shipment ${d.shipment.number}${d.shipment.bol ? `, BOL ${d.shipment.bol}` : ''}, ${str(d.invoice.car_count)} cars, ${str(d.invoice.total)} ${str(d.invoice.currency)}`).join('\n')
        + `\nSent by ${userLabel(a.ctx)}.`;
      for (const address of to.split(',')) {
        await a.services.mailer.send(tx, { to: address, subject: `Customs invoice${numbers.length === 1 ? '' : 's'} ${numbers.slice(0, 5).join(', ')}${numbers.length > 5 ? ` and ${numbers.length - 5} more` : ''}`, text: body, attachments });
        sent++;
      }
      const now = new Date();
      await updateAll(tx, a.ctx, customsInvoice, rows.filter((r) => group.some((d) => d.invoice.id === r.id)),
        () => ({ status: 'sent', sent_at: now.toISOString(), sent_to: to.slice(0, 500) }), (r) => str(r.code));
    }
    return { sent, invoices: rows.length };
  });
};
