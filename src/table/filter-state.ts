/**
 * Include/exclude column filters of the shared table (docs/table.md, Filters). A column filter holds an include
 * list or an exclude list, never both; values are the cell values as strings ('' = no value).
 */
import { joinCommaList } from '../lib/comma-list';

export interface ColumnFilter { include?: string[]; exclude?: string[] }
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
  const next: SelectedFilters = { ...filters };
  switch (stateOf(filters, column, value)) {
    case 'none':
      next[column] = { include: [...(current.include ?? []), value] };
      break;
    case 'include':
      next[column] = { exclude: [value] };
      break;
    case 'exclude': {
      const exclude = (current.exclude ?? []).filter((v) => v !== value);
      if (exclude.length) next[column] = { exclude };
      else delete next[column];
      break;
    }
  }
  return next;
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
  return { ...filters, [column]: { include: [...new Set([...base, ...clean])] } };
}

export function removeColumnFilter(filters: SelectedFilters, column: string): SelectedFilters {
  const { [column]: _removed, ...rest } = filters;
  return rest;
}

/** The list API's query parameters: `col=a,b` or `col__not_in=a,b` (commas in values escaped). */
export function toQuery(filters: SelectedFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [column, f] of Object.entries(filters)) {
    if (f.include?.length) out[column] = joinCommaList(f.include);
    else if (f.exclude?.length) out[`${column}__not_in`] = joinCommaList(f.exclude);
  }
  return out;
}

/** One removable chip per active column filter. */
export interface FilterChip { column: string; label: string; kind: 'include' | 'exclude' }

export function chipsOf(filters: SelectedFilters, labelOf: (column: string) => string = (c) => c): FilterChip[] {
  const shown = (values: string[]) => values.map((v) => v || '(empty)').join(', ');
  return Object.entries(filters).flatMap(([column, f]): FilterChip[] => {
    if (f.include?.length) return [{ column, kind: 'include', label: `${labelOf(column)}: ${shown(f.include)}` }];
    if (f.exclude?.length) return [{ column, kind: 'exclude', label: `${labelOf(column)} ≠ ${shown(f.exclude)}` }];
    return [];
  });
}
