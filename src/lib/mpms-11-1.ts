/**
 * Temperature correction of petroleum liquids by API MPMS Chapter 11.1 (2004 edition; also published
 * as ASTM D1250-04 and IP 200/04), "Temperature and Pressure Volume Correction Factors for Generalized
 * Crude Oils, Refined Products, and Lubricating Oils" (docs/loading.md, Temperature correction).
 *
 * A loaded car's CTL (correction for the temperature of the liquid) is computed here from its load
 * temperature and its density instead of being typed:
 *
 * - `ctl60`: density at 60 °F and a temperature in °F, the 60 °F procedure (§11.1.6.1);
 * - `ctl15`: density at 15 °C and a temperature in °C, the metric procedure (§11.1.7.1), which first
 *   finds the density at 60 °F by the standard's iteration (§11.1.6.2) and then divides the 60 °F
 *   factor of the temperature by the 60 °F factor of 15 °C;
 * - `densityAt`: the density at another temperature from the density at 15 °C (for example the
 *   density at 50 °C that a coefficient of cubic expansion needs).
 *
 * Only the temperature correction is done: the pressure is taken as atmospheric (0 psig), so the
 * pressure factor CPL is 1 and the CTPL equals the CTL. The standard's pressure part (the scaled
 * compressibility factor Fp and CPL) is not implemented.
 *
 * Numbers are IEEE doubles, as the standard's procedure assumes; nothing is rounded in between.
 * The inputs are rounded to the standard's resolutions first (density 0.1 kg/m³, temperature
 * 0.1 °F or 0.05 °C) unless `{ roundInputs: false }` is passed, and every CTL returned is rounded
 * to 5 decimal places. The worked examples printed with the standard use unrounded inputs (for
 * example 301.93 °F); `roundInputs: false` reproduces them digit for digit.
 *
 * Section numbers follow the 2004 edition's implementation procedure: §11.1.5.3 the temperature
 * shift, §11.1.5.4 the rounding of values, §11.1.6.1 the 60 °F procedure, §11.1.6.2 the iteration
 * from an observed density, §11.1.7.1 the procedure for a base temperature of 15 °C, §11.1.2.3 the
 * limits.
 */

/** The commodity groups of §11.1.2.4: Tables 5A/6A/53A/54A, 5B/6B/53B/54B and 5D/6D/53D/54D. */
export type CommodityGroup = 'crude' | 'refined' | 'lubricating';

/** The groups as a product names them (its `commodity_group` choice). */
export const COMMODITY_GROUPS = [['crude', 'Crude oil'], ['refined', 'Refined product'], ['lubricating', 'Lubricating oil']] as const satisfies readonly (readonly [CommodityGroup, string])[];

/** The groups whose K-values differ: refined products are split by their density at 60 °F. */
export type CommoditySubgroup = 'crude' | 'fuel-oils' | 'jet-fuels' | 'transition-zone' | 'gasolines' | 'lubricating';

export interface MpmsOptions {
  /**
   * Round the density and the temperature to the standard's resolutions before the calculation
   * (§11.1.5.4): 0.1 kg/m³, 0.1 °F, 0.05 °C. Default true. Pass false to use the values as given,
   * as the standard's worked examples do.
   */
  roundInputs?: boolean;
}

/** Every intermediate value of the 60 °F procedure (§11.1.6.1), for a ticket's audit trail and the tests. */
export interface Ctl60Steps {
  group: CommodityGroup;
  subgroup: CommoditySubgroup;
  k0: number;
  k1: number;
  k2: number;
  /** The density at 60 °F used, kg/m³ (after rounding, unless roundInputs is false). */
  density60: number;
  /** The temperature used, °F (ITS-90). */
  temperatureF: number;
  /** t*: the temperature on the IPTS-68 basis, °F (§11.1.5.3). */
  temperatureF68: number;
  /** ρ*: the density at 60 °F on the IPTS-68 basis, kg/m³. */
  densityStar: number;
  /** α60: the coefficient of thermal expansion at 60 °F, per °F. */
  alpha60: number;
  /** Δt = t* − 60.0068749, °F. */
  deltaT: number;
  /** The CTL to 60 °F before rounding. */
  ctlExact: number;
  /** The CTL to 60 °F rounded to 5 decimal places. */
  ctl: number;
}

