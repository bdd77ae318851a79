/**
 * Sending ticket invoices (docs/terminal.md, Sending invoices):
 * - `send_for_payment/ {invoices_id, invoice_methods}` moves approved invoices to sent for
 *   payment, all or none, and records how they went; with `email` each invoice's PDF is mailed to
 *   its customer's address through the outbox, in the same transaction (a customer without an
 *   address refuses the call);
 * - `send_jobutrax/ {invoices_id}` posts each approved invoice as JSON to the company's Jobutrax
 *   service (an ERP export with that destination, Configuration → ERP), within the server's
 *   outbound rules. Each invoice goes on its own: one the service took keeps its reference and
 *   time; one it refused stays unsent with the reason on the invoice and in the answer.
 */
import { and, eq } from 'drizzle-orm';
import { erpExport } from '../../../src/resources/accounts/erp-export';
import { ticketInvoice } from '../../../src/resources/terminal/ticket-invoice';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { updateAll, visibleRows } from '../../engine/bulk-rows';
import { userLabel } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { serializeRows } from '../../engine/operations';
import { FetchRefused, answerExcerpt, guardedPost } from '../../http/outbound-fetch';
import { type InvoiceDocData, loadInvoiceDocs } from '../../print/ticket-invoice-data';
import { BOOKABLE, invoicePdf, invoicePdfName, namedInvoices } from './ticket-invoice-documents';

export const sendForPayment: ActionHandler = async ({ db, ctx, input, services }) => {
  const methods = [...new Set(input.invoice_methods as string[])];
  if (!methods.length) throw badRequest({ invoice_methods: ['Say how the invoices go to the customers.'] });
  const moved = await db.transaction(async (tx) => {
    const rows = await visibleRows(tx, ctx, ticketInvoice, [...new Set(input.invoices_id as string[])], 'invoices_id', { lock: true });
    const docs = methods.includes('email') ? await loadInvoiceDocs(tx, await serializeRows(tx, ticketInvoice, rows)) : [];
    const noAddress = docs.filter((d) => !d.customer?.email);
    if (noAddress.length) {
      throw badRequest({ invoice_methods: noAddress.map((d) => `${String(d.invoice.code)}: ${String(d.customer?.name ?? 'the customer')} has no email address to mail it to.`) });
    }
    const after = await updateAll(tx, ctx, ticketInvoice, rows, () => ({ status: 'sent_for_payment', sent_for_payment_at: new Date().toISOString(), invoice_methods: methods }), (r) => String(r.code));
    for (const d of docs) await mailInvoice(tx, services.mailer, d, userLabel(ctx));
    return after;
  });
  return { updated: moved.length, invoices: moved.map((r) => ({ id: r.id, code: r.code, status: r.status, version: r.version })) };
};

type Mailer = Parameters<ActionHandler>[0]['services']['mailer'];

async function mailInvoice(db: Parameters<ActionHandler>[0]['db'], mailer: Mailer, d: InvoiceDocData, sender: string) {
  const inv = d.invoice;
  await mailer.send(db, {
    to: String(d.customer!.email),
    subject: `Invoice ${String(inv.code)} from ${d.issuer.name}`,
    text: `Please find attached invoice ${String(inv.code)} of ${String(inv.invoice_date)} for ${String(inv.total)} ${String(inv.currency)}, due ${String(inv.due_date ?? 'on receipt')}.\n\nSent by ${sender}, ${d.issuer.name}.\n`,
    attachments: [{ filename: invoicePdfName(inv), content: await invoicePdf(db, d), contentType: 'application/pdf' }],
  });
}

/** What Jobutrax receives for one invoice. */
export function jobutraxPayload(d: InvoiceDocData) {
  const i = d.invoice;
  return {
    invoice_number: i.code, invoice_date: i.invoice_date, due_date: i.due_date, currency: i.currency, po_number: i.po_number,
    supplier: d.issuer.name,
    customer: { code: d.customer?.company_code ?? null, name: d.customer?.name ?? null, email: d.customer?.email ?? null },
    service_contract: d.contract?.code ?? null,
    lines: d.lines.map((l) => ({ line: l.position, ticket: l.ticket, ticket_date: l.ticket_date, description: l.description, product: l.product, quantity: l.quantity, unit: l.unit, unit_price: l.unit_price, amount: l.amount })),
    subtotal: i.subtotal, tax: { name: i.tax_name, rate: i.tax_rate, amount: i.tax_total }, total: i.total,
  };
}

/** The reference Jobutrax gives the invoice: `reference` or `id` of a JSON answer. */
function referenceOf(body: Buffer): string | null {
  try {
    const v = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const ref = v?.reference ?? v?.id;
    return ref === undefined || ref === null ? null : String(ref).slice(0, 100);
  } catch {
    return null;
  }
}

export const sendJobutrax: ActionHandler = async ({ db, ctx, input, services }) => {
  const rows = await namedInvoices(db, ctx, input.invoices_id as string[]);
  const notReady = rows.filter((r) => !BOOKABLE.has(String(r.status)) || r.status === 'paid');
  if (notReady.length) throw badRequest({ invoices_id: notReady.map((r) => `${String(r.code)}: only an approved invoice, or one sent for payment, goes to Jobutrax (this one is ${String(r.status).replace('_', ' ')}).`) });
  const e = tableOf(erpExport);
  const [service] = await db.select().from(e)
    .where(and(eq(e.company, ctx.user.companyId ?? -1), eq(e.destination, 'jobutrax'), eq(e.enabled, true))).orderBy(e.name).limit(1);
  if (!service?.url) throw badRequest({ non_field_errors: ['No Jobutrax service is set up: add one under Configuration → ERP (destination Jobutrax invoicing service).'] });
  const t = tableOf(ticketInvoice);
  const results = [];
  for (const d of await loadInvoiceDocs(db, rows)) {
    let ok = false;
    let reference: string | null = null;
    let message: string;
    try {
      const got = await guardedPost(String(service.url), services.config.fetch, {
        contentType: 'application/json', body: Buffer.from(JSON.stringify(jobutraxPayload(d))),
        headers: { ...(service.authorization ? { authorization: String(service.authorization) } : {}) },
      });
      ok = got.status >= 200 && got.status < 300;
      reference = ok ? referenceOf(got.body) : null;
      message = ok ? `Jobutrax took it${reference ? ` as ${reference}` : ''} (HTTP ${got.status}).` : `Jobutrax answered HTTP ${got.status}${got.body.length ? `: ${answerExcerpt(got.body)}` : '.'}`;
    } catch (err) {
      if (!(err instanceof FetchRefused)) throw err;
      message = err.message;
    }
    const id = String(d.invoice.id);
    await db.update(t).set(ok ? { jobutrax_sent_at: new Date(), jobutrax_reference: reference, jobutrax_message: message.slice(0, 500) } : { jobutrax_message: message.slice(0, 500) }).where(eq(t.id, id));
    results.push({ id, code: String(d.invoice.code), ok, message, reference });
  }
  return { sent: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, results };
};
