/**
 * A CSV of loaded cars for one shipment (docs/loading.md, Bulk car upload): a header line naming
 * the columns, one car a line. Headers are matched loosely ("Reporting mark", "mark", "Car no",
 * "Outage (gal)", "Temp F"), a single "Car" column may hold the mark and number together
 * ("TILX 1234"), and a column this product does not know is named rather than dropped. Read the
 * same in the browser (the preview) and on the server (the upload); each car keeps its line.
 */
import Papa from 'papaparse';
import { carTextFault, readCarLines } from './car-lines';

/** The loaded car's fields a file may give, with the header words that name each. */
export const CAR_CSV_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  car_mark: ['car_mark', 'mark', 'reporting_mark', 'initial'],
  car_number: ['car_number', 'number', 'car_no', 'no'],
  car_type: ['car_type', 'type'],
  seal_number_1: ['seal_number_1', 'seal_1', 'seal1', 'seal'],
  seal_number_2: ['seal_number_2', 'seal_2', 'seal2'],
  seal_number_3: ['seal_number_3', 'seal_3', 'seal3'],
  seal_number_4: ['seal_number_4', 'seal_4', 'seal4'],
  shell_capacity: ['shell_capacity', 'shell', 'capacity', 'shell_gal', 'shell_capacity_gal'],
  volume_outage: ['volume_outage', 'outage', 'outage_gal', 'outage_volume'],
  volume: ['volume', 'metered_volume', 'metered'],
  load_temperature: ['load_temperature', 'temperature', 'temp', 'temp_f', 'temperature_f'],
  density: ['density', 'relative_density'],
  temperature_correction_factor: ['temperature_correction_factor', 'tcf', 'correction_factor', 'vcf'],
  temperature_correction_factor_at_15c: ['temperature_correction_factor_at_15c', 'tcf_15c', 'vcf_15c'],
  weight: ['weight', 'weight_kg'],
  load_date: ['load_date', 'date', 'loaded'],
  embargo_number: ['embargo_number', 'embargo'],
  embargo_permit_number: ['embargo_permit_number', 'permit'],
  customs_barcode_number: ['customs_barcode_number', 'customs_barcode', 'barcode'],
};
const CAR_TOGETHER = ['car', 'car_id', 'mark_number'];

export interface CarCsvRow { line: number; values: Record<string, string> }
export interface CarCsv { rows: CarCsvRow[]; columns: Record<string, string>; unknown: string[]; problems: string[] }

/** "Outage (gal)" → "outage_gal"; "Car No." → "car_no". */
const key = (header: string) => header.trim().toLowerCase().replace(/\(.*?\)/g, (m) => `_${m.slice(1, -1)}`).replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

function fieldOf(header: string): string | null {
  const k = key(header);
  if (CAR_TOGETHER.includes(k)) return 'car';
  for (const [field, words] of Object.entries(CAR_CSV_COLUMNS)) if (words.includes(k)) return field;
  // "Outage (gal)" and "Shell capacity (gal)": the unit in brackets is not part of the name.
  const bare = key(header.replace(/\(.*?\)/g, ''));
  for (const [field, words] of Object.entries(CAR_CSV_COLUMNS)) if (words.includes(bare)) return field;
  return null;
}

/** The file's cars: each line's values by field name, trimmed, blanks left out. */
export function parseCarCsv(text: string): CarCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const lines = parsed.data;
  const out: CarCsv = { rows: [], columns: {}, unknown: [], problems: [] };
  const headerAt = lines.findIndex((cells) => cells.some((c) => String(c).trim() !== ''));
  if (headerAt < 0) return { ...out, problems: ['The file is empty: a header line and one car a line.'] };
  const header = lines[headerAt].map(String);
  const fields = header.map(fieldOf);
  header.forEach((h, i) => { if (fields[i]) out.columns[h.trim()] = fields[i]!; else if (h.trim()) out.unknown.push(h.trim()); });
  if (!fields.includes('car') && !(fields.includes('car_mark') && fields.includes('car_number'))) {
    out.problems.push('The header names no car: give a Car column (TILX 1234), or Mark and Number columns.');
    return out;
  }
  for (let i = headerAt + 1; i < lines.length; i++) {
    const cells = lines[i];
    if (cells.every((c) => String(c ?? '').trim() === '')) continue;
    const values: Record<string, string> = {};
    fields.forEach((f, j) => {
      const v = String(cells[j] ?? '').trim();
      if (f && v !== '') values[f] = v;
    });
    if (values.car !== undefined) {
      const read = readCarLines(values.car);
      const car = read.cars[0];
      if (car) { values.car_mark = car.mark; values.car_number = String(car.number); } else out.problems.push(`Line ${i + 1}: "${values.car}": ${carTextFault(values.car)}`);
      delete values.car;
    }
    out.rows.push({ line: i + 1, values });
  }
  if (!out.rows.length) out.problems.push('The file has a header but no car.');
  return out;
}
