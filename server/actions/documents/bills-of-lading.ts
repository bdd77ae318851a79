/**
 * Bill of lading documents through the API (docs/documents.md): `upload_bills_of_lading/` makes a
 * document of one uploaded file (a page that sends many files sends them one by one, each with
 * its progress); a document's files are added, made primary, removed and read again by its
 * actions; a trip the rules did not find is attached by hand. A person's correction of what was
 * read (a PATCH of its BOL number, date or cars) matches the document again.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { billOfLading } from '../../../src/resources/documents/bill-of-lading';
import { billOfLadingAttachment } from '../../../src/resources/documents/bill-of-lading-attachment';
import { trip } from '../../../src/resources/trace/trip';
import { formatMarkNumber } from '../../../src/lib/reporting-mark';
import { car } from '../../../src/resources/fleet/car';
import { tableOf } from '../../db/tables';
import type { Db } from '../../db/connection';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { defineBehaviour } from '../../engine/behaviour';
import { badRequest, conflict } from '../../engine/errors';
import { find, get } from '../../engine/operations';
import { attachLabels } from '../../engine/labels';
import type { Upload } from '../../files/multipart';
import { addAttachment, makePrimary, rereadAttachment } from './attachments';
import { rematch } from './bol-match';

const FILES_BY_ACTIONS = "A bill of lading's files are added and removed through its document (save_attachment/, delete_attachment/).";

/** The attachment named by the input, if it is one of this document's files (400 on the field otherwise). */
async function attachmentOf(db: Db, documentId: number, raw: unknown, field: string) {
  const a = tableOf(billOfLadingAttachment);
  const [row] = await db.select({ id: a.id, primary: a.primary }).from(a).where(and(eq(a.id, Number(raw)), eq(a.bill_of_lading, documentId)));
  if (!row) throw badRequest({ [field]: ['That file is not one of this document\'s.'] });
  return row;
}

const upload: ActionHandler = async ({ db, ctx, input }) => {
  const file = input.file as Upload;
  const company = ctx.user.companyId;
  if (company === null) throw badRequest({ company: ['Choose the company the document is for.'] });
  const id = await db.transaction(async (tx) => {
    const d = tableOf(billOfLading);
    const [doc] = await tx.insert(d).values({ company, status: 'review', cars: [], candidates: [] } as never).returning({ id: d.id });
    await addAttachment(tx as unknown as Db, ctx, doc.id, company, file);
    return doc.id;
  });
  return created(await get(db, ctx, billOfLading, String(id)));
};

const saveAttachment: ActionHandler = async ({ db, ctx, record, input }) => {
  await db.transaction((tx) => addAttachment(tx as unknown as Db, ctx, record!.id as number, record!.company as number, input.file as Upload));
  return get(db, ctx, billOfLading, String(record!.id));
};

const setPrimary: ActionHandler = async ({ db, ctx, record, input }) => {
  const a = await attachmentOf(db, record!.id as number, input.attachment_id, 'attachment_id');
  await db.transaction((tx) => makePrimary(tx as unknown as Db, record!.id as number, a.id));
  return get(db, ctx, billOfLading, String(record!.id));
};

const deleteAttachment: ActionHandler = async ({ db, ctx, record, input }) => {
  const docId = record!.id as number;
  const a = await attachmentOf(db, docId, input.attachment_id, 'attachment_id');
  const t = tableOf(billOfLadingAttachment);
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.bill_of_lading, docId));
    if (Number(n) === 1) throw conflict('This is the document\'s only file: delete the document instead.');
    await tx.delete(t).where(eq(t.id, a.id));
    // The next file becomes the primary when the primary goes.
    if (a.primary) {
      const [next] = await tx.select({ id: t.id }).from(t).where(eq(t.bill_of_lading, docId)).orderBy(asc(t.id)).limit(1);
      await makePrimary(tx as unknown as Db, docId, next.id);
    }
    await rematch(tx as unknown as Db, docId);
  });
  return get(db, ctx, billOfLading, String(docId));
};

