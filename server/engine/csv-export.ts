/**
 * `download_table/`: the rows of a list (same filters, search and ordering) as CSV, streamed in
 * batches so memory stays flat on millions of rows (docs/table.md, Export). A file a spreadsheet
 * opens as it should: named after the table and the day (`tickets-2026-11-23.csv`), a UTF-8
 * byte-order mark first (accents and units read right), every value quoted, header first (units
 * in it: `Observed temperature (°C)`; a quantity in each row's own unit names the unit's column,
 * exported beside it: `Volume unit`, `Net volume (in Volume unit)`), CRLF line ends, booleans Yes/No, and times in the record's
 * own zone with their offset (`2026-11-22T21:19:00-07:00`; docs/architecture.md, Time zones).
 * References are written as their labels, the way the table shows them. On PostgreSQL, when every
 * column can be written by SQL (csv-copy.ts), PostgreSQL builds the lines and COPY streams them;
 * otherwise rows are read through a cursor and formatted here.
 */
import { Readable } from 'node:stream';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Resource, fieldLabel } from '../../src/resources/define';
import { type Field, json, tags, text } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import { labelWithUnit } from '../../src/lib/format';
import { TIME_ZONE_FIELD, isoInZone, localDateIn, rowTimeZone } from '../../src/lib/time-zone';
import type { Database } from '../db/connection';
import { tableOf } from '../db/tables';
import { columnOf } from './computed';
import type { Ctx } from './context';
import { ErrorBag, badRequest } from './errors';
import { joinCommaList } from '../../src/lib/comma-list';
import { parseFields } from './action-input';
import { companyTimeZone } from './time-zones';
import { type Query, parseListQuery } from './list-query';
import { authorize, scopeOf, serializeRows, tenantScopeOf } from './operations';
import { labelsFor } from './labels';
import { selectInBatches } from '../db/stream';
import { copyColumn } from '../db/copy-binary';
import { csvLinesSelect } from './csv-copy';
import { additionalScopeFor } from './additional-filter';
import { valuesOf } from './additional';
import { additionalKeyOf, isAdditionalColumn, withAdditionalFields } from '../../src/resources/additional-values';

/**
 * Rows per batch. PostgreSQL reads a cursor: small batches keep few rows alive at once, so less
 * garbage outlives a young-generation GC (1M rows: RSS growth ~15 MB at 1,000 against ~85 MB at
 * 5,000, and less CPU). PGlite pages with limit/offset, where fewer, larger pages are cheaper.
 */
const BATCH = { postgres: 1_000, pglite: 5_000 } as const;
/** Spreadsheets run cells that start like a formula; text cells are defused with a leading quote. */
const FORMULA = /^[=+\-@\t\r]/;

/** The body as sent: `{columns, filters, ordering, search}`, every part optional. */
export type ExportRequest = Record<string, unknown>;

const SYSTEM_COLUMNS = ['id', 'version', 'created_at', 'updated_at'];
const exportInputs = new WeakMap<Resource, Record<string, Field>>();

/**
 * The export's body, declared in the field kinds like any other body and parsed by the same parser
 * (400 with a message per field): the columns are the resource's own (every field but passwords,
 * and the system columns), at most one list of them; filters an object of list parameters.
 */
export function exportInput(r: Resource): Record<string, Field> {
  let input = exportInputs.get(r);
  if (!input) {
    const names = [...SYSTEM_COLUMNS, ...Object.keys(r.fields).filter((n) => r.fields[n].kind !== 'password')];
    input = {
      columns: tags({ choices: names.map((n) => [n, fieldLabel(r, n)] as const), max: names.length, help: 'The columns, in order; the list columns when left out.' }),
      // As large as a body may be: the list query bounds the filter values themselves (10,000 in all).
      filters: json({ shape: 'object', maxBytes: 1024 * 1024, help: 'List filters, e.g. {"status": ["completed"], "ticket_date__gte": "2026-11-01"}.' }),
      ordering: text({ max: 200, help: 'As the list takes it, e.g. -ticket_date,code.' }),
      search: text({ max: 200 }),
    };
    exportInputs.set(r, input);
  }
  return input;
}

/**
 * The body's `filters` as query parameters: a number or boolean is its text, a list is the
 * include list (`{"class": ["3", "8"]}` is `class=3,8`); null and objects are refused per filter.
 */
export function bodyFilters(filters: Record<string, unknown> | undefined): Query {
  if (!filters) return {};
  const out: Query = {};
  const errors = new ErrorBag();
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
  for (const [key, v] of Object.entries(filters)) {
    if (scalar(v)) out[key] = String(v);
    else if (Array.isArray(v) && v.every(scalar)) out[key] = joinCommaList(v);
    else errors.add(key, v === null ? 'This value may not be null.' : 'Expected a text, a number or a list of them.');
  }
  errors.throwIfAny();
  return out;
}

