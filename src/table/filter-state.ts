/**
 * Include/exclude column filters of the shared table (docs/table.md, Filters). A column filter holds an include
 * list or an exclude list, never both; values are the cell values as strings ('' = no value). A
 * column may also hold a range (`from`, `to`, both inclusive; the filter bar's dates), beside its list.
 */
import { joinCommaList } from '../lib/comma-list';

export interface ColumnFilter { include?: string[]; exclude?: string[]; from?: string; to?: string }
export type SelectedFilters = Record<string, ColumnFilter>;

export type FilterState = 'none' | 'include' | 'exclude';

export function stateOf(filters: SelectedFilters, column: string, value: string): FilterState {
  const f = filters[column];
  if (f?.include?.includes(value)) return 'include';
  if (f?.exclude?.includes(value)) return 'exclude';
  return 'none';
}

/**
 * "Add this to filter": not filtered -> added to include (an exclude list of the column gives way);
 * in include -> moved to exclude and the include list cleared; in exclude -> removed, and the
 * column filter disappears when its exclude list is empty.
 */
export function toggleValue(filters: SelectedFilters, column: string, value: string): SelectedFilters {
  const current = filters[column] ?? {};
  switch (stateOf(filters, column, value)) {
    case 'none': return withColumn(filters, column, { ...rangeOf(current), include: [...(current.include ?? []), value] });
    case 'include': return withColumn(filters, column, { ...rangeOf(current), exclude: [value] });
    case 'exclude': return withColumn(filters, column, { ...rangeOf(current), exclude: (current.exclude ?? []).filter((v) => v !== value) });
  }
}

const rangeOf = (f: ColumnFilter): ColumnFilter => ({ ...(f.from ? { from: f.from } : {}), ...(f.to ? { to: f.to } : {}) });

/** The filters with the column's filter replaced; a column filter left with nothing in it disappears. */
function withColumn(filters: SelectedFilters, column: string, f: ColumnFilter): SelectedFilters {
  const clean: ColumnFilter = {
    ...(f.include?.length ? { include: f.include } : f.exclude?.length ? { exclude: f.exclude } : {}),
    ...rangeOf(f),
  };
  const { [column]: _old, ...rest } = filters;
  return Object.keys(clean).length ? { ...rest, [column]: clean } : rest;
}

/** The filter bar's choice of values for a column: its include list becomes exactly these (none: no list); a range stays. */
export function setIncluded(filters: SelectedFilters, column: string, values: string[]): SelectedFilters {
  return withColumn(filters, column, { ...rangeOf(filters[column] ?? {}), include: [...new Set(values)] });
}

/** The filter bar's range of a column (empty ends are open); its include or exclude list stays. */
export function setRange(filters: SelectedFilters, column: string, from: string, to: string): SelectedFilters {
  const current = filters[column] ?? {};
  return withColumn(filters, column, { include: current.include, exclude: current.exclude, from: from || undefined, to: to || undefined });
}

/** "Include ONLY this": replaces every filter of the table. */
export function includeOnly(column: string, value: string): SelectedFilters {
  return { [column]: { include: [value] } };
}

/** Values from the import dialog: added to the include list, or replacing the column's filter. */
export function importValues(filters: SelectedFilters, column: string, values: string[], only: boolean): SelectedFilters {
  const clean = [...new Set(values.filter((v) => v !== ''))];
  if (!clean.length) return filters;
  const base = only ? [] : filters[column]?.include ?? [];
  return { ...filters, [column]: { ...rangeOf(filters[column] ?? {}), include: [...new Set([...base, ...clean])] } };
}

export function removeColumnFilter(filters: SelectedFilters, column: string): SelectedFilters {
  const { [column]: _removed, ...rest } = filters;
  return rest;
}

/** The list API's query parameters: `col=a,b` or `col__not_in=a,b` (commas in values escaped), `col__gte` / `col__lte` for a range. */
export function toQuery(filters: SelectedFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [column, f] of Object.entries(filters)) {
    if (f.include?.length) out[column] = joinCommaList(f.include);
    else if (f.exclude?.length) out[`${column}__not_in`] = joinCommaList(f.exclude);
    if (f.from) out[`${column}__gte`] = f.from;
    if (f.to) out[`${column}__lte`] = f.to;
  }
  return out;
}

/** One removable chip per active column filter. */
export interface FilterChip { column: string; label: string; kind: 'include' | 'exclude' }

/** A chip names at most this many values, then says how many more it holds. */
export const CHIP_VALUES = 3;

/**
 * The chips of the filters: the column's label and the values as the cells show them (a site by its
 * name, never its id; docs/table.md, Filters), `(empty)` for "no value".
 */
export function chipsOf(filters: SelectedFilters, labelOf: (column: string) => string = (c) => c, valueText: (column: string, value: string) => string = (_c, v) => v): FilterChip[] {
  const shown = (column: string, values: string[]) => {
    const named = values.slice(0, CHIP_VALUES).map((v) => (v === '' ? '(empty)' : valueText(column, v)));
    return values.length > CHIP_VALUES ? `${named.join(', ')} +${values.length - CHIP_VALUES} more` : named.join(', ');
  };
  const range = (column: string, f: ColumnFilter) => {
    const from = f.from ? `from ${valueText(column, f.from)}` : '';
    const to = f.to ? `${from ? 'to' : 'until'} ${valueText(column, f.to)}` : '';
    return [from, to].filter(Boolean).join(' ');
  };
  return Object.entries(filters).flatMap(([column, f]): FilterChip[] => {
    const between = range(column, f);
    const also = between ? `; ${between}` : '';
    if (f.include?.length) return [{ column, kind: 'include', label: `${labelOf(column)}: ${shown(column, f.include)}${also}` }];
    if (f.exclude?.length) return [{ column, kind: 'exclude', label: `${labelOf(column)} ≠ ${shown(column, f.exclude)}${also}` }];
    if (between) return [{ column, kind: 'include', label: `${labelOf(column)}: ${between}` }];
    return [];
  });
}
