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
import { columnWidth } from './column-widths';

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
    case 'decimal': return formatDecimal(value, f.asWritten ? undefined : f.places);
    case 'integer': if (f.flag) return Number(value) === 1 ? 'Yes' : 'No';
      return f.identifier ? String(value) : Number(value).toLocaleString('en-US');
    case 'datetime': return formatInZone(value, zone);
    case 'json': return JSON.stringify(value);
    // A text picked from a list shows as the list names it (a resource by its label).
    case 'text': return f.suggest?.().find(([v]) => v === value)?.[1] ?? String(value);
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
      ...columnWidth(r, name, header),
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
