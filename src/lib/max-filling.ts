/**
 * The maximum permitted filling of a tank car of a liquid (docs/loading.md, Maximum permitted
 * filling): each published rule that applies, the one that governs, and the steps, as a loader or
 * an inspector checks them. Percentages are of the shell's capacity; temperatures in °C.
 *
 * - RID/ADR 4.3.2.2.1: N / (1 + α(50 − tF)) %, N = 100 (flammable or environmentally hazardous
 *   only, vented tank), 98 (toxic or corrosive, vented), 97 (hermetic; flammable, or toxic or
 *   corrosive of packing group III), 95 (hermetic; toxic or corrosive of packing group I or II);
 *   4.3.2.2.2: α = (d15 − d50) / (35 × d50), tF the liquid's temperature at filling; 4.3.2.2.3:
 *   kept above 50 °C, at most 95 %.
 * - 49 CFR 173.24b(a)(1): an outage of at least 1 % (5 % for a material poisonous by inhalation)
 *   at the reference temperature: 46 °C non-insulated, 43 °C with a thermal protection system,
 *   41 °C insulated.
 * - The expected highest temperature, when above the reference: the same outage kept there.
 * - The company's safety margin: so many points below the strictest of these.
 *
 * The liquid's expansion between two temperatures is the one 4.3.2.2.2 defines: a filling f at
 * tF takes f × (1 + α(t − tF)) at t. A result is rounded down (a limit is never rounded up).
 */

export const HAZARDS = [['flammable', 'Flammable or environmentally hazardous'], ['toxic_or_corrosive', 'Toxic or corrosive'], ['none', 'Not a dangerous good']] as const;
export const INSULATIONS = [['none', 'Non-insulated'], ['thermal_protection', 'Thermal protection system'], ['insulated', 'Insulated']] as const;
export const CLOSURES = [['vented', 'Breather device or safety valve'], ['hermetic', 'Hermetically closed']] as const;
export type Hazard = (typeof HAZARDS)[number][0];
export type Insulation = (typeof INSULATIONS)[number][0];
export type Closure = (typeof CLOSURES)[number][0];

export interface FillingInput {
  /** Relative densities at 15 °C and 50 °C (d50 below d15 for a liquid that expands). */
  d15: number;
  d50: number;
  /** The liquid's temperature as loaded, tF. */
  target_temp: number;
  /** The range the load may see in carriage. */
  temperature_min: number;
  temperature_max: number;
  /** Points of the shell's capacity kept free beyond the rules (company practice), 0 to 20. */
  safety_margin: number;
  hazard: Hazard;
  packing_group?: 'I' | 'II' | 'III' | null;
  poison_inhalation: boolean;
  insulation: Insulation;
  closure: Closure;
}

export interface FillingRule {
  code: 'rid_4_3_2_2_1' | 'rid_4_3_2_2_3' | 'cfr_173_24b' | 'expected_max' | 'safety_margin';
  label: string;
  /** The most the rule allows, % of capacity (4 places). */
  percent: string;
  /** How it is worked out, in words and numbers. */
  explanation: string;
}

export interface FillingResult {
  alpha: string;
  rules: FillingRule[];
  governing: FillingRule['code'];
  /** The permitted filling, % of capacity, rounded down to 2 places. */
  percent: string;
  /** At the lowest expected temperature, filled to the permitted filling: % of capacity. */
  percent_at_min: string;
  steps: string[];
}

export const REFERENCE_TEMPERATURE: Record<Insulation, number> = { none: 46, thermal_protection: 43, insulated: 41 };
const INSULATION_WORDS: Record<Insulation, string> = { none: 'a non-insulated tank', thermal_protection: 'a tank car with a thermal protection system', insulated: 'an insulated tank' };

/** Rounds down to `places` (a limit), with a hair of tolerance for binary fractions (95.87 must not become 95.86). */
export const roundDown = (v: number, places: number) => (Math.floor(v * 10 ** places + 1e-9) / 10 ** places).toFixed(places);
const pct = (v: number) => v.toFixed(4);
/** A density as typed or as worked out, without binary noise: 0.8244915, not 0.8244914999999999. */
const n = (v: number) => String(Number(v.toFixed(7)));
const c = (t: number) => `${t.toLocaleString('en-US', { maximumFractionDigits: 2 })} °C`;

/** Why an input cannot be worked with, per field; empty when it can. */
export function fillingInputErrors(i: FillingInput): Record<string, string> {
  const e: Record<string, string> = {};
  if (!(i.d15 > 0)) e.relative_density = 'Give the relative density at 15 °C.';
  if (!(i.d50 > 0)) e.relative_density_50 = 'Give the relative density at 50 °C.';
  else if (i.d50 > i.d15) e.relative_density_50 = 'The density at 50 °C is above the density at 15 °C: a liquid that shrinks when warmed is not one these rules are for.';
  if (i.temperature_min > i.temperature_max) e.temperature_max = 'The highest expected temperature is below the lowest.';
  if (i.target_temp > i.temperature_max) e.target_temp = 'The loading temperature is above the highest expected temperature.';
  if (i.target_temp < i.temperature_min) e.target_temp = 'The loading temperature is below the lowest expected temperature.';
  if (!(i.safety_margin >= 0 && i.safety_margin <= 20)) e.safety_margin = 'The safety margin is 0 to 20 points of the capacity.';
  return e;
}

