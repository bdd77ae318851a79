/**
 * Rows linked to a car (docs/table.md, Car values) carry `car` either as the car's numeric id or as an object with
 * `mark` and `number`. Tables show both forms as `MARK NUMBER`; the id form goes through the
 * referenced car record's label (loaded per page like any reference, see table/useRefLabels) and
 * shows the bare id until that label is known or when no `car` resource is declared.
 * Pure value rules (docs/fleet.md), so any screen or the server may use them.
 */
/** The field name of the link to a car (docs/table.md, Car values). */
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

/** Whether any of these rows is linked to a car (View in fleet is disabled otherwise). */
export const hasCars = (rows: readonly Record<string, unknown>[]) =>
  rows.some((row) => isCarObject(row[CAR_FIELD]) || carId(row[CAR_FIELD]) !== null);
