/**
 * A table opened from a link with its filters in the address (docs/table.md, Filters): each
 * parameter named like one of the table's filterable columns, `?status=in_transit&kind=loaded,empty`,
 * becomes that column's include list (a comma list, `\,` for a comma in a value), `column__not_in` its
 * exclude list, and
 * `column__gte` / `column__lte` its range, as the list API spells them (`?eta__lte=2026-11-27T16:00:00Z`);
 * other parameters are left to the page. Pure, so it is unit-tested.
 */
import { joinCommaList, splitCommaList } from '../lib/comma-list';
import type { ColumnFilter, SelectedFilters } from './filter-state';
import type { Resource } from '../resources/define';
import { isFilterable } from '../resources/fields';

/** The columns a link may filter a resource's table by: its filterable fields and its times of record. */
export const addressable = (r: Pick<Resource, 'fields'>): string[] =>
  [...Object.keys(r.fields).filter((n) => isFilterable(r.fields[n])), 'created_at', 'updated_at'];

const FROM = '__gte';
const TO = '__lte';
const NOT = '__not_in';
const listOf = (raw: string | null) => (raw === null ? [] : [...new Set(splitCommaList(raw).map((v) => v.trim()).filter(Boolean))]);

export function filtersOfSearch(search: string, columns: readonly string[]): SelectedFilters {
  const q = new URLSearchParams(search);
  const out: SelectedFilters = {};
  for (const column of columns) {
    const f: ColumnFilter = {};
    const values = listOf(q.get(column));
    const excluded = listOf(q.get(column + NOT));
    // A column holds an include list or an exclude list, never both: the include list wins.
    if (values.length) f.include = values;
    else if (excluded.length) f.exclude = excluded;
    const from = q.get(column + FROM)?.trim();
    const to = q.get(column + TO)?.trim();
    if (from) f.from = from;
    if (to) f.to = to;
    if (Object.keys(f).length) out[column] = f;
  }
  return out;
}

/**
 * The address that reopens the table with `filters`: each of `columns` that holds an include list
 * or a range as its parameters, the others' parameters removed; other parameters kept.
 */
export function searchOfFilters(search: string, filters: SelectedFilters, columns: readonly string[]): string {
  const q = new URLSearchParams(search);
  for (const column of columns) {
    const f = filters[column];
    const put = (name: string, value: string | undefined) => (value ? q.set(name, value) : q.delete(name));
    put(column, f?.include?.length ? joinCommaList(f.include) : undefined);
    put(column + NOT, f?.exclude?.length ? joinCommaList(f.exclude) : undefined);
    put(column + FROM, f?.from);
    put(column + TO, f?.to);
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}
