/**
 * Printing a shipment's bill of lading (docs/rail.md §10.2, §10.3):
 * - `{id}/print/` answers the shipment's current document: an open shipment's DRAFT and a
 *   correcting one's CORRECTION DRAFT rendered from the live records (never archived), a shipped
 *   one's latest issued or corrected copy and a void one's void copy from the archive; a
 *   cancelled shipment has none;
 * - an archived copy's PDF is rendered the first time it is asked for and kept (a stored file
 *   owned by the archive row, with its SHA-256), so every reprint is byte-identical; two first
 *   requests racing both render, the first to attach its file wins and the other answers that one;
 * - `bol_archives/` lists a shipment's archive, `bol_archive/?bolArchiveId=` answers one copy.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { storedFile } from '../../db/internal-tables';
import { railBolArchive } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { type Ctx, userLabel } from '../../engine/context';
import { badRequest, fieldError, notFound } from '../../engine/errors';
import { scopeOf } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { renderRailBolOffThread } from '../../print/render-pool';
import { type BolMark, type BolPart, railBolVersion } from '../../print/rail-templates';
import { loadBolFacts, originZone } from './bol-facts';
import { type BolSnapshot, bolSnapshot } from './bol-snapshot';

type ArchiveRow = typeof railBolArchive.$inferSelect;

const safe = (v: unknown) => String(v).replace(/[^\w.-]+/g, '_');

/** `bol-PBT26000042.pdf`, `-r1` for a revision, `-void` for the void copy; `bol-draft-RS-000123.pdf` for a draft. */
export function bolFileName(a: Pick<ArchiveRow, 'bol_number' | 'revision' | 'kind'>): string {
  return `bol-${safe(a.bol_number)}${a.revision ? `-r${a.revision}` : ''}${a.kind === 'void' ? '-void' : ''}.pdf`;
}

/** The archived copy's PDF: the stored one, or rendered now, kept, and answered (the first stored wins a race). */
export async function archivedPdf(db: Db, a: ArchiveRow): Promise<Buffer> {
  if (a.file_id) return storedBytes(db, a.file_id);
  const pdf = await renderRailBolOffThread({ parts: [archivedPart(a)], printedAt: a.issued_at.toISOString() });
  const [file] = await db.insert(storedFile).values({
    name: bolFileName(a), content_type: 'application/pdf', size: pdf.length, data: pdf, company_id: a.company_id,
  }).returning({ id: storedFile.id });
  const won = await db.update(railBolArchive).set({ file_id: file.id, sha256: createHash('sha256').update(pdf).digest('hex'), size: pdf.length })
    .where(and(eq(railBolArchive.id, a.id), isNull(railBolArchive.file_id))).returning({ id: railBolArchive.id });
  if (won.length) return pdf;
  await db.delete(storedFile).where(eq(storedFile.id, file.id));
  const [now] = await db.select({ file: railBolArchive.file_id }).from(railBolArchive).where(eq(railBolArchive.id, a.id));
  return storedBytes(db, now.file!);
}

async function storedBytes(db: Db, id: string): Promise<Buffer> {
  const [f] = await db.select({ data: storedFile.data }).from(storedFile).where(eq(storedFile.id, id));
  return Buffer.from(f.data as Uint8Array);
}

/** The shipment's latest archived copy of these kinds. */
export async function latestArchive(db: Db, shipmentId: number, kinds: readonly string[]): Promise<ArchiveRow | undefined> {
  return (await db.select().from(railBolArchive)
    .where(and(eq(railBolArchive.shipment_id, shipmentId), inArray(railBolArchive.kind, [...kinds]))).orderBy(desc(railBolArchive.seq)).limit(1))[0];
}

/** An archived copy as a part of a render: its snapshot, with the version it was issued with. */
const archivedPart = (a: ArchiveRow): BolPart => ({ snapshot: a.snapshot as BolSnapshot, mark: null, version: a.template_version });

