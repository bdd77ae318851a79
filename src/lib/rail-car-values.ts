/**
 * A loaded rail car's derived values (docs/rail.md, 4.4 Loaded rail car): gross and net volume in
 * US gallons, both in litres, a tank car's weight from its net volume and density, and pounds
 * where a weight is printed. One implementation for the load page's live preview, the hook that
 * stores a tank car's weight, the bill of lading and the EDI 404; the server's computed fields
 * run the same arithmetic in SQL (`loadedCarSql`), and the two agree to the last digit.
 *
 * Exact decimals computed as PostgreSQL `numeric` computes them (src/lib/pg-decimal.ts), so the
 * screen's preview and the stored computed fields agree to the last digit.
 */
import { formatDecimal } from './format';
import { type Dec, add, compare, div, input, mul, parse, round, sub, text } from './pg-decimal';

/** The template's gallons-to-litres factor (the rail design's constants; the exact definition is 3.785411784). */
export const GALLONS_TO_LITRES = '3.78541';
/** Kilograms in one avoirdupois pound (exact by definition). */
export const KG_PER_POUND = '0.45359237';
/** The car type whose weight is derived rather than keyed: a tank car (docs/fleet.md, Cars). */
export const TANK_CAR = 'T';

/** The declared places of the loaded car's measurements and of what is derived from them. */
export const RAIL_CAR_PLACES = {
  shell_capacity: 2,
  volume_outage: 2,
  volume: 2,
  temperature_correction_factor: 6,
  temperature_correction_factor_at_15c: 6,
  load_temperature: 2,
  density: 4,
  gal_to_liter_conversion_factor: 5,
  weight: 1,
  gross_volume: 2,
  net_volume: 2,
  gross_volume_litres: 1,
  net_volume_litres: 1,
  weight_lb: 0,
  /** A fleet car's shell capacity, in litres (docs/fleet.md, Cars). */
  fleet_shell_capacity: 1,
} as const;

/** What the derived values are computed from: the loaded car's stored fields, as decimal strings. */
export interface LoadedCarMeasures {
  car_type: string;
  shell_capacity: string;
  volume_outage: string;
  temperature_correction_factor: string;
  density: string;
  gal_to_liter_conversion_factor: string;
  /** The keyed weight, kg: a tank car's is replaced by the derived one. */
  weight: string;
}

const typed = (v: unknown, blank: string) => (v === null || v === undefined || v === '' ? blank : String(v));

/** The measurements as a form holds them while typed: a blank field counts as its declared default (tank car, 0, factor 1, …). */
export function typedMeasures(v: Record<string, unknown>): LoadedCarMeasures {
  return {
    car_type: typed(v.car_type, TANK_CAR), shell_capacity: typed(v.shell_capacity, '0'), volume_outage: typed(v.volume_outage, '0'),
    temperature_correction_factor: typed(v.temperature_correction_factor, '1'), density: typed(v.density, '1'),
    gal_to_liter_conversion_factor: typed(v.gal_to_liter_conversion_factor, GALLONS_TO_LITRES), weight: typed(v.weight, '0'),
  };
}

/** The derived values, each with its declared places (`'29400.00'`, `'111291.1'`, `'210257'`). */
export interface LoadedCarValues {
  gross_volume: string;
  net_volume: string;
  gross_volume_litres: string;
  net_volume_litres: string;
  /** kg: a tank car's derived weight, any other car's keyed weight. */
  weight: string;
  weight_lb: string;
}

/** A shipment's totals: the sums of its cars' values as each car shows them, so a printed column adds up. */
export interface LoadedCarTotals extends LoadedCarValues {
  cars: number;
}

// ---------------------------------------------------------------------------------------------
// The rules, one function each, and all of them together.

const P = RAIL_CAR_PLACES;

/**
 * A decimal string rounded half away from zero to `places`, as PostgreSQL's `round(x, places)`:
 * `roundDecimal('2.5', 0)` is `'3'`, `roundDecimal('-0.005', 2)` is `'-0.01'`.
 */
