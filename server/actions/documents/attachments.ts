/**
 * A bill of lading document's files (docs/documents.md, Files): each stored as uploaded (its
 * real type checked by its magic bytes on the way in), its text read when it is a PDF, what the
 * text says written into the document's empty fields (never over what a person entered), and the
 * document matched again.
 */
import { and, eq, ne, or } from 'drizzle-orm';
import { car } from '../../../src/resources/fleet/car';
import { parseMarkNumber } from '../../../src/lib/reporting-mark';
import { billOfLading } from '../../../src/resources/documents/bill-of-lading';
import { billOfLadingAttachment } from '../../../src/resources/documents/bill-of-lading-attachment';
import { readBol } from '../../../src/lib/bol-extract';
import { storedFile } from '../../db/internal-tables';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import type { Upload } from '../../files/multipart';
import { storeUpload } from '../../files/store';
import { pdfText } from './pdf-text';
import { rematch } from './bol-match';

const READ_FIELDS = ['bol_number', 'bol_date', 'shipper', 'consignee', 'origin', 'destination'] as const;

/** Reads a stored file: its text and pages (a PDF), none (an image), or why it failed. */
async function readFile(buf: Buffer, type: string) {
  if (type !== 'application/pdf') return { reading: 'no_text', text: null, pages: 1, error: null };
  const r = await pdfText(buf);
  if (!r.ok) return { reading: 'failed', text: null, pages: null, error: r.error.slice(0, 500) };
  return { reading: r.text ? 'read' : 'no_text', text: r.text || null, pages: r.pages, error: null };
}

/**
 * The cars a text names that are worth keeping: those of the company's fleet, and private cars
 * (a mark ending in X, a number of four digits or more) that are not, for a person to see. Other
 * mark-and-number shapes in a bill's text are codes and references (a shipment number, a CFR part).
 */
async function carsWorthKeeping(db: Db, company: number, found: string[]): Promise<string[]> {
  const parsed = found.map((w) => ({ w, car: parseMarkNumber(w)! }));
  const c = tableOf(car);
  const fleet = parsed.length ? await db.select({ mark: c.mark, number: c.number }).from(c)
    .where(and(eq(c.company, company), or(...parsed.map((p) => and(eq(c.mark, p.car.mark), eq(c.number, p.car.number)))))) : [];
  const inFleet = new Set(fleet.map((f) => `${f.mark} ${f.number}`));
  return parsed.filter((p) => inFleet.has(p.w) || (p.car.mark.endsWith('X') && p.car.number >= 1000)).map((p) => p.w);
}

/** Fills the document's empty fields from a file's text, and adds the cars it names. */
async function fillFromText(db: Db, documentId: number, text: string | null) {
  if (!text) return;
  const d = tableOf(billOfLading);
  const [doc] = await db.select().from(d).where(eq(d.id, documentId));
  const read = readBol(text);
  const found = { ...read, cars: await carsWorthKeeping(db, doc.company as number, read.cars) };
  const set: Record<string, unknown> = {};
  for (const f of READ_FIELDS) if ((doc as Record<string, unknown>)[f] === null && found[f]) set[f] = found[f];
  const cars = (doc.cars ?? []) as string[];
  const more = found.cars.filter((x) => !cars.includes(x));
  if (more.length) set.cars = [...cars, ...more];
  if (Object.keys(set).length) await db.update(d).set({ ...set, updated_at: new Date() }).where(eq(d.id, documentId));
}

/** Adds a file to a document (the primary when it is the first, or when asked), reads it and matches the document again. */
export async function addAttachment(db: Db, ctx: Ctx, documentId: number, company: number, upload: Pick<Upload, 'buf' | 'filename' | 'type'>, o: { primary?: boolean } = {}) {
  const stored = await storeUpload(db, ctx, upload);
  const a = tableOf(billOfLadingAttachment);
  const [first] = await db.select({ id: a.id }).from(a).where(eq(a.bill_of_lading, documentId)).limit(1);
  const primary = o.primary || !first;
  const read = await readFile(upload.buf, upload.type);
  if (primary) await db.update(a).set({ primary: false }).where(eq(a.bill_of_lading, documentId));
  const [made] = await db.insert(a).values({
    company, bill_of_lading: documentId, file: stored.id, file_name: upload.filename.slice(0, 200), content_type: upload.type, size: upload.buf.length, primary, ...read,
  } as never).returning({ id: a.id });
  if (primary) await db.update(tableOf(billOfLading)).set({ file_name: upload.filename.slice(0, 200) }).where(eq(tableOf(billOfLading).id, documentId));
  await fillFromText(db, documentId, read.text);
  await rematch(db, documentId);
  return made.id;
}

/** Reads a file again (a damaged upload replaced, or the reader improved) and matches the document again. */
export async function rereadAttachment(db: Db, attachmentId: number) {
  const a = tableOf(billOfLadingAttachment);
  const [row] = await db.select({ doc: a.bill_of_lading, data: storedFile.data, type: storedFile.content_type }).from(a)
    .innerJoin(storedFile, eq(storedFile.id, a.file)).where(eq(a.id, attachmentId));
  const read = await readFile(row.data as Buffer, row.type);
  await db.update(a).set({ ...read, updated_at: new Date() } as never).where(eq(a.id, attachmentId));
  await fillFromText(db, row.doc as number, read.text);
  await rematch(db, row.doc as number);
}

/** Makes one file the document's primary: the one its trips open, and its name the document's. */
export async function makePrimary(db: Db, documentId: number, attachmentId: number) {
  const a = tableOf(billOfLadingAttachment);
  await db.update(a).set({ primary: false }).where(and(eq(a.bill_of_lading, documentId), ne(a.id, attachmentId)));
  const [row] = await db.update(a).set({ primary: true }).where(eq(a.id, attachmentId)).returning({ name: a.file_name });
  await db.update(tableOf(billOfLading)).set({ file_name: row.name }).where(eq(tableOf(billOfLading).id, documentId));
}