/** Every intermediate value of the 15 °C procedure (§11.1.7.1). */
export interface Ctl15Steps {
  group: CommodityGroup;
  /** The subgroup of the density at 60 °F found. */
  subgroup: CommoditySubgroup;
  /** The density at 15 °C used, kg/m³. */
  density15: number;
  /** The temperature used, °C (ITS-90). */
  temperatureC: number;
  /** The density at 60 °F found by the iteration of §11.1.6.2, kg/m³ (not rounded). */
  density60: number;
  /** How many times the 60 °F procedure ran in that iteration. */
  iterations: number;
  /** CTL from the temperature to 60 °F, not rounded. */
  ctl60AtTemperature: number;
  /** CTL from 15 °C to 60 °F, not rounded. */
  ctl60At15C: number;
  /** CTL from the temperature to 15 °C (ctl60AtTemperature / ctl60At15C), not rounded. */
  ctlExact: number;
  /** CTL from the temperature to 15 °C, rounded to 5 decimal places. */
  ctl: number;
}

// ---------------------------------------------------------------------------------------------
// Constants of the standard
// ---------------------------------------------------------------------------------------------

/**
 * δ60, the constant of the density shift and of the CTL equation (§11.1.6.1, Steps 3 and 5), and
 * 60.0068749 °F, which is 60 °F (ITS-90) on the IPTS-68 basis.
 */
const DELTA_60 = 0.01374979547;
const BASE_60F_IPTS68 = 60.0068749;

/** a1..a8 of the ITS-90 → IPTS-68 shift, a power series of τ = t/630 with t in °C (§11.1.5.3). */
const IPTS68_COEFFICIENTS = [-0.148759, -0.267408, 1.080760, 1.269056, -4.089591, -1.871251, 7.438081, -3.536296] as const;

/**
 * K0, K1, K2 of α60 = K0/ρ*² + K1/ρ* + K2 (§11.1.6.1), and Dα, the factor of the iteration's
 * temperature derivative (§11.1.6.2, Step 5).
 */
const COEFFICIENTS: Readonly<Record<CommoditySubgroup, { k0: number; k1: number; k2: number; dAlpha: number }>> = {
  crude: { k0: 341.0957, k1: 0, k2: 0, dAlpha: 2.0 },
  'fuel-oils': { k0: 103.8720, k1: 0.2701, k2: 0, dAlpha: 1.3 },
  'jet-fuels': { k0: 330.3010, k1: 0, k2: 0, dAlpha: 2.0 },
  'transition-zone': { k0: 1489.0670, k1: 0, k2: -0.0018684, dAlpha: 8.5 },
  gasolines: { k0: 192.4571, k1: 0.2438, k2: 0, dAlpha: 1.5 },
  lubricating: { k0: 0, k1: 0.34878, k2: 0, dAlpha: 1.0 },
};

/**
 * The density boundaries of the refined products at 60 °F, kg/m³ (§11.1.6.1): fuel oils from
 * 838.3127 up, jet fuels from 787.5195 to below 838.3127, the transition zone from 770.3520 to
 * below 787.5195, gasolines below 770.3520. α60 of the two subgroups meets at each boundary.
 */
export const REFINED_BOUNDARIES_KG_M3 = { fuelOils: 838.3127, jetFuels: 787.5195, transitionZone: 770.3520 } as const;

/** The density ranges at 60 °F, kg/m³, both ends included (§11.1.2.3). */
export const DENSITY_RANGES_60F: Readonly<Record<CommodityGroup, { min: number; max: number }>> = {
  crude: { min: 610.6, max: 1163.5 },
  refined: { min: 610.6, max: 1163.5 },
  lubricating: { min: 800.9, max: 1163.5 },
};

/** The temperature range (§11.1.2.3): −58.0 to 302.0 °F, which is −50.0 to 150.0 °C. */
export const TEMPERATURE_RANGE_F = { min: -58, max: 302 } as const;
export const TEMPERATURE_RANGE_C = { min: -50, max: 150 } as const;

/** The iteration of §11.1.6.2: stop when |ρ15 − ρ60·CTL| is below 0.000001 kg/m³, give up after 15 passes. */
const CONVERGENCE_KG_M3 = 0.000001;
const MAX_PASSES = 15;

