/**
 * The faults of a refused bulk call (`{cars: {"<index>": {field: [messages]}}}`, docs/fleet.md,
 * Bulk changes) as lines a person reads beside what they sent: "TILX 12: Car number: ...".
 */
import { labelOf } from '../../resources/fields';
import { car } from '../../resources/fleet/car';

export function carBulkFaults(body: unknown, names: string[]): string[] | null {
  const cars = (body as { cars?: unknown } | null)?.cars;
  if (!cars || typeof cars !== 'object') return null;
  if (Array.isArray(cars)) return cars.map(String);
  return Object.entries(cars as Record<string, Record<string, string[]>>)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([i, fields]) => Object.entries(fields).flatMap(([f, messages]) => messages.map((m) => {
      const what = f === 'non_field_errors' ? '' : `${labelOf(f, car.fields[f])}: `;
      return `${names[Number(i)] ?? `Car ${Number(i) + 1}`}: ${what}${m}`;
    })));
}