/**
 * Everything that can be refused is checked before the first byte: the columns and filters here,
 * synchronously, and the first batch is read before the header goes out (the stream's first chunk
 * is header and first batch together; Fastify writes the status line only with the first chunk),
 * so a refused value answers a JSON 4xx rather than a 200 with an error inside. An error after
 * that (the database lost mid-export) errors the stream, and Fastify then destroys the socket
 * without the chunked terminator: the client sees a cut transfer, never a complete-looking file.
 */
export interface CsvExport {
  /** `tickets-2026-11-23.csv`: the table's name and the day in the company's zone. */
  fileName: string;
  stream: Readable;
}

/** UTF-8's byte-order mark: spreadsheet programs then read the file as UTF-8 (`°C`, `é`), not as the system's code page. */
const BOM = '\uFEFF';

/** `tickets-2026-11-23.csv`: the plural label as a file name, and the date. */
export const exportFileName = (r: Resource, day: string) =>
  `${r.pluralLabel.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'table'}-${day}.csv`;

/**
 * A header cell: the column's label, with its unit for a quantity (`Observed temperature (°C)`);
 * a quantity whose unit is each row's own names the column that holds it
 * (`Net volume (in Volume unit)`).
 */
export function headerOf(r: Resource, name: string): string {
  const f = r.fields[name];
  if (f?.kind !== 'decimal') return fieldLabel(r, name);
  return f.unitField ? `${fieldLabel(r, name)} (in ${fieldLabel(r, f.unitField)})` : labelWithUnit(fieldLabel(r, name), f.unit);
}

/**
 * The columns as asked, with the unit column of each quantity whose unit is the row's own
 * (`unitField`, a ticket's `volume_unit`) placed before the first such quantity when it was not
 * asked for: a volume means nothing in a spreadsheet without its unit beside it.
 */
export function withUnitColumns(r: Resource, columns: readonly string[]): string[] {
  const out: string[] = [];
  for (const c of columns) {
    const f = r.fields[c];
    if (f?.kind === 'decimal' && f.unitField && !columns.includes(f.unitField) && !out.includes(f.unitField)) out.push(f.unitField);
    out.push(c);
  }
  return out;
}

const isDateTime = (r: Resource, name: string) => name === 'created_at' || name === 'updated_at' || r.fields[name]?.kind === 'datetime';

