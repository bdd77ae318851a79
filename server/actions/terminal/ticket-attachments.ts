/**
 * `POST ticket/{id}/upload_attachment/` (multipart `file`, optional `name`, `kind`) and
 * `POST ticket/{id}/add_customs_invoice/` `{invoice}`. Every check runs before anything is written;
 * the stored file, the attachment record and the history row are one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChoiceField, FileField } from '../../../src/resources/fields';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketAttachment } from '../../../src/resources/terminal/ticket-parts';
import type { Db } from '../../db/connection';
import { storedFile } from '../../db/internal-tables';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { ErrorBag, HttpError, badRequest, notFound } from '../../engine/errors';
import { authorize, create, get, parseId, scopeOf, selectionOf, serializeRows } from '../../engine/operations';
import { detectType } from '../../files/routes';
import type { ActionHandler } from '../registry';
import { diffRows, recordHistory } from './ticket-history';
import { VOID_IS_FINAL } from './ticket-hooks';
import { bodyObject } from './ticket-input';

const attachmentField = ticketAttachment.fields.attachment as FileField;
const kindField = ticketAttachment.fields.kind as ChoiceField;

export interface CheckedUpload { buf: Buffer; filename: string; type: string; fields: Record<string, string> }

/**
 * Reads a multipart request with one file in `file` and plain fields, and checks the file by its
 * real content (magic bytes) against the accepted types and size. 413 when over the upload limit.
 */
export async function readCheckedUpload(request: FastifyRequest, accept: readonly string[], maxBytes: number): Promise<CheckedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, { detail: 'Send the file as multipart/form-data in the field "file".' });
  const fields: Record<string, string> = {};
  let file: { buf: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, { detail: 'The file is larger than the upload limit.' });
        if (part.fieldname === 'file' && !file) file = { buf, filename: part.filename };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, { detail: 'The file is larger than the upload limit.' });
    throw e;
  }
  if (!file) throw badRequest({ file: ['No file was submitted.'] });
  if (!file.buf.length) throw badRequest({ file: ['The submitted file is empty.'] });
  if (file.buf.length > maxBytes) throw new HttpError(413, { detail: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` });
  const type = await detectType(file.buf, file.filename);
  if (!type || !accept.includes(type)) throw badRequest({ file: [`This kind of file is not accepted${type ? ` (${type})` : ''}. Upload one of: ${accept.join(', ')}.`] });
  return { buf: file.buf, filename: file.filename.replace(/[\\/\0]/g, '_').slice(0, 255) || 'upload', type, fields };
}

/** Stores checked bytes as an uploaded file of the user's company; returns its id. */
export async function storeFile(db: Db, ctx: Ctx, u: { buf: Buffer; filename: string; type: string }): Promise<string> {
  const [row] = await db.insert(storedFile).values({
    name: u.filename, content_type: u.type, size: u.buf.length, data: u.buf, company_id: ctx.user.companyId, uploaded_by: ctx.user.id,
  }).returning({ id: storedFile.id });
  return row.id;
}

export const uploadAttachment: ActionHandler = async ({ db, ctx, resource, id, request, reply }) => {
  const row = await get(db, ctx, resource, id!);
  authorize(ctx, ticketAttachment, 'add');
  const upload = await readCheckedUpload(request, attachmentField.accept, attachmentField.maxBytes);
  const errors = new ErrorBag();
  const name = (upload.fields.name ?? '').trim() || upload.filename;
  if (name.length > 200) errors.add('name', 'Ensure this field has no more than 200 characters.');
  const kind = (upload.fields.kind ?? '').trim() || String(kindField.default);
  if (!kindField.choices.some(([v]) => v === kind)) errors.add('kind', `"${kind}" is not a valid choice.`);
  for (const k of Object.keys(upload.fields)) if (!['name', 'kind', 'description'].includes(k)) errors.add(k, 'Unknown field.');
  errors.throwIfAny();
  const created = await db.transaction(async (tx) => {
    const fileId = await storeFile(tx, ctx, upload);
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
