/**
 * How printed documents write values: by the same rules as the screens (src/lib/format.ts,
 * src/lib/time-zone.ts, src/lib/units.ts), so a ticket's PDF shows what its page shows. Quantities
 * take their field's declared places and unit; times are written in the record's zone.
 */
import type { Resource } from '../../src/resources/define';
import { formatMeasure } from '../../src/lib/format';

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * A decimal field of a record as printed: its declared places and unit (`12.40 °C`), or the unit
 * given (a ticket's volumes are in its volume unit). Blank when there is no value.
 */
export function measure(r: Resource, row: Record<string, unknown>, name: string, unit?: unknown): string {
  const f = r.fields[name];
  if (f?.kind !== 'decimal') return text(row[name]);
  return formatMeasure(row[name], f, unit === undefined ? f.unit : unit);
}

/** A person's or a company's address on one or two lines (src/lib/address.ts, as the screens write it). */
export { addressLines } from '../../src/lib/address';
