/**
 * The end of the rail bill of lading (docs/rail.md §10.1, Certification and Signatures): for a
 * dangerous good the shipper's certification, signed by the shipment's certifier with the issue
 * date; then the carrier's receipt and the two signatures. One closing block, never split and never
 * alone on a page (./page-breaks.ts, `CLOSING`), so what is signed stands with what it signs.
 */
import type { Content, ContentStack, ContentText } from 'pdfmake/interfaces';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { localDateIn } from '../../src/lib/time-zone';
import { CLOSING } from './page-breaks';
import { type BolMark, isVoid } from './rail-bol-head';
import { MUTED, RULE_COLOR, caption, gridLayout, sectionHeading, text } from './rail-bol-style';
import { CFR_172_204_CERTIFICATION, CFR_SOURCE, RECEIPT_STATEMENT, TDG_3_6_1_CERTIFICATION, TDG_SOURCE } from './rail-bol-text';

const small = (t: string): Content => ({ text: t, fontSize: 6.5, color: MUTED });
const labelled = (label: string, value: string, size = 8): ContentText =>
  ({ text: [{ text: label, color: MUTED }, { text: value || ' ', bold: true, fontSize: size }] });

/** Room to sign by hand: a line with this much space above it, the label under it. */
const SIGNING_ROOM = 24;
function signingLine(width: number, label: Content, value = ''): ContentStack {
  return {
    stack: [
      { text: value || ' ', bold: true, margin: [0, SIGNING_ROOM - 10, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.5 }] },
      typeof label === 'string' ? small(label) : label,
    ],
  };
}

/** The certifier: the person the shipment names, else who issued it (a draft is not issued, so it names only the certifier). */
function signer(s: BolSnapshot, draft: boolean): string {
  return text(s.shipment?.hazardous_certificate_person).trim() || (draft ? '' : text(s.issued_by).trim());
}

/** The date the document was issued, at the origin: the day the certification and the shipper's signature speak for. */
const issueDate = (s: BolSnapshot, draft: boolean) => (draft ? '' : localDateIn(s.shipment?.shipped_at ?? s.issued_at, s.zone) ?? '');

/**
 * Both statements, then the certifier's name and the date. The printed name is the signature of
 * the certification: 49 CFR 172.204(d) lets it be signed "by typewriter, or by other mechanical
 * means", and TDG s. 3.6.1(2) asks that it set out the individual's name. The shipper's hand
 * signature is below, with the receipt.
 */
function certification(s: BolSnapshot, draft: boolean): Content[] {
  const statement = (source: string, words: string): Content => ({
    text: [{ text: `${source}: `, bold: true, color: MUTED }, { text: words }], fontSize: 7, margin: [0, 0, 0, 2],
  });
  return [
    sectionHeading("Shipper's certification (dangerous goods)"),
    {
      table: {
        widths: ['*'],
        body: [[{
          stack: [
            statement(CFR_SOURCE, CFR_172_204_CERTIFICATION),
            statement(TDG_SOURCE, TDG_3_6_1_CERTIFICATION),
            {
              columns: [
                { width: '*', ...labelled('Certified for the shipper by: ', signer(s, draft), 9) },
                { width: 120, ...labelled('Date: ', issueDate(s, draft), 9) },
              ],
              columnGap: 8,
              margin: [0, 1, 0, 0],
            },
          ],
        }]],
      },
      layout: gridLayout,
    },
  ];
}

/** Shipper (name printed, a line to sign) and carrier's agent (a blank box to sign or stamp in), each with a date. */
function signatures(s: BolSnapshot, draft: boolean): Content[] {
  const shipper = text(s.parties.shipper?.name) || text(s.company?.name);
  const carrier = [text(s.railroad?.name), s.railroad?.scac ? `(${text(s.railroad.scac)})` : ''].filter(Boolean).join(' ');
  const name = signer(s, draft);
  return [
    sectionHeading('Receipt and signatures'),
    { text: RECEIPT_STATEMENT, fontSize: 7, margin: [0, 0, 0, 3] },
    {
      table: {
        widths: ['*', '*'],
        body: [[
          {
            stack: [
              caption('Shipper'),
              { text: shipper || '—', bold: true },
              {
                columns: [
                  // The signer's name printed under the line, so a scrawl can be read as someone.
                  { width: 170, ...signingLine(170, { text: [{ text: 'Signature, per ', fontSize: 6.5, color: MUTED }, { text: name || '(printed name)', bold: !!name, fontSize: name ? 8 : 6.5, color: name ? undefined : MUTED }] }) },
                  { width: '*', ...signingLine(80, 'Date', issueDate(s, draft)) },
                ],
                columnGap: 10,
              },
            ],
          },
          {
            stack: [
              caption("Carrier's agent"),
              { text: carrier || '—', bold: true },
              {
                columns: [
                  // A box rather than a line: railroads stamp a bill of lading as often as they sign it.
                  {
                    width: 170,
                    stack: [
                      { canvas: [{ type: 'rect', x: 0, y: 0, w: 170, h: SIGNING_ROOM + 4, lineWidth: 0.5, lineColor: RULE_COLOR }], margin: [0, 2, 0, 0] },
                      small('Agent signature or stamp'),
                    ],
                  },
                  { width: '*', ...signingLine(80, 'Date') },
                ],
                columnGap: 10,
              },
            ],
          },
        ]],
      },
      layout: gridLayout,
    },
  ];
}

/** The certification (dangerous goods only) and the signatures, as one block. */
export function closingBlock(s: BolSnapshot, mark: BolMark): Content {
  const draft = mark !== null && !isVoid(s);
  // pdfmake reads an `id` on any node (the page-break rule sees it); its types allow it on text only.
  return {
    id: CLOSING,
    stack: [...(s.product?.hazardous ? certification(s, draft) : []), ...signatures(s, draft)],
  } as Content;
}
