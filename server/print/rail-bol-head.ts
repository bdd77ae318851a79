/**
 * The top of the rail bill of lading (docs/rail.md §10.1, Title and Header; §10.3 for drafts): the
 * issuing company on the left, the title, which copy this is and the document's numbers on the
 * right, then a band on a copy that is not a valid document (draft, correction draft, void) saying
 * why. Times are the snapshot's zone, the origin's (`2026-11-23 14:05 MST`).
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { formatInZone } from '../../src/lib/time-zone';
import { ALERT, MUTED, cellHeading, gridLayout, orDash, partyLines, text } from './rail-bol-style';
import { DRAFT_BAND, TITLE, correctionDraftBand, revisionLabel, voidBand } from './rail-bol-text';

export type BolMark = 'draft' | 'correction_draft' | null;

/** What a void copy adds to the snapshot it voids (server/actions/rail/ship.ts). */
export type VoidFacts = { void_reason?: unknown; voided_at?: unknown; voided_by?: unknown };

export const revisionOf = (s: BolSnapshot) => Number(s.shipment?.bol_revision ?? 0) || 0;
export const isVoid = (s: BolSnapshot) => s.kind === 'void';

/**
 * The revision this copy is: the snapshot's, or for a correction draft the next one, which the
 * correction will issue (a shipment in correction keeps the number of the copy in force).
 */
export const printedRevision = (s: BolSnapshot, mark: BolMark) => revisionOf(s) + (mark === 'correction_draft' && !isVoid(s) ? 1 : 0);

/** Under the title: Original, Corrected, revision n, or what kind of draft it is. */
function copyLine(s: BolSnapshot, mark: BolMark): string {
  const revision = printedRevision(s, mark);
  if (isVoid(s)) return `${revisionLabel(revision)} - VOID`;
  if (mark === 'draft') return 'Draft';
  if (mark === 'correction_draft') return `Correction draft, revision ${revision}`;
  return revisionLabel(revision);
}

const fact = (label: string, value: string, strong = false): TableCell[] => [
  cellHeading(label),
  value ? { text: value, bold: strong, fontSize: strong ? 10 : 8.5 } : { text: '—', color: MUTED },
];

export function header(s: BolSnapshot, mark: BolMark): Content {
  const sh = s.shipment ?? {};
  const c = s.company ?? {};
  const draft = mark !== null && !isVoid(s);
  // A draft is not issued: it has no issue time, and a first draft has no BOL number yet.
  const issued = draft ? '' : formatInZone(s.issued_at, s.zone);
  const bol = text(sh.bol_number) || (draft ? 'Not yet given' : '');
  const corrected = !draft && !isVoid(s) && revisionOf(s) > 0 && sh.correction_reason;
  const rows = [
    [...fact('BOL no.', bol, true), ...fact('Shipment no.', text(sh.shipment_number))],
    [...fact('Ship date', text(sh.ship_date)), ...fact('Issued', issued)],
    [...fact('Reference no.', text(sh.reference_number)), ...fact('Contract no.', text(s.contract?.contract_number))],
  ];
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: text(c.name), fontSize: 13, bold: true },
          ...partyLines(c).map((l) => ({ text: l })),
          ...(c.email ? [{ text: text(c.email) }] : []),
        ],
      },
      {
        width: 318,
        stack: [
          { text: TITLE, fontSize: 12, bold: true, alignment: 'right' },
          { text: copyLine(s, mark), fontSize: 10, bold: true, alignment: 'right', color: isVoid(s) ? ALERT : undefined, margin: [0, 1, 0, 0] },
          ...(corrected ? [{ text: `Correction: ${text(sh.correction_reason)}`, alignment: 'right' as const, color: MUTED, fontSize: 7.5 }] : []),
          { table: { widths: [50, '*', 54, 96], body: rows }, layout: gridLayout, margin: [0, 4, 0, 0] },
        ],
      },
    ],
    columnGap: 12,
  };
}

function band(lines: string[], color: string): Content {
  return {
    table: {
      widths: ['*'],
      body: [[{ stack: lines.map((t, i) => ({ text: t, bold: i === 0, fontSize: i === 0 ? 9.5 : 7.5, color, alignment: 'center' as const })) }]],
    },
    layout: { ...gridLayout, hLineWidth: () => 1, vLineWidth: () => 1, hLineColor: () => color, vLineColor: () => color },
    margin: [0, 6, 0, 0],
  };
}

/** The band under the header: why this copy is not (or no longer) a bill of lading to move the cars on. */
export function statusBand(s: BolSnapshot, mark: BolMark): Content[] {
  if (isVoid(s)) {
    const v = s as BolSnapshot & VoidFacts;
    const when = [v.voided_at ? `Voided ${formatInZone(v.voided_at, s.zone)}` : 'Voided', v.voided_by ? `by ${text(v.voided_by)}` : ''].filter(Boolean).join(' ');
    return [band([voidBand(text(v.void_reason)), `${when}. Issued ${formatInZone(s.issued_at, s.zone)} as ${revisionLabel(revisionOf(s)).toLowerCase()}.`], ALERT)];
  }
  if (mark === 'draft') return [band([DRAFT_BAND], MUTED)];
  if (mark === 'correction_draft') return [band([correctionDraftBand(orDash(s.shipment?.bol_number), printedRevision(s, mark))], '#9a5b00')];
  return [];
}
