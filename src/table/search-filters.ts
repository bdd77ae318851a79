/**
 * A table opened from a link with its filters in the address (docs/table.md, Filters): each
 * parameter named like one of the table's filterable columns, `?status=in_transit&kind=loaded,empty`,
 * becomes that column's include list (a comma list, `\,` for a comma in a value); other parameters
 * are left to the page. Pure, so it is unit-tested.
 */
import { joinCommaList, splitCommaList } from '../lib/comma-list';
import type { SelectedFilters } from './filter-state';

export function filtersOfSearch(search: string, columns: readonly string[]): SelectedFilters {
  const q = new URLSearchParams(search);
  const out: SelectedFilters = {};
  for (const column of columns) {
    const raw = q.get(column);
    if (raw === null) continue;
    const values = [...new Set(splitCommaList(raw).map((v) => v.trim()).filter(Boolean))];
    if (values.length) out[column] = { include: values };
  }
  return out;
}

/**
 * The address that reopens the table with `filters`: each of `columns` that holds an include list
 * as its parameter, the others' parameters removed; other parameters kept.
 */
export function searchOfFilters(search: string, filters: SelectedFilters, columns: readonly string[]): string {
  const q = new URLSearchParams(search);
  for (const column of columns) {
    const include = filters[column]?.include;
    if (include?.length) q.set(column, joinCommaList(include));
    else q.delete(column);
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}