const retry: ActionHandler = async ({ db, ctx, record, input }) => {
  const a = await attachmentOf(db, record!.id as number, input.attachment, 'attachment');
  await db.transaction((tx) => rereadAttachment(tx as unknown as Db, a.id));
  return get(db, ctx, billOfLading, String(record!.id));
};

const attachToTrip: ActionHandler = async ({ db, ctx, record, input }) => {
  const docId = record!.id as number;
  if (input.attachment_id !== undefined && input.attachment_id !== null) await attachmentOf(db, docId, input.attachment_id, 'attachment_id');
  // The trip as the caller may read it (another company's: 400 on the field by the engine's reference check).
  const found = await get(db, ctx, trip, String(input.trip_id));
  if (found.kind !== 'loaded') throw badRequest({ trip_id: ['An empty trip carries no load and no bill of lading.'] });
  const t = tableOf(trip);
  await db.transaction(async (tx) => {
    await tx.update(t).set({ bill_of_lading: docId, updated_at: new Date() }).where(eq(t.id, found.id as number));
    // The trip's car joins the document's cars when it was not among them.
    const c = tableOf(car);
    const [own] = await tx.select({ mark: c.mark, number: c.number }).from(c).where(eq(c.id, found.car as number));
    const label = formatMarkNumber({ mark: own.mark, number: Number(own.number) });
    const d = tableOf(billOfLading);
    const cars = (record!.cars ?? []) as string[];
    if (!cars.includes(label)) await tx.update(d).set({ cars: [...cars, label] }).where(eq(d.id, docId));
    await rematch(tx as unknown as Db, docId);
  });
  return get(db, ctx, billOfLading, String(docId));
};

/** The trips that have the document, oldest release first, with their cars' labels. */
const trips: ActionHandler = async ({ db, ctx, record }) =>
  attachLabels(db, ctx, trip, (await find(db, ctx, trip, { bill_of_lading: String(record!.id), page_size: '0', ordering: 'released_at' })).rows);

export const billOfLadingBehaviour = defineBehaviour(billOfLading, {
  hooks: {
    beforeWrite({ mode }) { if (mode === 'create') throw badRequest({ non_field_errors: ['A bill of lading document is made by uploading its file (upload_bills_of_lading/).'] }); },
    beforeClone() { throw badRequest({ non_field_errors: ['A bill of lading document is made by uploading its file.'] }); },
    // What a person corrected is matched again.
    async afterWrite({ db, id, mode }) { if (mode === 'update') await rematch(db, id as number); },
  },
  actions: {
    upload_bills_of_lading: upload, save_attachment: saveAttachment, set_as_primary_attachment: setPrimary, delete_attachment: deleteAttachment,
    retry_attachment: retry, attach_to_specific_trip: attachToTrip, trips,
  },
});

export const billOfLadingAttachmentBehaviour = defineBehaviour(billOfLadingAttachment, {
  hooks: {
    // Only a rename (the one field a person writes); a renamed primary names its document.
    beforeWrite({ mode }) { if (mode === 'create') throw badRequest({ non_field_errors: [FILES_BY_ACTIONS] }); },
    async afterWrite({ db, id }) {
      const a = tableOf(billOfLadingAttachment);
      const [row] = await db.select({ doc: a.bill_of_lading, primary: a.primary, name: a.file_name }).from(a).where(eq(a.id, id as number));
      if (row?.primary) await db.update(tableOf(billOfLading)).set({ file_name: row.name }).where(eq(tableOf(billOfLading).id, row.doc as number));
    },
    beforeDelete() { throw badRequest({ non_field_errors: [FILES_BY_ACTIONS] }); },
    beforeClone() { throw badRequest({ non_field_errors: [FILES_BY_ACTIONS] }); },
  },
});
