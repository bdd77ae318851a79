/**
 * A table's settings kept in the profile's `ui_config[table]` (docs/table.md, Settings storage): visible columns, their
 * order, rows per page and saved filters. Pure functions returning the patch to send.
 */
import type { SelectedFilters } from './filter-state';

export interface SavedFilter { label: string; filter: SelectedFilters }
export interface TableConfig {
  columns?: string[];
  order?: string[];
  paginationSettings?: { rowsPerPage?: number };
  filters?: SavedFilter[];
}
export type UiConfig = Record<string, TableConfig | undefined>;

export const ROWS_PER_PAGE_OPTIONS = [15, 25, 50, 100, 500, 0] as const;
/** Column filter suggestions are capped at 50 (docs/table.md, Filters). */
export const MAX_SUGGESTIONS = 50;

export const filterNameExists = (config: TableConfig | undefined, name: string) =>
  (config?.filters ?? []).some((f) => f.label === name.trim());

/** Saving under an existing name overwrites that filter (the dialog warns first). */
export function saveFilter(config: TableConfig | undefined, name: string, filter: SelectedFilters): TableConfig {
  const label = name.trim();
  if (!label) throw new Error('A filter name must be non-empty.');
  const others = (config?.filters ?? []).filter((f) => f.label !== label);
  return { ...config, filters: [...others, { label, filter }] };
}

export function deleteFilter(config: TableConfig | undefined, name: string): TableConfig {
  return { ...config, filters: (config?.filters ?? []).filter((f) => f.label !== name) };
}

/** A rows-per-page choice is remembered unless it is 0 (all rows): "all" is a one-off. */
export function withRowsPerPage(config: TableConfig | undefined, rows: number): TableConfig | null {
  if (rows === 0 || !ROWS_PER_PAGE_OPTIONS.includes(rows as (typeof ROWS_PER_PAGE_OPTIONS)[number])) return null;
  return { ...config, paginationSettings: { ...config?.paginationSettings, rowsPerPage: rows } };
}

/** The body for `PATCH user/me/`: the server merges top-level ui_config keys. */
export const uiConfigPatch = (table: string, config: TableConfig) => ({ ui_config: { [table]: config } });
