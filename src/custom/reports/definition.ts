/**
 * The builder's view of a definition (docs/reports.md, Screens): the options each picker offers
 * from a source's columns, and a saved record read into the builder's shape. Pure, so the pickers
 * and their tests read the same rules.
 */
import type { ColumnInfo } from '../../resources/reports/report-columns';
import { AGGREGATES, DATE_GROUPINGS } from '../../resources/reports/report-terms';

/** What a report asks: its source and the parts the builder edits. */
export interface Definition {
  source: string;
  columns: string[];
  group_by: string[];
  totals: string[];
  filters: Record<string, string>;
  ordering: string;
}

export interface Option { value: string; label: string; group: string }

export const EMPTY: Definition = { source: '', columns: [], group_by: [], totals: [], filters: {}, ordering: '' };

/** A saved report's definition (lists and filters may be null there). */
export function definitionOf(rec: Record<string, unknown>): Definition {
  const filters = (rec.filters ?? {}) as Record<string, unknown>;
  return {
    source: String(rec.source ?? ''),
    columns: (rec.columns as string[] | null) ?? [],
    group_by: (rec.group_by as string[] | null) ?? [],
    totals: (rec.totals as string[] | null) ?? [],
    filters: Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)])),
    ordering: String(rec.ordering ?? ''),
  };
}

export const columnOptions = (cols: ColumnInfo[]): Option[] => cols.map((c) => ({ value: c.key, label: c.label, group: c.group }));

/** Groups: each groupable column; a date or time also by its month and its year. */
export const groupOptions = (cols: ColumnInfo[]): Option[] => cols.filter((c) => c.groupable).flatMap((c) => [
  { value: c.key, label: c.label, group: c.group },
  ...(c.kind === 'date' || c.kind === 'datetime'
    ? DATE_GROUPINGS.filter(([g]) => g !== 'day').map(([g, l]) => ({ value: `${c.key}:${g}`, label: `${c.label} by ${l.toLowerCase()}`, group: c.group }))
    : []),
]);

/** Totals: each quantity by each of its aggregates. */
export const totalOptions = (cols: ColumnInfo[]): Option[] => cols.flatMap((c) =>
  AGGREGATES.filter(([a]) => c.totals.includes(a)).map(([a, l]) => ({ value: `${c.key}:${a}`, label: `${l} of ${c.label}`, group: c.group })));

/** The label of an option value among options, else the value itself. */
export const labelIn = (options: Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** The filters worth sending: those with a value (a row just added has none yet). */
export const filledFilters = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== ''));
