/**
 * The cars of the rail bill of lading (docs/rail.md §10.1, Cars; §4.4 for the values): one row per
 * car with its seals, volumes and weight, a line under it for its embargo, permit and customs
 * barcode, and a totals row. The table may run over pages (./page-breaks.ts): its title and column
 * headings are header rows, which pdfmake repeats on each page and keeps with the first car; a car's
 * row is never split. A master billing prints one such table per sub-billing, titled with the
 * sub-billing's numbers and consignee, the master's total closing the last.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { LoadedCarValues } from '../../src/lib/rail-car-values';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { CAR_TYPES } from '../../src/resources/fleet/car';
import { countLabel } from '../../src/lib/format';
import { SHADE } from './ticket-blocks';
import { MUTED, type Rec, cellHeading, gridLayout, orDash, quantity, sectionHeading, text } from './rail-bol-style';

/** A car as the snapshot keeps it: its printed fields and its derived values. */
export type Car = Record<string, unknown> & LoadedCarValues;
type Totals = BolSnapshot['totals'];

/** Columns: number, car, type, seals, then the quantities right-aligned, the units in the headings. */
const WIDTHS: (number | '*')[] = [11, 50, 38, '*', 48, 48, 50, 50, 50, 40];
const HEADINGS = ['#', 'Car', 'Type', 'Seals', 'Gross\nUS gal', 'Net\nUS gal', 'Gross\nlitres', 'Net\nlitres', 'Weight\nkg', 'Weight\nlb'];
const COLUMNS = WIDTHS.length;
/** Narrow cells, so ten columns of quantities up to 11,000,000.0 fit Letter's width. */
const PADDING = 2.5;

const carType = (v: unknown) => CAR_TYPES.find(([k]) => k === v)?.[1] ?? text(v);
/** `TILX 1234`: the mark and the number without leading zeros, as the fleet and the railroads write a car. */
export const markAndNumber = (c: Rec) => `${text(c?.car_mark)} ${c?.car_number === null || c?.car_number === undefined ? '' : String(Number(c.car_number))}`.trim();
const seals = (c: Car) => [c.seal_number_1, c.seal_number_2, c.seal_number_3, c.seal_number_4].map(text).filter(Boolean).join(', ');

export const right = (t: string, bold = false): TableCell => ({ text: t, alignment: 'right', bold });
const blank = (): TableCell => ({ text: '' });
/** A cell spanning `span` columns, followed by the empty cells pdfmake expects in its place. */
export const spanning = (cell: TableCell, span: number): TableCell[] => [{ ...(cell as object), colSpan: span } as TableCell, ...Array.from({ length: span - 1 }, blank)];

/** The embargo, permit and customs barcode numbers a car carries, when any. */
function carNotes(c: Car): string {
  return [
    c.embargo_number ? `Embargo no. ${text(c.embargo_number)}` : '',
    c.embargo_permit_number ? `Embargo permit no. ${text(c.embargo_permit_number)}` : '',
    c.customs_barcode_number ? `Customs barcode ${text(c.customs_barcode_number)}` : '',
  ].filter(Boolean).join('   ·   ');
}

function carRows(c: Car, n: number): TableCell[][] {
  const notes = carNotes(c);
  // The row above its notes has no line under it, so the notes read as the car's second line.
  const edge = (cell: TableCell): TableCell => (notes ? { ...(cell as object), border: [true, true, true, false] } as TableCell : cell);
  const row: TableCell[] = [
    right(String(n)), { text: markAndNumber(c), bold: true }, { text: carType(c.car_type) }, { text: seals(c) || '—' },
    right(quantity.gallons(c.gross_volume)), right(quantity.gallons(c.net_volume), true),
    right(quantity.litres(c.gross_volume_litres)), right(quantity.litres(c.net_volume_litres), true),
    right(quantity.kg(c.weight)), right(quantity.lb(c.weight_lb)),
  ].map(edge);
  if (!notes) return [row];
  // The notes name their car: should a page end between the two rows, the line still says whose it is.
  const under: TableCell[] = [
    { text: '', border: [true, false, true, true] } as TableCell,
    ...spanning({ text: `${markAndNumber(c)}:   ${notes}`, fontSize: 6.5, color: MUTED, margin: [0, -1, 0, -0.5], border: [true, false, true, true] } as TableCell, COLUMNS - 1),
  ];
  return [row, under];
}

