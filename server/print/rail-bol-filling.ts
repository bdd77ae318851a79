/**
 * The filling check of the rail bill of lading (layout version 4; docs/loading.md, Maximum
 * permitted filling): for a dangerous good, each tank car's gross volume against its maximum
 * permitted filling, as worked out when the document was issued (src/lib/car-filling.ts: the
 * liquid at its load temperature, the strictest of RID/ADR 4.3.2.2 and 49 CFR 173.24b(a)(1)).
 * A car over its limit says by how much, in red, so the inspector at the origin and the railroad
 * see it on the document. A snapshot issued before version 4 carries no check and prints none.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { CarFilling } from '../../src/lib/car-filling';
import { formatDecimal } from '../../src/lib/format';
import type { BolSnapshot } from '../actions/rail/bol-snapshot';
import { type Car, carTable, heading, markAndNumber, right, spanning } from './rail-bol-cars';
import { ALERT, MUTED, quantity } from './rail-bol-style';

const WIDTHS: (number | '*')[] = [11, 50, 40, 54, 58, 40, '*', 70];
const HEADINGS = ['#', 'Car', 'Loaded\n°C', 'Gross\nUS gal', 'Permitted\nUS gal', '% of\nshell', 'Governing rule', 'Check'];

function fillingRow(c: Car, f: CarFilling, n: number): TableCell[] {
  const car = [right(String(n)), { text: markAndNumber(c), bold: true }];
  if (!f.checked) return [...car, ...spanning({ text: `Not checked: ${f.reason}`, italics: true, color: MUTED }, WIDTHS.length - 2)];
  return [
    ...car, right(formatDecimal(f.load_temp_c, 1)), right(quantity.gallons(f.gross_volume)), right(quantity.gallons(f.permitted_volume), true),
    right(formatDecimal(f.percent, 2)), { text: f.rule },
    f.over ? { text: `OVER by ${formatDecimal(f.over, 2)} gal`, bold: true, color: ALERT, alignment: 'right' } : right('Within'),
  ];
}

/** The block, or nothing when no car carries a check (not a dangerous good, no tank car, or issued before version 4). */
export function fillingBlock(s: BolSnapshot): Content | null {
  const cars = (s.shipment?.is_master_billing ? s.sub_billings.flatMap((sub) => sub.cars) : s.cars) as Car[];
  const checked = cars.map((c, i) => ({ c, n: i + 1, f: c.filling as CarFilling | undefined })).filter((x) => x.f);
  if (!checked.length) return null;
  const over = checked.filter((x) => x.f!.checked && x.f!.over).length;
  const unchecked = checked.filter((x) => !x.f!.checked).length;
  const summary = [
    ...(over ? [{ text: `${over} of ${checked.length} over the limit. `, bold: true, color: ALERT }] : []),
    ...(unchecked ? [{ text: `${unchecked} of ${checked.length} not checked.`, bold: true }] : []),
  ];
  const title: Content[] = [
    heading('Maximum permitted filling'),
    {
      text: [
        'Each tank car\'s gross volume against the strictest of RID/ADR 4.3.2.2 and 49 CFR 173.24b(a)(1), the liquid taken at its load temperature. ',
        ...(summary.length ? summary : [{ text: `All ${checked.length} within.`, bold: true }]),
      ],
      fontSize: 7, color: MUTED, margin: [0, 0, 0, 1],
    },
  ];
  return carTable(title, { widths: WIDTHS, headings: HEADINGS, right: (i) => i !== 1 && i !== 6 }, checked.map((x) => fillingRow(x.c, x.f!, x.n)));
}