export async function exportCsv(database: Database, ctx: Ctx, r: Resource, query: Query, raw: unknown): Promise<CsvExport> {
  authorize(ctx, r, 'view');
  const db = database.db;
  // The company's own fields are columns too (`additional_fields.<key>`), checked against its definitions.
  const asked = raw && typeof raw === 'object' && !Array.isArray(raw) && Array.isArray((raw as { columns?: unknown }).columns) ? (raw as { columns: unknown[] }).columns : undefined;
  const additionalAsked = (asked ?? []).filter((c): c is string => typeof c === 'string' && isAdditionalColumn(c));
  const declared = asked && additionalAsked.length ? { ...(raw as object), columns: asked.filter((c) => !additionalAsked.includes(c as string)) } : raw;
  const body = parseFields(exportInput(r), declared) as { columns?: string[]; filters?: Record<string, unknown>; ordering?: string; search?: string };
  const merged: Query = { ...query, ...bodyFilters(body.filters) };
  if (body.ordering) merged.ordering = body.ordering;
  if (body.search) merged.search = body.search;
  const { page: _p, page_size: _s, ...filters } = merged;
  const additional = await additionalScopeFor(db, ctx, r, [...additionalAsked, ...Object.keys(filters)]);
  const unknown = additionalAsked.filter((c) => !additional?.defs.has(additionalKeyOf(c)));
  if (unknown.length) throw badRequest({ columns: unknown.map((c) => `"${c}" is not one of your company's fields on this resource.`) });
  const columns = withUnitColumns(r, asked?.length ? (asked as string[]) : ['id', ...r.list.columns]);
  const scope = scopeOf(ctx, r);
  const q = parseListQuery(r, { ...filters, page_size: '0' }, scope ? [scope] : [], (target) => tenantScopeOf(ctx, target), additional);
  const t = tableOf(r);
  // The company's fields as fields of their kinds, so their headers and cells are written like the declared ones'.
  const asFields = additional && additionalAsked.length ? withAdditionalFields(r, [...additional.defs.values()]) : r;
  const selection: Record<string, PgColumn> = { id: t.id };
  // value -> label of each choice column, looked up per cell.
  const choiceLabels = new Map<string, Map<string, string>>();
  for (const c of columns) {
    const f = asFields.fields[c];
    if (f?.kind === 'choice') choiceLabels.set(c, new Map([...f.choices].reverse().map(([value, label]) => [value, label])));
  }
  for (const c of columns) if (r.fields[c]?.kind !== 'refs' && !isAdditionalColumn(c)) selection[c] = c in r.fields ? columnOf(r, c, t) : t[c];

  // Times are the row's zone (a ticket's site) where the resource declares one, else the company's.
  const companyZone = await companyTimeZone(db, ctx.user.companyId);
  const zoned = !!r.timeZone && columns.some((c) => isDateTime(r, c));
  if (zoned) selection[TIME_ZONE_FIELD] = columnOf(r, TIME_ZONE_FIELD, t);
  const fileName = exportFileName(r, localDateIn(new Date(), companyZone)!);

  const header = BOM + csvLine(columns.map((c) => headerOf(asFields, c)));
  // The additional values live beside the rows (one read per batch): the lines are written here, not by COPY.
  const copySelect = database.kind === 'postgres' && database.pool && !additionalAsked.length ? csvLinesSelect(db, r, t, columns, q.where, q.orderBy) : null;
  if (copySelect) return { fileName, stream: startedStream(header, copyColumn(database.pool!, copySelect)) };

  async function* lines(): AsyncGenerator<string> {
    const select = db.select(selection).from(t).where(q.where).orderBy(...q.orderBy).$dynamic();
    for await (const rows of selectInBatches<Record<string, unknown>>(database, select, selection, BATCH[database.kind])) {
      const needsLinks = columns.some((c) => r.fields[c]?.kind === 'refs');
      const full = needsLinks ? await serializeRows(db, r, rows) : rows;
      const labels = new Map<string, Map<string, string>>();
      for (const c of columns) {
        const f = r.fields[c];
        if (f?.kind === 'ref' || f?.kind === 'refs') {
          const ids = full.flatMap((row) => (Array.isArray(row[c]) ? (row[c] as unknown[]) : [row[c]]));
          labels.set(c, await labelsFor(db, ctx, registry.get(f.to)!, ids));
        }
      }
      const extra = additional && additionalAsked.length ? await valuesOf(db, additional.companyId, r.name, rows.map((x) => String(x.id))) : undefined;
      let chunk = '';
      for (let i = 0; i < full.length; i++) {
        const zone = zoned ? rowTimeZone(rows[i], companyZone) : companyZone;
        const own = extra?.get(String(rows[i].id));
        chunk += csvLine(columns.map((c) => cell(asFields, c, isAdditionalColumn(c) ? own?.[additionalKeyOf(c)] : full[i][c], zone, labels.get(c), choiceLabels.get(c))));
      }
      yield chunk;
    }
  }
  return { fileName, stream: startedStream(header, lines()) };
}

/** The header travels with the first chunk of data, so nothing is sent before the first read succeeds. */
function startedStream(header: string, data: AsyncIterable<string | Buffer>): Readable {
  return Readable.from((async function* started() {
    const it = data[Symbol.asyncIterator]();
    try {
      const first = await it.next();
      if (first.done) { yield header; return; }
      yield typeof first.value === 'string' ? header + first.value : Buffer.concat([Buffer.from(header), first.value]);
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
    } finally {
      // A client that goes away ends this generator at a yield: close the source too (its cursor or COPY connection).
      await it.return?.();
    }
  })());
}

/** One CSV record, every value quoted (quotes doubled), CRLF-terminated: what Papa.unparse with quotes: true writes. */
export function csvLine(cells: string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',"' : '"') + (cells[i].includes('"') ? cells[i].replace(/"/g, '""') : cells[i]) + '"';
  return line + '\r\n';
}

function cell(r: Resource, name: string, v: unknown, zone: string, labels?: Map<string, string>, choiceLabels?: Map<string, string>): string {
  if (v === null || v === undefined) return '';
  const f = r.fields[name];
  if (labels) return Array.isArray(v) ? v.map((x) => labels.get(String(x)) ?? String(x)).join(', ') : labels.get(String(v)) ?? String(v);
  if (isDateTime(r, name)) return isoInZone(v, zone);
  if (f?.kind === 'boolean') return v ? 'Yes' : 'No';
  if (choiceLabels) return choiceLabels.get(v as string) ?? String(v);
  if (Array.isArray(v) && f?.kind === 'tags') return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  const s = String(v);
  return (f?.kind === 'text' || f?.kind === 'longtext') && FORMULA.test(s) ? `'${s}` : s;
}
