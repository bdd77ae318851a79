/**
 * "View in fleet" opens the fleet's car table with the chosen rows' cars in its query string
 * (docs/fleet.md):
 *   /company/fleet/cars/table/?car=TILX 1234,GATX 55&car_id=17,18
 *   - `car`: cars known by mark and number, as `MARK NUMBER`, comma-joined (a comma inside a value
 *     is escaped as `\,`, see lib/comma-list);
 *   - `car_id`: cars known only by their id (an id whose label is not known), comma-joined.
 * Each parameter appears only when it has values; duplicates are dropped, first-seen order kept.
 */
import { joinCommaList } from '../lib/comma-list';
import { CAR_FIELD, carId, isCarObject, markNumber } from '../lib/car-value';
import { buildPath } from '../routes/params';
import { ROUTES } from '../routes/table';

export const FLEET_CARS_PATH = buildPath(ROUTES.fleetCarsTable.path);

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

