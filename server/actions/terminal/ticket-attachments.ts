/**
 * `POST ticket/{id}/upload_attachment/` (multipart `file`, optional `name`, `kind`) and
 * `POST ticket/{id}/add_customs_invoice/` `{invoice}`. Every check runs before anything is written;
 * the stored file, the attachment record and the history row are one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ChoiceField, FileField } from '../../../src/resources/fields';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketAttachment } from '../../../src/resources/terminal/ticket-parts';
import { tableOf } from '../../db/tables';
import { ErrorBag, badRequest, notFound } from '../../engine/errors';
import { authorize, create, get, parseId, scopeOf, selectionOf, serializeRows } from '../../engine/operations';
import { readUpload } from '../../files/multipart';
import { storeUpload } from '../../files/store';
import type { ActionHandler } from '../registry';
import { diffRows, recordHistory } from './ticket-history';
import { VOID_IS_FINAL } from './ticket-hooks';
import { bodyObject } from './ticket-input';

const attachmentField = ticketAttachment.fields.attachment as FileField;
const kindField = ticketAttachment.fields.kind as ChoiceField;

export const uploadAttachment: ActionHandler = async ({ services, db, ctx, resource, id, request, reply }) => {
  const row = await get(db, ctx, resource, id!);
  authorize(ctx, ticketAttachment, 'add');
  const upload = await readUpload(request, reply, services.config.uploadLimitBytes, {
    accept: attachmentField.accept, maxBytes: attachmentField.maxBytes, fields: ['name', 'kind', 'description'],
  });
  const errors = new ErrorBag();
  const name = (upload.fields.name ?? '').trim() || upload.filename;
  if (name.length > 200) errors.add('name', 'Ensure this field has no more than 200 characters.');
  const kind = (upload.fields.kind ?? '').trim() || String(kindField.default);
  if (!kindField.choices.some(([v]) => v === kind)) errors.add('kind', `"${kind}" is not a valid choice.`);
  errors.throwIfAny();
  const created = await db.transaction(async (tx) => {
    const fileId = (await storeUpload(tx, ctx, upload)).id;
    const att = await create(tx, ctx, ticketAttachment, {
      ticket: row.id, attachment: fileId, name, kind, ...(upload.fields.description ? { description: upload.fields.description } : {}),
    });
    await recordHistory(tx, ctx, {
      ticketId: String(row.id), companyId: row.company, action: 'attachment',
      via: `POST ${ticket.name}/{id}/upload_attachment/`, changes: { attachments: [null, name] },
    });
    return att;
  });
  return reply.code(201).send(created);
};

/** Customs invoice numbers: letters and digits with the usual separators, at most 60 characters. */
export const INVOICE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./_#-]*$/;

export function invoiceError(v: unknown): string | null {
  if (typeof v !== 'string' || !v.trim()) return 'Give the customs invoice number.';
  const s = v.trim();
  if (s.length > 60) return 'Ensure this field has no more than 60 characters.';
  if (!INVOICE_PATTERN.test(s)) return 'Letters, digits, spaces and . / _ # - only, starting with a letter or digit.';
  return null;
}

export const addCustomsInvoice: ActionHandler = async ({ db, ctx, resource, id, body }) => {
  const b = bodyObject(body);
  const key = parseId(resource, id!);
  const t = tableOf(ticket);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select(selectionOf(ticket)).from(t).where(and(eq(t.id, key), scopeOf(ctx, ticket))).for('update');
    if (!current) throw notFound();
    const errors = new ErrorBag();
    const msg = invoiceError(b.invoice);
    if (msg) errors.add('invoice', msg);
    for (const k of Object.keys(b)) if (k !== 'invoice') errors.add(k, 'Unknown field.');
    errors.throwIfAny();
    if (current.status === 'void') throw badRequest({ invoice: [VOID_IS_FINAL] });
    const [after] = await tx.update(t).set({ customs_invoice: String(b.invoice).trim(), version: sql`${t.version} + 1`, updated_at: sql`now()` })
      .where(eq(t.id, key)).returning(selectionOf(ticket));
    const changes = diffRows(current, after);
    if (Object.keys(changes).length) {
      await recordHistory(tx, ctx, { ticketId: String(key), companyId: current.company, action: 'customs_invoice', via: `POST ${ticket.name}/{id}/add_customs_invoice/`, changes });
    }
    return after;
  });
  return (await serializeRows(db, ticket, [row]))[0];
};
