/**
 * A ticket invoice's documents (docs/terminal.md, Invoice documents): the printed invoice
 * (`{id}/print_invoice/`, `{code}.pdf`), the export of invoices with their lines as CSV or XLSX
 * (`get_invoice_export/`, one row per line, the report files' writer) and a zip of one SAP
 * INVOIC02 IDoc per invoice (`bulk_export_sap_xml/`). Drafts and invoices awaiting approval are
 * printed watermarked but not sent to an ERP: only an approved invoice is one to book.
 */
import { inArray, sql } from 'drizzle-orm';
import { ticketInvoice } from '../../../src/resources/terminal/ticket-invoice';
import { INVOICE_TEMPLATE } from '../../../src/resources/terminal/ticket-invoice';
import { formatInZone } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { visibleRows } from '../../engine/bulk-rows';
import type { Ctx } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { serializeRows } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { companyTimeZone } from '../../engine/time-zones';
import { localDateIn } from '../../../src/lib/time-zone';
import { invoiceIdoc } from '../../erp/idoc';
import { renderInvoiceOffThread } from '../../print/render-pool';
import { type InvoiceDocData, loadInvoiceDocs } from '../../print/ticket-invoice-data';
import { zipFiles } from '../../print/zip';
import type { OutColumn } from '../../reports/plan';
import { reportFile } from '../../reports/files';
import type { Cell } from '../../reports/run';

/** An ERP books approved invoices: these states are exported to one. */
export const BOOKABLE = new Set(['approved', 'sent_for_payment', 'paid']);

const fileSafe = (code: unknown) => String(code).replace(/[^\w.-]+/g, '_');
export const invoicePdfName = (row: Row) => `${fileSafe(row.code)}.pdf`;

/** The named invoices, serialised, in the order given (the caller's scope: 400 for one it cannot read). */
async function named(db: Db, ctx: Ctx, ids: string[]): Promise<Row[]> {
  return serializeRows(db, ticketInvoice, await visibleRows(db, ctx, ticketInvoice, [...new Set(ids)], 'invoices_id'));
}

/** The invoice's PDF, its footer's time in the company's zone. */
export async function invoicePdf(db: Db, doc: InvoiceDocData): Promise<Buffer> {
  const zone = await companyTimeZone(db, doc.invoice.company as number);
  return renderInvoiceOffThread(doc, formatInZone(new Date(), zone));
}

export const printInvoice: ActionHandler = async ({ db, record, input }) => {
  if (input.printableTemplateCode !== undefined && input.printableTemplateCode !== INVOICE_TEMPLATE) {
    throw badRequest({ printableTemplateCode: [`Unknown template "${String(input.printableTemplateCode)}". Available: ${INVOICE_TEMPLATE}.`] });
  }
  if (input.companyId !== undefined && input.companyId !== record!.company) throw badRequest({ companyId: ['The invoice is not of this company.'] });
  const [row] = await serializeRows(db, ticketInvoice, [record!]);
  const [doc] = await loadInvoiceDocs(db, [row]);
  return download(invoicePdfName(row), 'application/pdf', await invoicePdf(db, doc));
};

/** Only approved invoices go to an ERP: a 400 naming each other one. */
function requireBookable(rows: Row[]) {
  const not = rows.filter((r) => !BOOKABLE.has(String(r.status)));
  if (not.length) throw badRequest({ invoices_id: not.map((r) => `${String(r.code)}: only an approved invoice is exported (this one is ${String(r.status).replace('_', ' ')}).`) });
}

async function markExported(db: Db, rows: Row[]) {
  const t = tableOf(ticketInvoice);
  await db.update(t).set({ exported_at: sql`now()` }).where(inArray(t.id, rows.map((r) => String(r.id))));
}

const col = (key: string, header: string, as: OutColumn['display']['as'], places?: number): OutColumn =>
  ({ key, label: header, header, kind: as, unit: null, places, role: 'column', display: { as } as OutColumn['display'], expr: sql`null` });

