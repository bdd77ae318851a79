/**
 * Rows linked to a car (spec 01 §3) carry `car` either as the car's numeric id or as an object with
 * `mark` and `number`. The table shows both forms as `MARK NUMBER`; the id form goes through the
 * referenced car record's label (loaded per page like any reference, see useRefLabels) and shows
 * the bare id until that label is known or when no `car` resource is declared.
 *
 * "View in fleet" opens the fleet's car table with the chosen rows' cars in its query string:
 *   /company/fleet/cars/table/?car=TILX 1234,GATX 55&car_id=17,18
 *   - `car`: cars known by mark and number, as `MARK NUMBER`, comma-joined (a comma inside a value
 *     is escaped as `\,`, see lib/comma-list);
 *   - `car_id`: cars known only by their id (an id whose label is not known), comma-joined.
 * Each parameter appears only when it has values; duplicates are dropped, first-seen order kept.
 */
import { joinCommaList } from '../lib/comma-list';

export const FLEET_CARS_PATH = '/company/fleet/cars/table/';
/** The field name spec 01 §3 gives the link to a car. */
export const CAR_FIELD = 'car';
/** The resource a numeric `car` refers to, once it is declared. */
export const CAR_RESOURCE = 'car';

export interface CarObject { mark: string; number: string | number; id?: string | number }

export function isCarObject(v: unknown): v is CarObject {
  return typeof v === 'object' && v !== null && 'mark' in v && 'number' in v;
}

/** `MARK NUMBER` from anything that has a mark and a number (a row's car object or a car record). */
export function markNumber(car: CarObject): string {
  return `${String(car.mark).trim().toUpperCase()} ${String(car.number).trim()}`;
}

/** The id a `car` value refers to, when it is the id form (a number, or digits as a string). */
export function carId(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return v;
  return null;
}

/** The text a `car` cell shows; `labels` maps car ids to their records' labels. */
export function carLabel(v: unknown, labels?: ReadonlyMap<string, string>): string {
  if (v === null || v === undefined || v === '') return '';
  if (isCarObject(v)) return markNumber(v);
  const id = carId(v);
  if (id !== null) return labels?.get(id) ?? id;
  return String(v);
}

/** What a car contributes to include/exclude filters: its id when known, else its label. */
export function carFilterValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (isCarObject(v)) return v.id !== undefined ? String(v.id) : markNumber(v);
  return String(v);
}

/** The fleet car table's address for these rows' cars (see the parameters above). */
export function fleetPath(rows: readonly Record<string, unknown>[], labels?: ReadonlyMap<string, string>): string {
  const named = new Set<string>();
  const ids = new Set<string>();
  for (const row of rows) {
    const v = row[CAR_FIELD];
    if (isCarObject(v)) { named.add(markNumber(v)); continue; }
    const id = carId(v);
    if (id === null) continue;
    const label = labels?.get(id);
    if (label) named.add(label);
    else ids.add(id);
  }
  const q = new URLSearchParams();
  if (named.size) q.set('car', joinCommaList([...named]));
  if (ids.size) q.set('car_id', joinCommaList([...ids]));
  const s = q.toString();
  return s ? `${FLEET_CARS_PATH}?${s}` : FLEET_CARS_PATH;
}

/** Whether any of these rows is linked to a car (View in fleet is disabled otherwise). */
export const hasCars = (rows: readonly Record<string, unknown>[]) =>
  rows.some((row) => isCarObject(row[CAR_FIELD]) || carId(row[CAR_FIELD]) !== null);