export function roundDecimal(value: string, places: number): string {
  const d = parse(value);
  if (!d) throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}.`);
  return text(round(d, Math.max(0, Math.trunc(places))));
}

/** Whether a car type is the tank car, whose weight is derived. */
export const isTankCar = (carType: string | null | undefined) => carType === TANK_CAR;

const gross = (shell: Dec, outage: Dec) => sub(shell, outage);
const net = (grossVolume: Dec, factor: Dec) => round(mul(grossVolume, factor), P.net_volume);
const litres = (gallons: Dec, factor: Dec) => round(mul(gallons, factor), P.gross_volume_litres);
const tankWeight = (netVolume: Dec, factor: Dec, density: Dec) => round(mul(mul(netVolume, factor), density), P.weight);
const pounds = (kg: Dec) => round(div(kg, parse(KG_PER_POUND)!), P.weight_lb);

/** `shell_capacity − volume_outage`, US gal, 2 places (negative when the outage is larger: `loadedCarErrors` refuses that). */
export function grossVolume(shellCapacity: string, volumeOutage: string): string {
  return text(gross(input(shellCapacity, 'shell_capacity', P.shell_capacity), input(volumeOutage, 'volume_outage', P.volume_outage)));
}

/** `round(gross_volume × temperature_correction_factor, 2)`, US gal. */
export function netVolume(grossVolumeGallons: string, temperatureCorrectionFactor: string): string {
  return text(net(input(grossVolumeGallons, 'gross_volume', P.gross_volume),
    input(temperatureCorrectionFactor, 'temperature_correction_factor', P.temperature_correction_factor)));
}

/** `round(gallons × factor, 1)` litres; the factor is the car's (3.78541 by default). */
export function gallonsToLitres(gallons: string, factor: string = GALLONS_TO_LITRES): string {
  return text(litres(input(gallons, 'gallons', P.gross_volume), input(factor, 'gal_to_liter_conversion_factor', P.gal_to_liter_conversion_factor)));
}

/**
 * `round(litres / factor, 2)` US gal: a fleet car's shell capacity (litres, one place) as the
 * loaded car's prefill. Litres to gallons and back gives the litres again, and gallons to litres
 * and back is within 0.01 gal of the gallons.
 */
export function litresToGallons(litresValue: string, factor: string = GALLONS_TO_LITRES): string {
  const f = input(factor, 'gal_to_liter_conversion_factor', P.gal_to_liter_conversion_factor);
  if (f.units === 0n) throw new RangeError('gal_to_liter_conversion_factor must not be 0.');
  return text(round(div(input(litresValue, 'litres', P.fleet_shell_capacity), f), P.gross_volume));
}

/**
 * A tank car's weight, kg: `round(net_volume × gal_to_liter_conversion_factor × density, 1)`. The
 * net volume is taken in litres (the density is the product's, kg per litre), unrounded: one
 * rounding, of the product.
 */
export function tankCarWeight(netVolumeGallons: string, factor: string, density: string): string {
  return text(tankWeight(input(netVolumeGallons, 'net_volume', P.net_volume),
    input(factor, 'gal_to_liter_conversion_factor', P.gal_to_liter_conversion_factor), input(density, 'density', P.density)));
}

/** Whole pounds of a weight in kg: `round(kg / 0.45359237)`. */
export function kilogramsToPounds(kg: string): string {
  return text(pounds(input(kg, 'weight', P.weight)));
}

/** Every derived value of a loaded car, each with its declared places. */
export function loadedCarValues(car: LoadedCarMeasures): LoadedCarValues {
  const shell = input(car.shell_capacity, 'shell_capacity', P.shell_capacity);
  const outage = input(car.volume_outage, 'volume_outage', P.volume_outage);
  const tcf = input(car.temperature_correction_factor, 'temperature_correction_factor', P.temperature_correction_factor);
  const factor = input(car.gal_to_liter_conversion_factor, 'gal_to_liter_conversion_factor', P.gal_to_liter_conversion_factor);
  const grossVolumeValue = gross(shell, outage);
  const netVolumeValue = net(grossVolumeValue, tcf);
  const weight = isTankCar(car.car_type)
    ? tankWeight(netVolumeValue, factor, input(car.density, 'density', P.density))
    : input(car.weight, 'weight', P.weight);
  return {
    gross_volume: text(grossVolumeValue),
    net_volume: text(netVolumeValue),
    gross_volume_litres: text(litres(grossVolumeValue, factor)),
    net_volume_litres: text(litres(netVolumeValue, factor)),
    weight: text(weight),
    weight_lb: text(pounds(weight)),
  };
}

/** A shipment's totals: each column the sum of its cars' values (the shipment's `net_volume_total`, `weight_total`, the bill of lading's totals row). */
export function loadedCarTotals(cars: readonly LoadedCarValues[]): LoadedCarTotals {
  const sum = (name: keyof LoadedCarValues) => text(cars.reduce(
    (total, car) => add(total, input(car[name], name, P[name])), { units: 0n, scale: P[name] } as Dec));
  return {
    cars: cars.length,
    gross_volume: sum('gross_volume'),
    net_volume: sum('net_volume'),
    gross_volume_litres: sum('gross_volume_litres'),
    net_volume_litres: sum('net_volume_litres'),
    weight: sum('weight'),
    weight_lb: sum('weight_lb'),
  };
}

/** Per-field messages, as the API answers a 400. */
export type FieldErrors = Record<string, string[]>;

/**
 * What the loaded car's hook refuses (docs/rail.md, 4.4 Loaded rail car): an outage larger than
 * the shell capacity (the gross volume would be negative), and, for a tank car, a weight sent
 * that is not the derived one (`sentWeight`: the weight in the request, when it has one; equal
 * values written differently, `95370.90` for `95370.9`, are the same weight).
 */
export function loadedCarErrors(car: LoadedCarMeasures, sentWeight?: string | null): FieldErrors {
  const errors: FieldErrors = {};
  const shell = input(car.shell_capacity, 'shell_capacity', P.shell_capacity);
  const outage = input(car.volume_outage, 'volume_outage', P.volume_outage);
  if (compare(outage, shell) > 0) {
    errors.volume_outage = [`The outage cannot be more than the shell capacity, ${formatDecimal(text(shell), P.shell_capacity)} US gal.`];
    return errors;
  }
  if (isTankCar(car.car_type) && sentWeight !== undefined && sentWeight !== null && sentWeight !== '') {
    const derived = input(loadedCarValues(car).weight, 'weight', P.weight);
    const sent = parse(sentWeight);
    if (!sent || compare(sent, derived) !== 0) {
      errors.weight = [`A tank car's weight is its net volume times its density: ${formatDecimal(text(derived), P.weight)} kg.`];
    }
  }
  return errors;
}