const EXPORT_COLUMNS: OutColumn[] = [
  col('invoice', 'Invoice', 'text'), col('invoice_date', 'Invoice date', 'date'), col('due_date', 'Due date', 'date'), col('status', 'Status', 'text'),
  col('customer', 'Customer', 'text'), col('customer_code', 'Customer code', 'text'), col('contract', 'Service contract', 'text'), col('po_number', 'PO number', 'text'),
  col('currency', 'Currency', 'text'), col('position', 'Line', 'integer'), col('ticket', 'Ticket', 'text'), col('ticket_date', 'Ticket date', 'date'),
  col('description', 'Description', 'text'), col('product', 'Product', 'text'), col('quantity', 'Quantity', 'decimal', 3), col('unit', 'Unit', 'text'),
  col('unit_price', 'Unit price', 'decimal', 4), col('amount', 'Amount', 'decimal', 2),
  col('subtotal', 'Invoice subtotal', 'decimal', 2), col('tax', 'Invoice tax', 'decimal', 2), col('total', 'Invoice total', 'decimal', 2),
];

function exportRows(docs: InvoiceDocData[]): Cell[][] {
  return docs.flatMap((d) => d.lines.map((l): Cell[] => {
    const i = d.invoice;
    return [
      String(i.code), String(i.invoice_date), (i.due_date as string | null) ?? null, String(i.status), String(d.customer?.name ?? ''), String(d.customer?.company_code ?? ''),
      d.contract?.code ?? '', (i.po_number as string | null) ?? null, String(i.currency), l.position, l.ticket, l.ticket_date,
      l.description, l.product, l.quantity, l.unit, l.unit_price, l.amount, String(i.subtotal), String(i.tax_total), String(i.total),
    ];
  }));
}

export const getInvoiceExport: ActionHandler = async ({ db, ctx, input }) => {
  const rows = await named(db, ctx, input.invoices_id as string[]);
  const docs = await loadInvoiceDocs(db, rows);
  const day = localDateIn(new Date(), await companyTimeZone(db, ctx.user.companyId))!;
  const format = input.export_type === 'xlsx' ? 'xlsx' : 'csv';
  const file = await reportFile(format, day, {
    name: 'ticket-invoices', columns: EXPORT_COLUMNS, totalColumns: EXPORT_COLUMNS,
    batches: (async function* () { yield exportRows(docs); })(), totals: async () => [],
  });
  await markExported(db, rows);
  return download(file.filename, file.contentType, file.data);
};

/** One invoice as an INVOIC02 IDoc. */
export function invoiceXml(d: InvoiceDocData): string {
  const i = d.invoice;
  const c = d.customer;
  return invoiceIdoc({
    number: String(i.code), date: String(i.invoice_date), due: (i.due_date as string | null) ?? undefined, currency: String(i.currency),
    sender: d.issuer.name, po: (i.po_number as string | null) ?? undefined,
    terms: d.contract?.payment_terms_days === null || d.contract?.payment_terms_days === undefined ? undefined : `N${String(d.contract.payment_terms_days).padStart(3, '0')}`,
    billTo: { code: String(c?.company_code ?? ''), name: String(c?.name ?? ''), street: String(c?.address ?? ''), city: String(c?.city ?? ''), postal: String(c?.postal_code ?? ''), region: String(c?.province ?? ''), country: String(c?.country ?? '') },
    lines: d.lines.map((l) => ({ position: l.position, material: l.product, description: `${l.ticket} ${l.description}`, quantity: l.quantity, unit: l.unit, unitPrice: l.unit_price, amount: l.amount })),
    subtotal: String(i.subtotal), tax: String(i.tax_total), total: String(i.total),
  });
}

export const bulkExportSapXml: ActionHandler = async ({ db, ctx, input }) => {
  const rows = await named(db, ctx, input.invoices_id as string[]);
  requireBookable(rows);
  const docs = await loadInvoiceDocs(db, rows);
  const zip = await zipFiles(docs.map((d) => ({ filename: `${fileSafe(d.invoice.code)}.xml`, content: Buffer.from(invoiceXml(d), 'utf8') })));
  await markExported(db, rows);
  return download('invoices-sap-idoc.zip', 'application/zip', zip);
};

export { named as namedInvoices, requireBookable };
