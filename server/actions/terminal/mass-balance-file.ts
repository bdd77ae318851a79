/** The mass balance as a file (docs/terminal.md, Mass balance): a line per product and the site's total, CSV or XLSX as reports write them. */
import { sql } from 'drizzle-orm';
import type { OutColumn } from '../../reports/plan';
import { reportFile } from '../../reports/files';
import type { Cell } from '../../reports/run';

interface Balance {
  site_name: string; period: string; unit: string;
  products: (Record<string, string | null | boolean> & { product_name: string; flagged: boolean })[];
  total: Record<string, string | null>;
}

const LABELS: [string, string][] = [
  ['opening', 'Opening (measured)'], ['receipts', 'Receipts'], ['deliveries', 'Deliveries'], ['transfers', 'Transfers'],
  ['book_closing', 'Book closing'], ['closing', 'Closing (measured)'], ['difference', 'Gain (+) or loss (-)'], ['percent', 'Gain or loss (%)'],
];

const column = (key: string, header: string, as: 'text' | 'decimal', places?: number): OutColumn =>
  ({ key, label: header, header, kind: as === 'decimal' ? 'decimal' : 'text', unit: null, places, role: 'column', display: { as }, expr: sql`` });

export async function massBalanceFile(b: Balance, format: 'csv' | 'xlsx') {
  const columns = [
    column('product', 'Product', 'text'),
    ...LABELS.map(([k, l]) => column(k, k === 'percent' ? l : `${l} (${b.unit})`, 'decimal', 3)),
    column('flagged', 'Outside tolerance', 'text'),
  ];
  const line = (name: string, x: Record<string, unknown>, flagged: boolean | null): Cell[] =>
    [name, ...LABELS.map(([k]) => (x[k] as string | null) ?? null), flagged === null ? null : flagged ? 'Yes' : 'No'];
  const rows = [...b.products.map((x) => line(x.product_name, x, x.flagged)), line('Total', b.total, null)];
  return reportFile(format, b.period, {
    name: `Mass balance ${b.site_name}`, columns, batches: (async function* one() { yield rows; })(), totalColumns: [], totals: async () => [],
  });
}