/** The loaded car's stored fields the SQL reads. */
export type LoadedCarColumn = keyof LoadedCarMeasures;

/**
 * The same values as SQL over `numeric` columns of the declared places (the computed fields and
 * the shipment's totals): `column` names a column as the query needs it, e.g.
 * `(c) => \`"loaded_rail_car"."${c}"\``. Each expression equals `loadedCarValues` exactly.
 */
export function loadedCarSql(column: (name: LoadedCarColumn) => string): Record<keyof LoadedCarValues, string> {
  const c = column;
  const grossSql = `(${c('shell_capacity')} - ${c('volume_outage')})`;
  const netSql = `round(${grossSql} * ${c('temperature_correction_factor')}, ${P.net_volume})`;
  const weightSql = `(CASE WHEN ${c('car_type')} = '${TANK_CAR}' THEN round(${netSql} * ${c('gal_to_liter_conversion_factor')} * ${c('density')}, ${P.weight}) ELSE ${c('weight')} END)`;
  return {
    gross_volume: grossSql,
    net_volume: netSql,
    gross_volume_litres: `round(${grossSql} * ${c('gal_to_liter_conversion_factor')}, ${P.gross_volume_litres})`,
    net_volume_litres: `round(${netSql} * ${c('gal_to_liter_conversion_factor')}, ${P.net_volume_litres})`,
    weight: weightSql,
    weight_lb: `round(${weightSql} / ${KG_PER_POUND})`,
  };
}