/** The RID/ADR 4.3.2.2.1 case: its numerator and its words. */
function ridCase(i: FillingInput): { n: number; words: string } {
  const severe = i.packing_group === 'I' || i.packing_group === 'II';
  if (i.closure === 'vented') {
    return i.hazard === 'toxic_or_corrosive'
      ? { n: 98, words: '(b) toxic or corrosive, tank with a breather device or safety valve' }
      : { n: 100, words: '(a) flammable or environmentally hazardous without other hazards, tank with a breather device or safety valve' };
  }
  return i.hazard === 'toxic_or_corrosive' && severe
    ? { n: 95, words: '(d) toxic or corrosive (packing group I or II), hermetically closed tank' }
    : { n: 97, words: '(c) flammable, environmentally hazardous, or slightly toxic or corrosive (packing group III), hermetically closed tank' };
}

/** The permitted filling and how it is found (inputs checked by fillingInputErrors first). */
export function maxPermittedFilling(i: FillingInput): FillingResult {
  const alpha = (i.d15 - i.d50) / (35 * i.d50);
  const tF = i.target_temp;
  const grow = (t: number) => 1 + alpha * (t - tF);
  const steps = [`α = (d15 − d50) / (35 × d50) = (${n(i.d15)} − ${n(i.d50)}) / (35 × ${n(i.d50)}) = ${alpha.toFixed(7)} per °C.`];
  const rules: FillingRule[] = [];

  if (tF > 50) {
    rules.push({ code: 'rid_4_3_2_2_3', label: 'RID/ADR 4.3.2.2.3, kept above 50 °C', percent: pct(95), explanation: `Loaded at ${c(tF)}: at most 95 % at any time in carriage.` });
  } else {
    const { n, words } = ridCase(i);
    const p = n / (1 + alpha * (50 - tF));
    rules.push({ code: 'rid_4_3_2_2_1', label: `RID/ADR 4.3.2.2.1 ${words.slice(0, 3)}`, percent: pct(p), explanation: `${words}: ${n} / (1 + α × (50 − ${tF})) = ${pct(p)} %.` });
  }

  const outage = i.poison_inhalation ? 5 : 1;
  const ref = REFERENCE_TEMPERATURE[i.insulation];
  // Loaded hotter than the reference, the liquid only shrinks: the outage holds at loading.
  const cfr = (100 - outage) / Math.max(1, grow(ref));
  rules.push({
    code: 'cfr_173_24b', label: `49 CFR 173.24b(a)(1), ${outage} % outage at ${c(ref)}`, percent: pct(cfr),
    explanation: `${i.poison_inhalation ? 'Poisonous by inhalation: 5 %' : '1 %'} outage at ${c(ref)} for ${INSULATION_WORDS[i.insulation]}: ${100 - outage} / (1 + α × (${ref} − ${tF})) = ${pct(cfr)} %.`,
  });

  if (i.temperature_max > Math.max(ref, tF)) {
    const hot = (100 - outage) / grow(i.temperature_max);
    rules.push({ code: 'expected_max', label: `${outage} % outage at the highest expected ${c(i.temperature_max)}`, percent: pct(hot), explanation: `Expected up to ${c(i.temperature_max)}, above the reference: ${100 - outage} / (1 + α × (${i.temperature_max} − ${tF})) = ${pct(hot)} %.` });
  }

  const strictest = rules.reduce((a, b) => (Number(b.percent) < Number(a.percent) ? b : a));
  let governing = strictest;
  if (i.safety_margin > 0) {
    const kept = Number(strictest.percent) - i.safety_margin;
    const margin: FillingRule = { code: 'safety_margin', label: `Safety margin of ${i.safety_margin} points`, percent: pct(kept), explanation: `${strictest.percent} − ${i.safety_margin} = ${pct(kept)} %.` };
    rules.push(margin);
    governing = margin;
  }
  steps.push(...rules.map((r) => `${r.label}: ${r.explanation}`));
  const percent = roundDown(Number(governing.percent), 2);
  steps.push(`Permitted: ${percent} % of the capacity (${governing.label}).`);
  const atMin = Number(percent) * (1 + alpha * (i.temperature_min - tF));
  steps.push(`Filled to it at ${c(tF)}, the car is ${roundDown(atMin, 2)} % full at the lowest expected ${c(i.temperature_min)}.`);
  return { alpha: alpha.toFixed(7), rules, governing: governing.code, percent, percent_at_min: roundDown(atMin, 2), steps };
}
