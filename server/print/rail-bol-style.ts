/**
 * The rail bill of lading's small pieces of type (docs/rail.md §10.1): captions, heading cells,
 * check boxes, quantities and the lines of a party or a place. The grid, shades and section titles
 * are the ticket's (./ticket-blocks.ts), so the company's documents look like one family.
 */
import type { Content, ContentColumns, ContentText, TableCell } from 'pdfmake/interfaces';
import { formatDecimal } from '../../src/lib/format';
import { RAIL_CAR_PLACES } from '../../src/lib/rail-car-values';
import { addressLines, text } from './format';
import { section } from './page-breaks';
import { RULE, SHADE, gridLayout as ticketGrid } from './ticket-blocks';

export { text };

/** The ticket's thin grey rules, with a point less padding per row: a bill of one to eight cars then fits one page. */
export const gridLayout = { ...ticketGrid, paddingTop: () => 1.5, paddingBottom: () => 1.5 };
export const CAPTION_COLOR = '#444444';
export const MUTED = '#555555';
export const ALERT = '#b00000';
export const RULE_COLOR = RULE;

/** A snapshot's record: every printed value is read from it as it was issued (docs/rail.md §10.1). */
export type Rec = Record<string, unknown> | null | undefined;

/** A section's title: the ticket's, a little tighter, so a bill of one to eight cars fits one page. */
export const sectionHeading = (title: string): ContentText =>
  ({ text: title.toUpperCase(), bold: true, fontSize: 7.5, color: CAPTION_COLOR, margin: [0, 3, 0, 1] });

/** A bounded section, kept whole on one page with its title (./page-breaks.ts). */
export const block = (title: string, content: Content): Content => section(sectionHeading(title), content, true);

/** The small capitals over a value in a box (`ORIGIN`, `SCAC`). */
export const caption = (t: string): Content => ({ text: t.toUpperCase(), bold: true, fontSize: 6.5, color: CAPTION_COLOR, margin: [0, 0, 0, 1] });

/** A shaded heading cell of a table. */
export const cellHeading = (t: string, alignment: 'left' | 'right' | 'center' = 'left'): TableCell =>
  ({ text: t, bold: true, fontSize: 7, fillColor: SHADE, alignment });

/** A blank that reads as "nothing given", not as a value forgotten by the printer. */
export const orDash = (v: unknown) => text(v).trim() || '—';

/**
 * A quantity with its declared places and thousands grouped (src/lib/format.ts `formatDecimal`):
 * US gallons 2, litres 1, kilograms 1, pounds 0, as the loaded car declares them (§4.4).
 */
export const quantity = {
  gallons: (v: unknown) => formatDecimal(v, RAIL_CAR_PLACES.net_volume),
  litres: (v: unknown) => formatDecimal(v, RAIL_CAR_PLACES.net_volume_litres),
  kg: (v: unknown) => formatDecimal(v, RAIL_CAR_PLACES.weight),
  lb: (v: unknown) => formatDecimal(v, RAIL_CAR_PLACES.weight_lb),
};

/**
 * A printed check box, drawn rather than a ballot-box character (the bundled Roboto has none), with
 * an X when checked: the way paper bills of lading mark freight terms and Rule 11.
 */
export function checkbox(checked: boolean, label: string, bold = checked): ContentColumns {
  return {
    columns: [
      {
        width: 9,
        table: { widths: [7], heights: [7], body: [[{ text: checked ? 'X' : ' ', bold: true, fontSize: 6.5, alignment: 'center', lineHeight: 1, margin: [0, -0.5, 0, 0] }]] },
        layout: { hLineWidth: () => 0.7, vLineWidth: () => 0.7, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 },
      },
      { width: 'auto', text: label, bold, margin: [2, 0, 0, 0] },
    ],
    columnGap: 0,
  };
}

/** A party's printed lines: address, then city, province or state and postal code, country, then the telephone. */
export function partyLines(p: Rec): string[] {
  if (!p) return [];
  return [...addressLines(p), p.phone ? `Tel. ${text(p.phone)}` : ''].filter(Boolean);
}

/** A facility's place: `Fort Saskatchewan, AB, CA`. */
export const placeLine = (f: Rec) => (f ? [text(f.city), text(f.province), text(f.country)].filter(Boolean).join(', ') : '');

/** A boxed value under its caption: name in bold, then its lines. */
export function captioned(title: string, name: string, lines: (string | Content)[] = []): TableCell {
  return { stack: [caption(title), { text: name || '—', bold: true }, ...lines.map((l) => (typeof l === 'string' ? { text: l } : l))] };
}
