/**
 * Print templates, keyed by template code (`ticketview`), type (`BOL`, `RUN`) and version. A new
 * layout is a new version: printed documents stay reproducible (`version=1` prints the old layout),
 * and the default is the latest version of the type.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { badRequest } from '../engine/errors';
import type { TicketDocData } from './ticket-data';
import { billOfLadingV1, runTicketV1 } from './ticketview';
import type { PrintOptions } from './print-options';

export interface Template {
  code: string;
  type: string;
  version: number;
  title: string;
  build(d: TicketDocData, o: PrintOptions): TDocumentDefinitions;
}

export const TEMPLATES: Template[] = [
  { code: 'ticketview', type: 'BOL', version: 1, title: 'Bill of lading', build: billOfLadingV1 },
  { code: 'ticketview', type: 'RUN', version: 1, title: 'Run ticket', build: runTicketV1 },
];

export const DEFAULT_TEMPLATE_TYPE = 'BOL';

/** The template asked for, or a 400 naming what exists. */
export function findTemplate(code: string, type: unknown, version: unknown): Template {
  const ofCode = TEMPLATES.filter((t) => t.code === code);
  const wantedType = type === undefined || type === '' ? DEFAULT_TEMPLATE_TYPE : String(type).toUpperCase();
  const ofType = ofCode.filter((t) => t.type === wantedType);
  if (!ofType.length) throw badRequest({ template_type: [`Unknown template type "${String(type)}". Available: ${[...new Set(ofCode.map((t) => t.type))].join(', ')}.`] });
  if (version === undefined || version === '' || version === 'latest') return ofType.reduce((a, b) => (b.version > a.version ? b : a));
  const n = Number(version);
  const found = Number.isInteger(n) ? ofType.find((t) => t.version === n) : undefined;
  if (!found) throw badRequest({ version: [`Unknown version "${String(version)}" of template ${wantedType}. Available: ${ofType.map((t) => t.version).join(', ')}.`] });
  return found;
}
