/**
 * Gas properties from a GC analysis (pure; unit-tested in tests/unit/gc-properties.test.ts).
 *
 * Component data: GPA Standard 2145-16, "Table of Physical Properties for Hydrocarbons and Other
 * Compounds of Interest to the Natural Gas and Natural Gas Liquids Industries": molar mass (g/mol)
 * and ideal gross heating value (Btu/ft³ of ideal gas at 60 °F and 14.696 psia).
 * The ideal relative density of a component is M / M_air with M_air = 28.9625 g/mol (GPA 2145).
 * Heating values are converted to MJ/m³ of ideal gas at 15 °C and 101.325 kPa:
 *   1 Btu/ft³ = 1055.056 J / 0.028316847 m³ = 0.037258946 MJ/m³ at 60 °F, and an ideal-gas m³ at
 *   15 °C holds 288.7056 / 288.15 times the gas of one at 60 °F (15.5556 °C) at the same pressure.
 * Mixture (ideal): relative density = Σ xᵢ·Mᵢ / M_air; gross heating value = Σ xᵢ·HHVᵢ.
 * Lumped fractions (`C6+`, `C7+`) take the properties of n-hexane and n-heptane respectively.
 */

export const M_AIR = 28.9625;
export const BTU_FT3_TO_MJ_M3_15C = (1055.05585262 / 0.028316846592 / 1e6) * (288.705556 / 288.15);
export const SUM_TOLERANCE = 0.0001;

interface ComponentData { component: string; name: string; molar_mass: number; hhv_btu_ft3: number }

/** GPA 2145-16 values. */
const DATA: ComponentData[] = [
  { component: 'C1', name: 'Methane', molar_mass: 16.0425, hhv_btu_ft3: 1010.0 },
  { component: 'C2', name: 'Ethane', molar_mass: 30.069, hhv_btu_ft3: 1769.7 },
  { component: 'C3', name: 'Propane', molar_mass: 44.0956, hhv_btu_ft3: 2516.1 },
  { component: 'iC4', name: 'Isobutane', molar_mass: 58.1222, hhv_btu_ft3: 3251.9 },
  { component: 'nC4', name: 'n-Butane', molar_mass: 58.1222, hhv_btu_ft3: 3262.3 },
  { component: 'neoC5', name: 'Neopentane', molar_mass: 72.1488, hhv_btu_ft3: 3985.0 },
  { component: 'iC5', name: 'Isopentane', molar_mass: 72.1488, hhv_btu_ft3: 4000.9 },
  { component: 'nC5', name: 'n-Pentane', molar_mass: 72.1488, hhv_btu_ft3: 4008.9 },
  { component: 'C6', name: 'n-Hexane', molar_mass: 86.1754, hhv_btu_ft3: 4755.9 },
  { component: 'C6+', name: 'Hexanes plus (as n-hexane)', molar_mass: 86.1754, hhv_btu_ft3: 4755.9 },
  { component: 'C7', name: 'n-Heptane', molar_mass: 100.2019, hhv_btu_ft3: 5502.5 },
  { component: 'C7+', name: 'Heptanes plus (as n-heptane)', molar_mass: 100.2019, hhv_btu_ft3: 5502.5 },
  { component: 'C8', name: 'n-Octane', molar_mass: 114.2285, hhv_btu_ft3: 6248.9 },
  { component: 'C9', name: 'n-Nonane', molar_mass: 128.2551, hhv_btu_ft3: 6996.5 },
  { component: 'C10', name: 'n-Decane', molar_mass: 142.2817, hhv_btu_ft3: 7742.9 },
  { component: 'N2', name: 'Nitrogen', molar_mass: 28.0134, hhv_btu_ft3: 0 },
  { component: 'CO2', name: 'Carbon dioxide', molar_mass: 44.0095, hhv_btu_ft3: 0 },
  { component: 'H2S', name: 'Hydrogen sulphide', molar_mass: 34.0809, hhv_btu_ft3: 637.1 },
  { component: 'He', name: 'Helium', molar_mass: 4.002602, hhv_btu_ft3: 0 },
  { component: 'H2', name: 'Hydrogen', molar_mass: 2.01588, hhv_btu_ft3: 324.2 },
  { component: 'O2', name: 'Oxygen', molar_mass: 31.9988, hhv_btu_ft3: 0 },
  { component: 'Ar', name: 'Argon', molar_mass: 39.948, hhv_btu_ft3: 0 },
  { component: 'CO', name: 'Carbon monoxide', molar_mass: 28.0101, hhv_btu_ft3: 320.5 },
];

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The table `gcanalysis/static_densities/` answers: per component, the data the calculation uses. */
export const STATIC_DATA = DATA.map((d) => ({
  component: d.component,
  name: d.name,
  molar_mass: d.molar_mass,
  relative_density: round(d.molar_mass / M_AIR, 6),
  gross_heating_value: round(d.hhv_btu_ft3 * BTU_FT3_TO_MJ_M3_15C, 4),
}));

const byCode = new Map(DATA.map((d) => [d.component.toLowerCase(), d]));

export interface GcComponent { component: string; mole_fraction: number }
export type Parsed = { ok: true; components: GcComponent[] } | { ok: false; errors: string[] };

/** Checks `[{component, mole_fraction}]`: known components, no duplicates, 0 ≤ x ≤ 1, Σx = 1 ± 0.0001. */
export function parseComponents(raw: unknown): Parsed {
  if (!Array.isArray(raw)) return { ok: false, errors: ['Expected a list of {component, mole_fraction}.'] };
  const errors: string[] = [];
  const seen = new Set<string>();
  const out: GcComponent[] = [];
  raw.forEach((item, i) => {
    const where = `Row ${i + 1}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) { errors.push(`${where}: expected {component, mole_fraction}.`); return; }
    const { component, mole_fraction: x, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length) errors.push(`${where}: unknown keys ${Object.keys(rest).join(', ')}.`);
    const d = typeof component === 'string' ? byCode.get(component.trim().toLowerCase()) : undefined;
    if (!d) { errors.push(`${where}: unknown component "${String(component)}". Known: ${DATA.map((c) => c.component).join(', ')}.`); return; }
    if (seen.has(d.component)) errors.push(`${where}: ${d.component} is listed twice.`);
    seen.add(d.component);
    const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
    if (!Number.isFinite(n)) { errors.push(`${where}: the mole fraction of ${d.component} must be a number.`); return; }
    if (n < 0 || n > 1) { errors.push(`${where}: the mole fraction of ${d.component} must be between 0 and 1 (got ${n}).`); return; }
    out.push({ component: d.component, mole_fraction: n });
  });
  if (!errors.length && out.length) {
    const sum = out.reduce((s, c) => s + c.mole_fraction, 0);
    if (Math.abs(sum - 1) > SUM_TOLERANCE) errors.push(`The mole fractions must add up to 1 (±${SUM_TOLERANCE}); they add up to ${round(sum, 6)}.`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, components: out };
}

/** Ideal relative density and gross heating value (MJ/m³, 15 °C) of a checked mixture. */
export function mixtureProperties(components: GcComponent[]): { relative_density: number; gross_heating_value: number } {
  let m = 0;
  let hhv = 0;
  for (const c of components) {
    const d = byCode.get(c.component.toLowerCase())!;
    m += c.mole_fraction * d.molar_mass;
    hhv += c.mole_fraction * d.hhv_btu_ft3 * BTU_FT3_TO_MJ_M3_15C;
  }
  return { relative_density: m / M_AIR, gross_heating_value: hhv };
}
