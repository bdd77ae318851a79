/**
 * A loaded car's temperature correction factors computed from its load temperature and density
 * (docs/loading.md, The loaded car's correction): by API MPMS 11.1 (src/lib/mpms-11-1.ts) for the
 * product's commodity group, the factor to 60 °F (which the net volume uses) and the factor to
 * 15 °C, both to the standard's 5 decimal places. The car keeps its load temperature in °F and its
 * density as a relative density in kg/L, taken as kg/m³ ÷ 1,000.
 */
import { type CommodityGroup, ctl15Steps, roundFactor } from './mpms-11-1';

export const CORRECTIONS = [['typed', 'Typed'], ['computed', 'Computed (API MPMS 11.1)']] as const;
export type Correction = (typeof CORRECTIONS)[number][0];

export interface CarFactors { temperature_correction_factor: string; temperature_correction_factor_at_15c: string }

/**
 * Both factors of a car loaded at `loadTemperatureF` (°F) with a relative density of `density`
 * (kg/L at 15 °C); throws the standard's range message when either is outside it.
 */
export function carFactors(loadTemperatureF: string | number, density: string | number, group: CommodityGroup): CarFactors {
  const tC = (Number(loadTemperatureF) - 32) / 1.8;
  const s = ctl15Steps(Number(density) * 1000, tC, group);
  return { temperature_correction_factor: roundFactor(s.ctl60AtTemperature).toFixed(5), temperature_correction_factor_at_15c: s.ctl.toFixed(5) };
}
