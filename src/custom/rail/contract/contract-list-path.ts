/**
 * The contract list's address (docs/rail.md §11.2): `contract/list/{partyFilter}/{dateFilter}/`
 * opens the shared table with a counterparty chip (`all` or a party id) and date ranges (`all`,
 * `current`, `upcoming`, `past`, a year, a month: src/lib/contract-periods.ts). When the user
 * removes or changes one, the address follows what is on screen. Pure, so it is unit-tested.
 */
import { type DateRanges, dateFilterOf, dateFilterRanges } from '../../../lib/contract-periods';
import type { SelectedFilters } from '../../../table/filter-state';

export interface ListPathParams { partyFilter: string; dateFilter: string }

/** The table's opening filters for the address, or null when a value is none the address takes (the not-found page). */
export function filtersOfPath(p: ListPathParams, today: string): SelectedFilters | null {
  if (p.partyFilter !== 'all' && !/^[1-9]\d{0,9}$/.test(p.partyFilter)) return null;
  const ranges = dateFilterRanges(p.dateFilter, today);
  if (!ranges) return null;
  const out: SelectedFilters = p.partyFilter === 'all' ? {} : { party: { include: [p.partyFilter] } };
  for (const [column, range] of Object.entries(ranges)) out[column] = { ...range };
  return out;
}

/** The address that reopens the table with these filters: a single included party, the named date filter the ranges are; `all` otherwise. */
export function pathOfFilters(filters: SelectedFilters, today: string): ListPathParams {
  const party = filters.party;
  const one = party?.include?.length === 1 && !party.exclude?.length && !party.from && !party.to ? party.include[0] : null;
  const range = (column: 'start_date' | 'end_date') => ({ from: filters[column]?.from, to: filters[column]?.to });
  const ranges: DateRanges = { start_date: range('start_date'), end_date: range('end_date') };
  // Values picked on a date column (not a range) are the user's own filter: the address says all dates.
  const listed = ['start_date', 'end_date'].some((c) => filters[c]?.include?.length || filters[c]?.exclude?.length);
  return { partyFilter: one ?? 'all', dateFilter: (!listed && dateFilterOf(ranges, today)) || 'all' };
}
