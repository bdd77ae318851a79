/**
 * What the fleet car table shows when opened from "View in fleet" (src/table/fleet-link.ts):
 * `?car=TILX 1234,GATX 55` names cars by mark and number, `?car_id=17,18` by id (comma lists, `\,`
 * escapes a comma). Both become ONE include filter on the car's written form (`mark_number`), so
 * the cars of both lists show together and the user sees them as one "Car" chip to remove.
 * Pure, so it is unit-tested.
 */
import { joinCommaList, splitCommaList } from '../../lib/comma-list';
import { normalizeMarkNumber } from '../../lib/reporting-mark';
import type { SelectedFilters } from '../../table/filter-state';

/** The car's computed `MARK NUMBER` field, which the list API filters by. */
export const CAR_FILTER = 'mark_number';

export interface FleetQuery {
  /** Cars by mark and number, in the written form (`tilx 001234` -> `TILX 1234`). */
  cars: string[];
  /** Car ids; values that are no id are dropped. */
  ids: string[];
}

const unique = (xs: string[]) => [...new Set(xs)];

export function fleetQuery(search: string): FleetQuery {
  const q = new URLSearchParams(search);
  const list = (name: string) => splitCommaList(q.get(name) ?? '').map((v) => v.trim()).filter(Boolean);
  return { cars: unique(list('car').map(normalizeMarkNumber)), ids: unique(list('car_id').filter((id) => /^\d+$/.test(id))) };
}

/**
 * The table's opening filter, given the labels (`MARK NUMBER`) of the ids' cars. An id without a
 * car the user can see is `missing`; when nothing else is asked for, the filter keeps those ids so
 * the table shows no car rather than the whole fleet.
 */
export function fleetFilters(q: FleetQuery, labels: ReadonlyMap<string, string>): { filters: SelectedFilters; missing: string[] } {
  const named = unique([...q.cars, ...q.ids.flatMap((id) => labels.get(id) ?? [])]);
  const missing = q.ids.filter((id) => !labels.has(id));
  if (named.length) return { filters: { [CAR_FILTER]: { include: named } }, missing };
  if (missing.length) return { filters: { id: { include: missing } }, missing };
  return { filters: {}, missing };
}

/**
 * The address that reopens the table with `filters`: the car filter's cars as `?car=`, nothing
 * when it is gone. Other parameters are kept.
 */
export function fleetSearch(search: string, filters: SelectedFilters): string {
  const q = new URLSearchParams(search);
  q.delete('car');
  q.delete('car_id');
  const cars = filters[CAR_FILTER]?.include ?? [];
  if (cars.length) q.set('car', joinCommaList(cars));
  const text = q.toString();
  return text ? `?${text}` : '';
}