const GROUP_WORDS: Readonly<Record<CommodityGroup, string>> = { crude: 'crude oils', refined: 'refined products', lubricating: 'lubricating oils' };

// ---------------------------------------------------------------------------------------------
// Rounding (§11.1.5.4)
// ---------------------------------------------------------------------------------------------

/** Rounds n (already scaled to whole units of the increment) to a whole number, an exact half to the even one. */
function roundHalfEven(n: number): number {
  const floor = Math.floor(n);
  const rest = n - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * An input to `perUnit`ths of its unit (10 → 0.1, 20 → 0.05). Inputs stand for decimals, so the
 * binary noise of x·perUnit is dropped first: −48.25 °C written in °F by 1.8·t + 32 is
 * −54.85000000000001, which stands for the tie −54.85 and goes to −54.8.
 */
function roundInput(x: number, perUnit: number): number {
  return roundHalfEven(Number((x * perUnit).toPrecision(12))) / perUnit;
}

/** A CTL to 5 decimal places (§11.1.5.4: CTL, CPL and CTPL are given to 0.00001). */
export function roundFactor(ctl: number): number {
  return roundHalfEven(ctl * 100000) / 100000;
}

// ---------------------------------------------------------------------------------------------
// The steps shared by both procedures
// ---------------------------------------------------------------------------------------------

/**
 * §11.1.5.3: the K-values and the correlation were fitted on the IPTS-68 temperature scale, while
 * thermometers read ITS-90. t68 = t90 − Δt with Δt = (a1 + (a2 + (… + a8·τ)·τ)·τ)·τ and τ = t90/630,
 * all in °C; the result is returned in °F, the unit of the correlation.
 */
function ipts68F(temperatureC: number): number {
  const tau = temperatureC / 630;
  let shift = 0;
  for (let i = IPTS68_COEFFICIENTS.length - 1; i >= 0; i--) shift = (shift + IPTS68_COEFFICIENTS[i]) * tau;
  return 1.8 * (temperatureC - shift) + 32;
}

/** The subgroup whose K-values apply: refined products by their density at 60 °F (§11.1.6.1, Step 3). */
export function commoditySubgroup(group: CommodityGroup, density60: number): CommoditySubgroup {
  if (group !== 'refined') return group;
  if (density60 >= REFINED_BOUNDARIES_KG_M3.fuelOils) return 'fuel-oils';
  if (density60 >= REFINED_BOUNDARIES_KG_M3.jetFuels) return 'jet-fuels';
  if (density60 >= REFINED_BOUNDARIES_KG_M3.transitionZone) return 'transition-zone';
  return 'gasolines';
}

/**
 * §11.1.6.1, Steps 3 to 5, from a density at 60 °F and a temperature already on the IPTS-68 basis.
 * Nothing is rounded: the callers round the result.
 */
function ctlFrom60(density60: number, temperatureF68: number, subgroup: CommoditySubgroup) {
  const { k0, k1, k2 } = COEFFICIENTS[subgroup];
  // Step 3: the density at 60 °F is stated on ITS-90; the correlation needs it on the IPTS-68
  // basis: ρ* = ρ60·{1 + [exp(A(1 + 0.8A)) − 1] / [1 + A(1 + 1.6A)·B]} with
  // A = δ60/2·[(K0/ρ60 + K1)/ρ60 + K2] and B = (2K0 + K1·ρ60)/[K0 + (K1 + K2·ρ60)·ρ60].
  const a = (DELTA_60 / 2) * ((k0 / density60 + k1) / density60 + k2);
  const b = (2 * k0 + k1 * density60) / (k0 + (k1 + k2 * density60) * density60);
  const densityStar = density60 * (1 + (Math.exp(a * (1 + 0.8 * a)) - 1) / (1 + a * (1 + 1.6 * a) * b));
  // Step 4: the coefficient of thermal expansion at 60 °F, α60 = K0/ρ*² + K1/ρ* + K2.
  const alpha60 = (k0 / densityStar + k1) / densityStar + k2;
  // Step 5: Δt from 60 °F on the IPTS-68 basis, and CTL = exp{−α60·Δt·[1 + 0.8·α60·(Δt + δ60)]}.
  const deltaT = temperatureF68 - BASE_60F_IPTS68;
  const ctl = Math.exp(-alpha60 * deltaT * (1 + 0.8 * alpha60 * (deltaT + DELTA_60)));
  return { k0, k1, k2, densityStar, alpha60, deltaT, ctl };
}

// ---------------------------------------------------------------------------------------------
// Checks, in words a loader reads
// ---------------------------------------------------------------------------------------------

/** 1250 → "1,250.0"; keeps up to 4 decimals of a value that has them, at least `min`. */
function formatNumber(x: number, min = 1): string {
  let text = x.toFixed(4).replace(/0+$/, '');
  const [whole, fraction = ''] = text.split('.');
  text = fraction.padEnd(min, '0');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${text ? `.${text}` : ''}`;
}

function assertGroup(group: unknown): asserts group is CommodityGroup {
  if (group !== 'crude' && group !== 'refined' && group !== 'lubricating') {
    throw new Error(`Unknown commodity group "${String(group)}": use crude, refined or lubricating.`);
  }
}

function assertNumber(x: number, what: string): void {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`The ${what} must be a number.`);
}

/** The checks test the value used (rounded, unless roundInputs is false); the message names the value as given. */
function checkTemperature(t: number, given: number, unit: '°F' | '°C'): void {
  const range = unit === '°F' ? TEMPERATURE_RANGE_F : TEMPERATURE_RANGE_C;
  if (t < range.min || t > range.max) {
    throw new Error(`A temperature of ${formatNumber(given)} ${unit} is outside the range of the standard (${formatNumber(range.min)} to ${formatNumber(range.max)} ${unit}).`);
  }
}

function checkDensity60(density60: number, given: number, group: CommodityGroup): void {
  const { min, max } = DENSITY_RANGES_60F[group];
  if (density60 < min || density60 > max) {
    throw new Error(`A density of ${formatNumber(given)} kg/m³ at 60 °F is outside the range of ${GROUP_WORDS[group]} (${formatNumber(min)} to ${formatNumber(max)} kg/m³ at 60 °F).`);
  }
}

const BASE_15C_F68 = ipts68F(15);

/**
 * The limits at 60 °F restated at 15 °C: the density at 15 °C of a liquid at either end of the
 * 60 °F range (§11.1.6.1 from 60 °F to 15 °C, not rounded): crude oils 611.1586 to 1,163.7932 kg/m³,
 * refined products 611.1590 to 1,163.8594 (gasolines at the low end, fuel oils at the high end),
 * lubricating oils 801.2488 to 1,163.8488.
 */
export function densityRange15C(group: CommodityGroup): { min: number; max: number } {
  assertGroup(group);
  const { min, max } = DENSITY_RANGES_60F[group];
  const at15 = (density60: number) => density60 * ctlFrom60(density60, BASE_15C_F68, commoditySubgroup(group, density60)).ctl;
  return { min: at15(min), max: at15(max) };
}

function checkDensity15(density15: number, given: number, group: CommodityGroup): void {
  const range = densityRange15C(group);
  if (density15 < range.min || density15 > range.max) {
    const { min, max } = DENSITY_RANGES_60F[group];
    // Shown inward to 0.01 kg/m³, so that every density inside the range shown is accepted.
    const lo = formatNumber(Math.ceil(range.min * 100) / 100, 2);
    const hi = formatNumber(Math.floor(range.max * 100) / 100, 2);
    throw new Error(`A density of ${formatNumber(given)} kg/m³ at 15 °C is outside the range of ${GROUP_WORDS[group]} (${lo} to ${hi} kg/m³ at 15 °C, which is ${formatNumber(min)} to ${formatNumber(max)} kg/m³ at 60 °F).`);
  }
}

// ---------------------------------------------------------------------------------------------
// The 60 °F procedure (§11.1.6.1)
// ---------------------------------------------------------------------------------------------

/** `ctl60` with every intermediate value. */
export function ctl60Steps(density60KgM3: number, temperatureF: number, group: CommodityGroup, options: MpmsOptions = {}): Ctl60Steps {
  // Step 1 (§11.1.2.3): outside its ranges the correlation is not defined; stop.
  const { density: density60, t: tF } = prepare(density60KgM3, temperatureF, group, options, BASE_60F);
  // Step 3 picks the K-values; a refined product's by its density at 60 °F as given, not by ρ*.
  const subgroup = commoditySubgroup(group, density60);
  // Step 2 (§11.1.5.3): the temperature on the IPTS-68 basis.
  const temperatureF68 = ipts68F((tF - 32) / 1.8);
  const r = ctlFrom60(density60, temperatureF68, subgroup);
  return {
    group, subgroup, k0: r.k0, k1: r.k1, k2: r.k2, density60, temperatureF: tF, temperatureF68,
    densityStar: r.densityStar, alpha60: r.alpha60, deltaT: r.deltaT,
    // Step 8 with CPL = 1 (0 psig): CTPL = CTL, given to 5 decimal places (§11.1.5.4).
    ctlExact: r.ctl, ctl: roundFactor(r.ctl),
  };
}

/**
 * The CTL to 60 °F of a liquid of the given density at 60 °F (kg/m³) at the given temperature (°F),
 * at atmospheric pressure, rounded to 5 decimal places (Tables 6A, 6B, 6D in density terms).
 * Volume at 60 °F = observed volume × CTL. Throws when the density or the temperature is outside the
 * standard's range.
 */
export function ctl60(density60KgM3: number, temperatureF: number, group: CommodityGroup, options?: MpmsOptions): number {
  return ctl60Steps(density60KgM3, temperatureF, group, options).ctl;
}

// ---------------------------------------------------------------------------------------------
// From 15 °C to 60 °F (§11.1.6.2, as §11.1.7.1 uses it)
// ---------------------------------------------------------------------------------------------

/**
 * The density at 60 °F of a liquid whose density at 15 °C is given, by the iteration of §11.1.6.2
 * with 15 °C as the observed temperature and 0 psig. Newton's method on ρ60·CTL(15 °C; ρ60) = ρ15:
 * start at ρ60 = ρ15 (held inside the 60 °F range), run §11.1.6.1 at 15 °C, stop once
 * |ρ15 − ρ60·CTL| < 0.000001 kg/m³, else step by E/(1 + Dt) with E = ρ15/CTL − ρ60 and
 * Dt = Dα·α60·(t − 60)·[1 + 1.6·α60·(t − 60)], t = 59 °F unshifted (the pressure term Dp is 0 at
 * 0 psig). A refined product's subgroup is picked again from each new ρ60.
 */
function density60From15Exact(density15: number, group: CommodityGroup) {
  const { min, max } = DENSITY_RANGES_60F[group];
  const clamp = (x: number) => Math.min(max, Math.max(min, x));
  const tObservedMinus60 = 59 - 60;
  let density60 = clamp(density15);
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const subgroup = commoditySubgroup(group, density60);
    const r = ctlFrom60(density60, BASE_15C_F68, subgroup);
    if (Math.abs(density15 - density60 * r.ctl) < CONVERGENCE_KG_M3) return { density60, subgroup, ctl60At15C: r.ctl, iterations: pass };
    const e = density15 / r.ctl - density60;
    const dt = COEFFICIENTS[subgroup].dAlpha * r.alpha60 * tObservedMinus60 * (1 + 1.6 * r.alpha60 * tObservedMinus60);
    density60 = clamp(density60 + e / (1 + dt));
  }
  // The note to Step 4 of §11.1.6.2: a refined product within 1 kg/m³ of a boundary of the transition
  // zone may step back and forth between two subgroups; its last value is accepted.
  const { transitionZone, jetFuels } = REFINED_BOUNDARIES_KG_M3;
  if (group === 'refined' && (Math.abs(density60 - transitionZone) < 1 || Math.abs(density60 - jetFuels) < 1)) {
    const subgroup = commoditySubgroup(group, density60);
    return { density60, subgroup, ctl60At15C: ctlFrom60(density60, BASE_15C_F68, subgroup).ctl, iterations: MAX_PASSES };
  }
  throw new Error(`The density at 60 °F of ${formatNumber(density15)} kg/m³ at 15 °C (${GROUP_WORDS[group]}) could not be found: the standard's iteration did not converge.`);
}

/** The base a density is given at: its words, the unit of the temperature and its resolution (§11.1.5.4), and the density's range check. */
interface Base { density: string; unit: '°F' | '°C'; perUnit: number; check: (density: number, given: number, group: CommodityGroup) => void }
const BASE_60F: Base = { density: 'density at 60 °F (kg/m³)', unit: '°F', perUnit: 10, check: checkDensity60 };
const BASE_15C: Base = { density: 'density at 15 °C (kg/m³)', unit: '°C', perUnit: 20, check: checkDensity15 };

/**
 * The inputs as the standard takes them (§11.1.5.4): the density to 0.1 kg/m³ and the temperature
 * to 0.1 °F or 0.05 °C (unless `roundInputs: false`), both checked against the ranges (§11.1.2.3).
 */
function prepare(densityKgM3: number, temperature: number, group: CommodityGroup, options: MpmsOptions, base: Base) {
  assertGroup(group);
  assertNumber(densityKgM3, base.density);
  assertNumber(temperature, `temperature (${base.unit})`);
  const round = options.roundInputs !== false;
  const density = round ? roundInput(densityKgM3, 10) : densityKgM3;
  const t = round ? roundInput(temperature, base.perUnit) : temperature;
  base.check(density, densityKgM3, group);
  checkTemperature(t, temperature, base.unit);
  return { density, t };
}

const prepare15 = (density15KgM3: number, temperatureC: number, group: CommodityGroup, options: MpmsOptions) => {
  const { density, t } = prepare(density15KgM3, temperatureC, group, options, BASE_15C);
  return { density15: density, tC: t };
};

/** The density at 60 °F (kg/m³, not rounded) of a liquid of the given density at 15 °C. */
export function density60From15(density15KgM3: number, group: CommodityGroup, options: MpmsOptions = {}): number {
  const { density15 } = prepare15(density15KgM3, 15, group, options);
  return density60From15Exact(density15, group).density60;
}

// ---------------------------------------------------------------------------------------------
// The 15 °C procedure (§11.1.7.1)
// ---------------------------------------------------------------------------------------------

/** `ctl15` with every intermediate value. */
export function ctl15Steps(density15KgM3: number, temperatureC: number, group: CommodityGroup, options: MpmsOptions = {}): Ctl15Steps {
  const { density15, tC } = prepare15(density15KgM3, temperatureC, group, options);
  // The correlation is stated at 60 °F: find the density at 60 °F first.
  const base = density60From15Exact(density15, group);
  // Both factors from that one density at 60 °F and the same subgroup; the temperature shifted to
  // IPTS-68 like 15 °C itself (§11.1.5.3).
  const ctl60AtTemperature = ctlFrom60(base.density60, ipts68F(tC), base.subgroup).ctl;
  // CTL from t to 15 °C = CTL(t → 60 °F) / CTL(15 °C → 60 °F); rounded only at the end.
  const ctlExact = ctl60AtTemperature / base.ctl60At15C;
  return {
    group, subgroup: base.subgroup, density15, temperatureC: tC, density60: base.density60, iterations: base.iterations,
    ctl60AtTemperature, ctl60At15C: base.ctl60At15C, ctlExact, ctl: roundFactor(ctlExact),
  };
}

/**
 * The CTL to 15 °C of a liquid of the given density at 15 °C (kg/m³) at the given temperature (°C),
 * at atmospheric pressure, rounded to 5 decimal places (Tables 54A, 54B, 54D of the 2004 edition).
 * Volume at 15 °C = observed volume × CTL. Throws when the density or the temperature is outside
 * the standard's range.
 */
export function ctl15(density15KgM3: number, temperatureC: number, group: CommodityGroup, options?: MpmsOptions): number {
  return ctl15Steps(density15KgM3, temperatureC, group, options).ctl;
}

/**
 * The density (kg/m³) at the given temperature (°C) of a liquid of the given density at 15 °C: the
 * density at 15 °C times the rounded CTL of `ctl15`, the way the examples of §11.1.7.1 state the
 * density at the alternate conditions (base density × the factor to 5 decimals; at 0 psig for
 * 772.3 kg/m³ of crude oil at −32.8 °C: 772.3 × 1.04842 = 809.694766). Not rounded further. For
 * example the density at 50 °C that a coefficient of cubic expansion (d15 − d50) / (35 × d50) needs.
 */
export function densityAt(density15KgM3: number, temperatureC: number, group: CommodityGroup, options?: MpmsOptions): number {
  const steps = ctl15Steps(density15KgM3, temperatureC, group, options);
  return steps.density15 * steps.ctl;
}
