/**
 * A trip's bill of lading (docs/documents.md, On a trip): `upload_file/` makes a document of the
 * file sent for this trip and attaches it (the text read and matched like any upload);
 * `get_file/` answers the document's primary file; `delete_file/` takes the document off the trip
 * (and deletes it when no other trip has it: it was this trip's file); `save_extracted_data/`
 * corrects what was read; `get_shipper_unique_values/` the shippers the company's documents name.
 */
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { billOfLading } from '../../../src/resources/documents/bill-of-lading';
import { billOfLadingAttachment } from '../../../src/resources/documents/bill-of-lading-attachment';
import { trip } from '../../../src/resources/trace/trip';
import { storedFile } from '../../db/internal-tables';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { badRequest, HttpError } from '../../engine/errors';
import { authorize, get, scopeOf, update } from '../../engine/operations';
import type { Upload } from '../../files/multipart';
import { addAttachment } from '../documents/attachments';
import { rematch } from '../documents/bol-match';

const loadedOnly = (row: Record<string, unknown>) => {
  if (row.kind !== 'loaded') throw badRequest({ non_field_errors: ['An empty trip carries no load and no bill of lading.'] });
};

export const uploadFile: ActionHandler = async ({ db, ctx, record, input }) => {
  const row = record!;
  loadedOnly(row);
  await db.transaction(async (tx) => {
    const d = tableOf(billOfLading);
    const [doc] = await tx.insert(d).values({ company: row.company, status: 'review', cars: [], candidates: [] } as never).returning({ id: d.id });
    await tx.update(tableOf(trip)).set({ bill_of_lading: doc.id, updated_at: new Date() }).where(eq(tableOf(trip).id, row.id as number));
    await addAttachment(tx as unknown as Db, ctx, doc.id, row.company as number, input.file as Upload);
  });
  return get(db, ctx, trip, String(row.id));
};

export const getFile: ActionHandler = async ({ db, record }) => {
  const docId = record!.bill_of_lading as number | null;
  if (!docId) throw new HttpError(404, { detail: 'This trip has no bill of lading.' });
  const a = tableOf(billOfLadingAttachment);
  const [f] = await db.select({ name: storedFile.name, type: storedFile.content_type, data: storedFile.data }).from(a)
    .innerJoin(storedFile, eq(storedFile.id, a.file)).where(and(eq(a.bill_of_lading, docId))).orderBy(sql`${a.primary} desc`, asc(a.id)).limit(1);
  if (!f) throw new HttpError(404, { detail: 'Its bill of lading has no file.' });
  return download(f.name, f.type, f.data as Buffer);
};

export const deleteFile: ActionHandler = async ({ db, ctx, record }) => {
  const row = record!;
  const docId = row.bill_of_lading as number | null;
  if (!docId) throw badRequest({ non_field_errors: ['This trip has no bill of lading.'] });
  const t = tableOf(trip);
  await db.transaction(async (tx) => {
    await tx.update(t).set({ bill_of_lading: null, updated_at: new Date() }).where(eq(t.id, row.id as number));
    const [other] = await tx.select({ id: t.id }).from(t).where(and(eq(t.bill_of_lading, docId), ne(t.id, row.id as number))).limit(1);
    if (other) await rematch(tx as unknown as Db, docId);
    else await tx.delete(tableOf(billOfLading)).where(eq(tableOf(billOfLading).id, docId));
  });
  return get(db, ctx, trip, String(row.id));
};

export const saveExtractedData: ActionHandler = async ({ db, ctx, record, input }) => {
  const docId = record!.bill_of_lading as number | null;
  if (!docId) throw badRequest({ non_field_errors: ['This trip has no bill of lading: upload its file first.'] });
  const doc = await get(db, ctx, billOfLading, String(docId));
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await update(db, ctx, billOfLading, String(docId), { ...changes, version: doc.version });
  return get(db, ctx, trip, String(record!.id));
};

export const shipperValues: ActionHandler = async ({ db, ctx }) => {
  authorize(ctx, billOfLading, 'view');
  const d = tableOf(billOfLading);
  const rows = await db.select({ shipper: d.shipper, documents: sql<number>`count(*)::int` }).from(d)
    .where(and(scopeOf(ctx, billOfLading), isNotNull(d.shipper))).groupBy(d.shipper).orderBy(asc(d.shipper));
  return rows.map((r) => ({ value: r.shipper, documents: Number(r.documents) }));
};