function totalsRow(label: string, t: Totals): TableCell[] {
  const shade = (cell: TableCell): TableCell => ({ ...(cell as object), fillColor: SHADE, bold: true } as TableCell);
  return [
    ...spanning({ text: `${label}: ${countLabel(t.cars, 'car')}` }, 4),
    right(quantity.gallons(t.gross_volume)), right(quantity.gallons(t.net_volume)),
    right(quantity.litres(t.gross_volume_litres)), right(quantity.litres(t.net_volume_litres)),
    right(quantity.kg(t.weight)), right(quantity.lb(t.weight_lb)),
  ].map(shade);
}

/**
 * A table of cars: its title row and headings repeat on each page it runs over, a car's row is
 * never split. The headings of the columns `right` names are right-aligned, over their quantities.
 */
export function carTable(title: Content[], columns: { widths: (number | '*')[]; headings: string[]; right: (column: number) => boolean }, rows: TableCell[][]): Content {
  const titleRow = spanning({ stack: title, border: [false, false, false, false], margin: [-PADDING, 4, 0, 0] } as TableCell, columns.widths.length);
  return {
    table: {
      headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, widths: columns.widths,
      body: [titleRow, columns.headings.map((h, i) => cellHeading(h, columns.right(i) ? 'right' : 'left')), ...rows],
    },
    layout: {
      ...gridLayout, hLineWidth: (i: number) => (i === 0 ? 0 : 0.5), paddingLeft: () => PADDING, paddingRight: () => PADDING,
    },
    fontSize: 7.5,
  };
}

const carsTable = (title: Content[], rows: TableCell[][]) => carTable(title, { widths: WIDTHS, headings: HEADINGS, right: (i) => i >= 4 || i === 0 }, rows);

export const heading = (t: string): Content => ({ ...sectionHeading(t), margin: [0, 0, 0, 0] });

/** The cars of a shipment, or of a master's sub-billings grouped under each one's numbers and consignee. */
export function carsBlock(s: BolSnapshot): Content {
  const subs = s.shipment?.is_master_billing ? s.sub_billings : [];
  if (!subs.length) {
    if (!s.cars.length) return { stack: [heading('Cars'), { text: 'No cars loaded.', italics: true, color: MUTED }] };
    return carsTable([heading(`Cars (${s.cars.length})`)], [...(s.cars as Car[]).flatMap((c, i) => carRows(c, i + 1)), totalsRow('Total', s.totals)]);
  }
  let n = 0;
  return {
    stack: subs.map((sub, i) => {
      const consignee = sub.consignee as Rec;
      const title: Content[] = [
        heading(`Cars of sub-billing ${i + 1} of ${subs.length}`),
        {
          text: [
            { text: 'Sub-billing ', color: MUTED }, { text: orDash(sub.shipment_number), bold: true },
            { text: '   BOL ', color: MUTED }, { text: orDash(sub.bol_number), bold: true },
            { text: '   Consignee ', color: MUTED }, { text: orDash(consignee?.name), bold: true },
            ...(consignee ? [{ text: `, ${[text(consignee.city), text(consignee.province), text(consignee.country)].filter(Boolean).join(', ')}` }] : []),
          ],
          fontSize: 8, margin: [0, 1, 0, 0],
        },
      ];
      const rows = [...(sub.cars as Car[]).flatMap((c) => carRows(c, ++n)), totalsRow(`Sub-billing ${text(sub.shipment_number)}`, sub.totals)];
      if (i === subs.length - 1) rows.push(totalsRow('Master billing total', s.totals));
      return carsTable(title, sub.cars.length ? rows : [spanning({ text: 'No cars loaded.', italics: true, color: MUTED }, COLUMNS), ...rows]);
    }),
  };
}
