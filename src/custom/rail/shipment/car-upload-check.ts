/**
 * The browser's check of a car upload before it is sent (docs/loading.md, Bulk car upload): each
 * row's values by the loaded car's declared field rules (src/generic/field-rules.ts, the form's
 * own), its measurements by the derived values' rule, and a car twice in the file. The server
 * checks it all again, and against the open shipments, which the browser cannot see.
 */
import type { CarCsv } from '../../../lib/car-csv';
import { loadedCarErrors, typedMeasures } from '../../../lib/rail-car-values';
import { rulesFor } from '../../../generic/field-rules';
import { fieldLabel } from '../../../resources/define';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';

export interface RowFault { line: number; field: string; message: string }

export function carUploadFaults(csv: CarCsv): RowFault[] {
  const faults: RowFault[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of csv.rows) {
    let fieldFault = false;
    for (const [name, value] of Object.entries(values)) {
      const f = loadedRailCar.fields[name];
      if (!f) continue;
      for (const rule of rulesFor(name, f, 'create')) {
        const message = rule(name === 'car_mark' ? value.toUpperCase() : value);
        if (message) { faults.push({ line, field: name, message }); fieldFault = true; }
      }
    }
    for (const name of ['car_mark', 'car_number']) if (!values[name]) faults.push({ line, field: name, message: 'Required' });
    if (!fieldFault) {
      for (const [field, messages] of Object.entries(loadedCarErrors(typedMeasures(values)))) for (const message of messages) faults.push({ line, field, message });
    }
    const id = `${(values.car_mark ?? '').toUpperCase()} ${Number(values.car_number)}`;
    const before = seen.get(id);
    if (before !== undefined) faults.push({ line, field: 'car_number', message: `${id} is on line ${before} already.` });
    else seen.set(id, line);
  }
  return faults;
}

/** "Line 5, Outage: …" */
export const sayFault = (f: RowFault) => `Line ${f.line}, ${fieldLabel(loadedRailCar, f.field)}: ${f.message}`;

/** The server's refusal `{rows: {line: {field: [messages]}}}` as faults. */
export function serverFaults(body: unknown): RowFault[] {
  const rows = (body as { rows?: Record<string, Record<string, string[]>> } | null)?.rows ?? {};
  return Object.entries(rows).flatMap(([line, fields]) => Object.entries(fields).flatMap(([field, messages]) => messages.map((message) => ({ line: Number(line), field, message }))));
}
