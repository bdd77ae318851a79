/**
 * DataGrid columns derived from a resource declaration: labels, sortability, alignment and the text
 * each kind of value shows. References show their record's label (loaded per page, see useRefLabels).
 */
import { createElement } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { StatusChip } from '../generic/StatusChip';
import { chipStatus } from '../generic/chip-color';
import { type Resource, fieldLabel } from '../resources/define';
import { type Field, isSortable } from '../resources/fields';
import { CAR_FIELD, carFilterValue, carLabel } from '../lib/car-value';
import { formatDecimal } from '../lib/format';
import { FALLBACK_TIME_ZONE, TIME_ZONE_FIELD, formatInZone, rowTimeZone } from '../lib/time-zone';

export type Row = Record<string, unknown> & { id: string | number };
/** field -> id -> label, for the reference columns of the current rows. */
export type RefLabels = Record<string, Map<string, string>>;

/**
 * The text a cell shows for a value of this field. Decimals and times follow the rules every
 * screen, print and export shares (docs/architecture.md, Time zones): the field's declared places,
 * and the zone of the row (`2026-11-22 21:19 MST`).
 */
export function displayValue(f: Field | undefined, value: unknown, labels?: Map<string, string>, zone: string = FALLBACK_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  if (!f) return String(value);
  switch (f.kind) {
    case 'ref': return labels?.get(String(value)) ?? String(value);
    case 'refs': return (value as unknown[]).map((v) => labels?.get(String(v)) ?? String(v)).join(', ');
    case 'tags': return (value as string[]).join(', ');
    case 'choice': return f.choices.find(([v]) => v === value)?.[1] ?? String(value);
    case 'boolean': return value ? 'Yes' : 'No';
    case 'decimal': return formatDecimal(value, f.places);
    case 'integer': return f.identifier ? String(value) : Number(value).toLocaleString('en-US');
    case 'datetime': return formatInZone(value, zone);
    case 'json': return JSON.stringify(value);
    default: return String(value);
  }
}

/** The text of a cell of column `name`: a `car` shows `MARK NUMBER` whichever form it comes in; times in `zone`. */
export function cellText(name: string, f: Field | undefined, value: unknown, labels?: Map<string, string>, zone?: string): string {
  if (name === CAR_FIELD) return carLabel(value, labels);
  return displayValue(f ?? (name === 'created_at' || name === 'updated_at' ? { kind: 'datetime' } : undefined), value, labels, zone);
}

const isTime = (r: Resource, name: string) => name === 'created_at' || name === 'updated_at' || r.fields[name]?.kind === 'datetime';

/** The fields a page asks for: the visible ones, and the rows' zone when a time is among them and the resource declares one. */
/** Whether any of these columns shows a time. */
export const showsTime = (r: Resource, names: readonly string[]) => names.some((n) => isTime(r, n));

export const withRowZone = (r: Resource, fields: string[]): string[] =>
  (r.timeZone && !fields.includes(TIME_ZONE_FIELD) && fields.some((n) => isTime(r, n)) ? [...fields, TIME_ZONE_FIELD] : fields);

/** The value a cell contributes to include/exclude filters: what the list API filters on. */
export function filterValue(value: unknown, name?: string): string {
  if (name === CAR_FIELD) return carFilterValue(value);
  if (value === null || value === undefined) return '';
  return String(value);
}

const NUMERIC = new Set(['integer', 'decimal']);

/** Pixels a value of this column needs, where its kind tells: a date and time, a short code, a choice's longest label, a car. */
function valueWidth(name: string, f: Field | undefined): number {
  if (f?.kind === 'datetime' || name === 'created_at' || name === 'updated_at') return 190;
  if (name === CAR_FIELD) return 130;
  if (f?.kind === 'text' && f.max <= 12) return f.max * 9 + 30;
  if (f?.kind === 'choice') return Math.min(200, Math.max(...f.choices.map(([, label]) => label.length)) * 7.5 + 36);
  return 0;
}

/**
 * A column is wide enough for its header (up to a point) and for values of a known width. Only
 * longer text takes the spare width: a two-letter code does not.
 */
function widthOf(name: string, f: Field | undefined, header: string): Pick<GridColDef, 'flex' | 'minWidth'> {
  const grows = f?.kind === 'longtext' || (f?.kind === 'text' && f.max > 12);
  return { flex: grows ? 1 : undefined, minWidth: Math.max(110, Math.min(180, header.length * 8 + 48), valueWidth(name, f)) };
}

/** `companyZone`: where a row names no zone of its own (docs/architecture.md, Time zones). */
export function gridColumns(r: Resource, visible: readonly string[], labels: RefLabels, companyZone: string = FALLBACK_TIME_ZONE): GridColDef<Row>[] {
  return visible.map((name) => {
    const f = r.fields[name];
    // A quantity's unit belongs in its column's header: the cells show bare numbers.
    const header = f?.kind === 'decimal' && f.unit ? `${fieldLabel(r, name)} (${f.unit})` : fieldLabel(r, name);
    return {
      field: name,
      headerName: header,
      sortable: f ? isSortable(f) : true,
      filterable: false, // filters are server-side, through the include/exclude menus
      ...widthOf(name, f, header),
      align: f && NUMERIC.has(f.kind) ? 'right' : 'left',
      headerAlign: f && NUMERIC.has(f.kind) ? 'right' : 'left',
      valueFormatter: (value: never, row: Row) => cellText(name, f, value, labels[name], rowTimeZone(row, companyZone)),
      // Status choices declared with `chip` show as coloured chips (docs/shell.md, Status chips).
      ...(f?.kind === 'choice' && f.chip ? { renderCell: ({ value }: { value?: unknown }) => createElement(StatusChip, { value, status: chipStatus(f.chip, value), label: displayValue(f, value) || undefined }) } : {}),
    };
  });
}

/** Columns a user may pick: every field except secrets and blobs, plus the system columns. */
export function pickableColumns(r: Resource): string[] {
  return ['id', ...Object.keys(r.fields).filter((n) => !['password', 'json', 'file'].includes(r.fields[n].kind)), 'created_at', 'updated_at'];
}
