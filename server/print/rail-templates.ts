/**
 * The rail documents' templates (docs/rail.md §10.1, §10.3): the straight bill of lading
 * `rail-bol-custom` by version. A new layout is a new version, so an archived document's
 * `template_version` prints it as it was issued; the default is the latest. A document is built
 * from its snapshot alone, never from live records.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { badRequest } from '../engine/errors';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { railBolV1, railBolV2, railBolV3, railBolV4 } from './rail-bol';
import { combineDocuments } from './combine';

export const RAIL_BOL_CODE = 'rail-bol-custom';

/** What the document is besides its snapshot: a draft of a shipment not issued, or of its coming revision. */
export type BolMark = 'draft' | 'correction_draft' | null;

/** One bill of lading: its snapshot, what it is besides, and the template version it prints with. */
export interface BolPart { snapshot: BolSnapshot; mark: BolMark; version: number }

/** Bills of lading to render on the print workers (server/print/render-pool.ts): one, or several one after another in one PDF. */
export interface RailBolJob {
  kind: 'rail-bol';
  parts: BolPart[];
  printedAt: string;
}

const VERSIONS: Record<number, (s: BolSnapshot, o: { mark: BolMark; printedAt: Date }) => TDocumentDefinitions> = { 1: railBolV1, 2: railBolV2, 3: railBolV3, 4: railBolV4 };
export const LATEST_BOL_VERSION = Math.max(...Object.keys(VERSIONS).map(Number));

/** The version asked for (`code` and `version` of a print request), or a 400 naming what exists. */
export function railBolVersion(code: unknown, version: unknown): number {
  if (code !== undefined && code !== null && code !== '' && code !== RAIL_BOL_CODE) {
    throw badRequest({ code: [`Unknown template "${String(code)}". Available: ${RAIL_BOL_CODE}.`] });
  }
  if (version === undefined || version === null || version === '' || version === 'latest') return LATEST_BOL_VERSION;
  const n = Number(version);
  if (!VERSIONS[n]) throw badRequest({ version: [`Unknown version "${String(version)}" of ${RAIL_BOL_CODE}. Available: ${Object.keys(VERSIONS).join(', ')}.`] });
  return n;
}

export function railBolDocument(job: RailBolJob): TDocumentDefinitions {
  const printedAt = new Date(job.printedAt);
  const docs = job.parts.map((p) => VERSIONS[p.version](p.snapshot, { mark: p.mark, printedAt }));
  return docs.length === 1 ? docs[0] : combineDocuments(docs, { title: `Bills of lading: ${docs.length}` });
}