/** A draft from the live records: of a shipment not yet issued, or of the revision a correction will issue. */
async function draftPart(db: Db, ctx: Ctx, shipment: Row, mark: BolMark, version: number): Promise<BolPart> {
  const facts = await loadBolFacts(db, shipment.id as number);
  const snapshot = bolSnapshot(facts, { kind: 'issued', issuedAt: new Date(), zone: await originZone(db, facts), issuedBy: userLabel(ctx) });
  return { snapshot, mark, version };
}

/** What a shipment's current document is (§10.3): a live draft, or its latest archived copy; a cancelled shipment has none. */
export type CurrentBol = { name: string; draft: BolPart } | { name: string; archived: ArchiveRow };

export async function currentBol(db: Db, ctx: Ctx, shipment: Row, version: number): Promise<CurrentBol> {
  switch (shipment.status) {
    case 'open': return { name: `bol-draft-${safe(shipment.shipment_number)}.pdf`, draft: await draftPart(db, ctx, shipment, 'draft', version) };
    case 'in_correction': return { name: `bol-correction-draft-${safe(shipment.bol_number)}.pdf`, draft: await draftPart(db, ctx, shipment, 'correction_draft', version) };
    case 'cancelled': throw fieldError('status', 'A cancelled shipment has no bill of lading.');
    default: {
      const a = await latestArchive(db, shipment.id as number, shipment.status === 'void' ? ['void'] : ['issued', 'corrected']);
      if (!a) throw badRequest({ status: ['This shipment has no archived bill of lading.'] });
      return { name: bolFileName(a), archived: a };
    }
  }
}

/** The current document's PDF: a draft rendered now, an archived copy as kept. */
export const currentPdf = async (db: Db, c: CurrentBol): Promise<Buffer> =>
  ('draft' in c ? renderRailBolOffThread({ parts: [c.draft], printedAt: new Date().toISOString() }) : archivedPdf(db, c.archived));

/** The current document as a part of a combined render. */
export const currentPart = (c: CurrentBol): BolPart => ('draft' in c ? c.draft : archivedPart(c.archived));

/** `GET rail_shipment/{id}/print/?code=rail-bol-custom&version=1` -> application/pdf. */
export const printBol: ActionHandler = async ({ db, ctx, record, input }) => {
  const current = await currentBol(db, ctx, record!, railBolVersion(input.code, input.version));
  return download(current.name, 'application/pdf', await currentPdf(db, current), { 'content-disposition': `inline; filename="${current.name}"` });
};

/** `GET rail_shipment/{id}/bol_archives/`: the shipment's archived documents, oldest first. */
export const bolArchives: ActionHandler = async ({ db, record }) => {
  const rows = await db.select().from(railBolArchive).where(eq(railBolArchive.shipment_id, record!.id as number)).orderBy(railBolArchive.seq);
  return rows.map((a) => ({
    id: a.id, seq: a.seq, kind: a.kind, bol_number: a.bol_number, revision: a.revision, issued_at: a.issued_at.toISOString(),
    issued_by: a.issued_by_label, template: `${a.template_code} v${a.template_version}`, sha256: a.sha256, size: a.size, file_name: bolFileName(a),
  }));
};

/** `GET rail_shipment/bol_archive/?bolArchiveId=`: one archived copy, byte for byte, of a shipment the caller may read. */
export const bolArchive: ActionHandler = async ({ db, ctx, input }) => {
  const s = tableOf(railShipment);
  const [a] = await db.select({ row: railBolArchive }).from(railBolArchive)
    .innerJoin(s, eq(s.id, railBolArchive.shipment_id))
    .where(and(eq(railBolArchive.id, input.bolArchiveId as number), scopeOf(ctx, railShipment))).limit(1);
  if (!a) throw notFound();
  return download(bolFileName(a.row), 'application/pdf', await archivedPdf(db, a.row), { 'content-disposition': `inline; filename="${bolFileName(a.row)}"` });
};

export const bolPrintActions = { print: printBol, bol_archives: bolArchives, bol_archive: bolArchive };
