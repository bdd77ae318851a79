/**
 * The maximum permitted filling for a product and for a loaded car (docs/loading.md, Maximum
 * permitted filling): what the rules of ./max-filling.ts read from a product (its hazard, packing
 * group, inhalation hazard and, by its commodity group, its density at 50 °C), and the check of a
 * loaded tank car: the liquid taken at its load temperature throughout, its gross volume set
 * against the permitted share of its shell. The gauge tool's action, the load-car page and the
 * bill of lading all work it out here, so the three agree.
 */
import { type Closure, fillingInputErrors, type FillingInput, type FillingRule, type Hazard, type Insulation, maxPermittedFilling, roundDown } from './max-filling';
import { type CommodityGroup, densityAt } from './mpms-11-1';
import { grossVolume, isTankCar } from './rail-car-values';

/** The product's facts the rules read (a product row has them under these names). */
export interface FillingProduct {
  name?: unknown;
  class?: unknown;
  subsidiary_classes?: unknown;
  packingGroup?: unknown;
  inhalation_hazard_zone?: unknown;
  commodity_group?: unknown;
}

/** Why the rules cannot be worked for this input, a message per field to mend. */
export class FillingRefusal extends Error {
  readonly errors: Record<string, string>;
  constructor(field: string | Record<string, string>, message?: string) {
    const errors = typeof field === 'string' ? { [field]: message ?? '' } : field;
    super(Object.values(errors).join(' '));
    this.errors = errors;
  }
}

/** The rules' hazard of a product: toxic or corrosive when 6.1 or 8 is among its classes; a gas is refused. */
export function productHazard(p: FillingProduct | null): Hazard {
  if (!p?.class) return 'none';
  const classes = [String(p.class), ...String(p.subsidiary_classes ?? '').split(/[\s,]+/).filter(Boolean)];
  if (classes[0].startsWith('2')) throw new FillingRefusal('product', `${String(p.name)} is a gas (class ${classes[0]}): a gas is filled by its tank's filling ratio, not by these rules for liquids.`);
  return classes.some((c) => c === '6.1' || c === '8') ? 'toxic_or_corrosive' : 'flammable';
}

/** The relative density at 50 °C: as typed, or from the one at 15 °C by API MPMS 11.1 for the commodity group. */
export function density50(d15: number, typed: number | null, group: CommodityGroup | null): number {
  if (typed !== null) return typed;
  if (!group) throw new FillingRefusal('relative_density_50', 'Give the relative density at 50 °C, or a commodity group (or a product that has one) to work it out by API MPMS 11.1.');
  try {
    return densityAt(d15 * 1000, 50, group) / 1000;
  } catch (e) {
    throw new FillingRefusal('relative_density', (e as Error).message);
  }
}

/** What is asked besides the product; anything left out is the product's or the rules' default. */
export interface FillingAsk {
  d15: number;
  d50?: number | null;
  commodity_group?: CommodityGroup | null;
  target_temp: number;
  temperature_min: number;
  temperature_max: number;
  safety_margin?: number;
  hazard?: Hazard | null;
  poison_inhalation?: boolean | null;
  insulation?: Insulation | null;
  closure?: Closure | null;
}

/** The rules' input for a product and an ask; refuses a gas and a density it cannot work with. */
export function fillingInput(p: FillingProduct | null, a: FillingAsk): { input: FillingInput; group: CommodityGroup | null } {
  const hazard = a.hazard ?? productHazard(p);
  const group = (a.commodity_group ?? p?.commodity_group ?? null) as CommodityGroup | null;
  const input: FillingInput = {
    d15: a.d15, d50: density50(a.d15, a.d50 ?? null, group), target_temp: a.target_temp, temperature_min: a.temperature_min, temperature_max: a.temperature_max,
    safety_margin: a.safety_margin ?? 0, hazard, packing_group: (p?.packingGroup ?? null) as FillingInput['packing_group'],
    poison_inhalation: a.poison_inhalation ?? !!p?.inhalation_hazard_zone,
    insulation: a.insulation ?? 'none', closure: a.closure ?? 'vented',
  };
  const errors = fillingInputErrors(input);
  if (Object.keys(errors).length) throw new FillingRefusal(errors);
  return { input, group };
}

/** A loaded tank car against its maximum permitted filling, or why it was not checked. */
export type CarFilling =
  | { checked: true; load_temp_c: string; gross_volume: string; permitted_volume: string; percent: string; governing: FillingRule['code']; rule: string; over: string | null }
  | { checked: false; reason: string };

/** °F as stored on a loaded car to °C, to the tenth the rules' temperatures are given in. */
export const fahrenheitToCelsius = (f: number) => Number(((f - 32) / 1.8).toFixed(1));

/**
 * The check of one loaded tank car (not a tank car: null), from its row as stored (`car_type`,
 * `shell_capacity` and `volume_outage` in US gallons, `density` at 15 °C, `load_temperature` in
 * °F): the liquid at its load temperature throughout, the permitted volume rounded down to the
 * cent of a gallon, `over` the gallons above it.
 */
export function loadedCarFilling(p: FillingProduct | null, c: Record<string, unknown>): CarFilling | null {
  if (!isTankCar(String(c.car_type))) return null;
  const d15 = Number(c.density);
  if (!(d15 > 0)) return { checked: false, reason: 'no density' };
  if (!p?.commodity_group) return { checked: false, reason: `${String(p?.name ?? 'The product')} has no commodity group to work out its density at 50 °C by API MPMS 11.1` };
  const t = fahrenheitToCelsius(Number(c.load_temperature ?? 0));
  let input: FillingInput;
  try {
    input = fillingInput(p, { d15, target_temp: t, temperature_min: t, temperature_max: t }).input;
  } catch (e) {
    if (e instanceof FillingRefusal) return { checked: false, reason: e.message };
    throw e;
  }
  const r = maxPermittedFilling(input);
  const rule = r.rules.find((x) => x.code === r.governing)!;
  const permitted = roundDown(Number(c.shell_capacity) * Number(r.percent) / 100, 2);
  const gross = grossVolume(String(c.shell_capacity), String(c.volume_outage));
  const over = Number(gross) > Number(permitted) ? (Number(gross) - Number(permitted)).toFixed(2) : null;
  return { checked: true, load_temp_c: t.toFixed(1), gross_volume: gross, permitted_volume: permitted, percent: r.percent, governing: r.governing, rule: rule.label, over };
}
