/**
 * A report as a file (docs/reports.md, Files): CSV as the table's export writes it (UTF-8 with its
 * byte-order mark, every value quoted, CRLF, exact decimals, times with their offset), or XLSX with
 * typed cells: numbers as numbers, dates and times as dates (times as the row's local time), units
 * in the headers. The rows, then a blank line and the totals.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FileFormat } from '../../src/resources/reports/report-terms';
import { csvLine } from '../engine/csv-export';
import type { OutColumn } from './plan';
import type { Cell } from './run';

export interface ReportContent {
  name: string;
  columns: OutColumn[];
  batches: AsyncIterable<Cell[][]>;
  totalColumns: OutColumn[];
  totals: () => Promise<Cell[][]>;
  /** Called with each batch's row count as it is written. */
  progress?: (rows: number) => void;
}

export interface ReportFile { filename: string; contentType: string; data: Buffer; rows: number }

const CONTENT_TYPE: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Most rows a spreadsheet sheet holds, its header aside. */
export const XLSX_MAX_ROWS = 1_048_575;

/** `tickets-by-product-2026-11-30.xlsx`: the report's name as a file name, and the day. */
export const reportFileName = (name: string, day: string, format: FileFormat) =>
  `${name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'report'}-${day}.${format}`;

export async function reportFile(format: FileFormat, day: string, c: ReportContent): Promise<ReportFile> {
  const write = format === 'csv' ? csvFile : xlsxFile;
  const { data, rows } = await write(c);
  return { filename: reportFileName(c.name, day, format), contentType: CONTENT_TYPE[format], data, rows };
}

/** Spreadsheets run cells that start like a formula: text cells are defused with a leading quote. */
const FORMULA = /^[=+\-@\t\r]/;
const csvCell = (c: OutColumn, v: Cell) => {
  if (v === null) return '';
  const s = String(v);
  return typeof v === 'string' && (c.display.as === 'text' || c.display.as === 'ref' || c.display.as === 'choice') && FORMULA.test(s) ? `'${s}` : s;
};

async function csvFile(c: ReportContent): Promise<{ data: Buffer; rows: number }> {
  const parts: string[] = ['\uFEFF' + csvLine(c.columns.map((x) => x.header))];
  let rows = 0;
  for await (const batch of c.batches) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(row.map((v, i) => csvCell(c.columns[i], v)));
    parts.push(chunk);
    rows += batch.length;
    c.progress?.(batch.length);
  }
  const totals = await c.totals();
  if (totals.length) {
    const cols = c.totalColumns;
    parts.push('\r\n');
    if (cols !== c.columns) parts.push(csvLine(cols.map((x) => x.header)));
    for (const line of totals) parts.push(csvLine(line.map((v, i) => csvCell(cols[i], v))));
  }
  return { data: Buffer.from(parts.join(''), 'utf8'), rows };
}

/** A spreadsheet's cell value: numbers as numbers, dates and local times as dates (read as written, no zone). */
function xlsxValue(c: OutColumn, v: Cell): ExcelJS.CellValue {
  if (v === null) return null;
  switch (c.display.as) {
    case 'integer': return typeof v === 'number' ? v : Number(v);
    case 'decimal': return Number(v);
    case 'date': return /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? new Date(`${v}T00:00:00Z`) : v;
    case 'datetime': return new Date(`${String(v).slice(0, 19)}Z`);
    default: return v;
  }
}

function numFmt(c: OutColumn): string | undefined {
  switch (c.display.as) {
    case 'integer': return c.role === 'column' && c.key.endsWith('id') ? '0' : '#,##0';
    case 'decimal': return `#,##0${c.places ? `.${'0'.repeat(Math.min(c.places, 6))}` : ''}`;
    case 'date': return 'yyyy-mm-dd';
    case 'datetime': return 'yyyy-mm-dd hh:mm';
    default: return undefined;
  }
}

/** Header of an XLSX column: a time there is the row's local time, without its offset. */
const xlsxHeader = (c: OutColumn) => (c.display.as === 'datetime' ? `${c.header} (local time)` : c.header);

/** A sheet's name: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Report';

async function xlsxFile(c: ReportContent): Promise<{ data: Buffer; rows: number }> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve, reject) => { stream.on('end', resolve); stream.on('error', reject); });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName(c.name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = c.columns.map((x) => ({ header: xlsxHeader(x), key: x.key, width: Math.min(40, Math.max(10, xlsxHeader(x).length + 2)), style: { numFmt: numFmt(x) } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  for await (const batch of c.batches) {
    for (const row of batch) {
      if (rows >= XLSX_MAX_ROWS) throw new Error('report rows exceed a spreadsheet sheet');
      sheet.addRow(row.map((v, i) => xlsxValue(c.columns[i], v))).commit();
      rows++;
    }
    c.progress?.(batch.length);
  }
  const totals = await c.totals();
  if (totals.length) {
    const cols = c.totalColumns;
    sheet.addRow([]).commit();
    if (cols !== c.columns) {
      const head = sheet.addRow(cols.map(xlsxHeader));
      head.font = { bold: true };
      head.commit();
    }
    for (const line of totals) {
      const row = sheet.addRow(line.map((v, i) => xlsxValue(cols[i], v)));
      row.font = { bold: true };
      line.forEach((_, i) => { const f = numFmt(cols[i]); if (f) row.getCell(i + 1).numFmt = f; });
      row.commit();
    }
  }
  sheet.commit();
  await book.commit();
  await ended;
  return { data: Buffer.concat(chunks), rows };
}
