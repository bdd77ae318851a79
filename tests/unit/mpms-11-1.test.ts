import { describe, expect, it } from 'vitest';
import {
  commoditySubgroup, ctl15, ctl15Steps, ctl60, ctl60Steps, density60From15, densityAt, densityRange15C,
  type CommodityGroup,
} from '../../src/lib/mpms-11-1';

/**
 * Temperature correction by API MPMS Chapter 11.1-2004 (docs/loading.md, Temperature correction).
 *
 * Sources of the published examples:
 * - [API-C] the API's reference implementation of Chapter 11.1 (C, © 2003 American Petroleum
 *   Institute), its example suites `ApiCalculationTest_run11_1_6_1Tests` (§11.1.6.1 Examples 1-15)
 *   and `ApiCalculationTest_run11_1_7_1Tests` (§11.1.7.1 Examples 1-11), read in a public code index
 *   that does not name the repository;
 * - [m2b] github.com/m2b/API11_1VCF, API11_1VCF.Test/CTPLFromAPIDegFPsigTests.cs ("Section 11.1.6.1 -
 *   Example 1" to "Example 6", with their intermediate values).
 * The examples are stated with pressures; only their CTL (the temperature part) is tested here.
 * They use inputs more precise than the standard's rounding (301.93 °F, 87.32 °C), so they run with
 * `roundInputs: false`; the printed factors carry 12 decimals.
 */
const NO_ROUNDING = { roundInputs: false } as const;
/** §11.1.5.1: API gravity and relative density to kg/m³ at 60 °F (water 999.016 kg/m³). */
const fromApi = (api: number) => (141.5 / (api + 131.5)) * 999.016;
const fromRelativeDensity = (rd: number) => rd * 999.016;

describe('the 60 °F procedure, published examples found in two sources (§11.1.6.1)', () => {
  it('Example 1: crude oil, 17.785 °API, -27.7 °F [API-C, m2b]', () => {
    const s = ctl60Steps(fromApi(17.785), -27.7, 'crude', NO_ROUNDING);
    expect(s.temperatureF68).toBeCloseTo(-27.712499233089, 10); // [m2b]
    expect(s.densityStar).toBeCloseTo(946.921215770785, 9); // [m2b]
    expect(s.alpha60).toBeCloseTo(0.000380407044, 12); // [m2b]
    expect(s.ctlExact).toBeCloseTo(1.033011591958, 11); // [API-C, m2b]
    expect(s.ctl).toBe(1.03301); // [m2b], and CTPL = CTL at 0 psig [API-C]
  });

  it('Example 2: crude oil, -10 °API, 301.93 °F [API-C, m2b]', () => {
    const s = ctl60Steps(fromApi(-10), 301.93, 'crude', NO_ROUNDING);
    expect(s.temperatureF68).toBeCloseTo(301.993163042978, 10);
    expect(s.densityStar).toBeCloseTo(1163.46509372, 7);
    expect(s.alpha60).toBeCloseTo(0.000251982006, 12);
    expect(s.ctlExact).toBeCloseTo(0.938051116886, 11);
    expect(s.ctl).toBe(0.93805);
  });

  it('Example 3: a refined product of 19.4 °API (a fuel oil), 48.04 °F [API-C, m2b]', () => {
    const s = ctl60Steps(fromApi(19.4), 48.04, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('fuel-oils');
    expect([s.k0, s.k1, s.k2]).toEqual([103.8720, 0.2701, 0]);
    expect(s.temperatureF68).toBeCloseTo(48.043878159606, 10);
    expect(s.densityStar).toBeCloseTo(936.787006219757, 9);
    expect(s.alpha60).toBeCloseTo(0.000406689168, 12);
    expect(s.ctlExact).toBeCloseTo(1.004858068990, 11);
    expect(s.ctl).toBe(1.00486);
  });

  it('Example 4: a refined product of relative density 0.7943 (a jet fuel), 85.0 °F [API-C, m2b]', () => {
    const s = ctl60Steps(fromRelativeDensity(0.7943), 85.0, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('jet-fuels');
    expect(s.temperatureF68).toBeCloseTo(85.013358222928, 10);
    expect(s.densityStar).toBeCloseTo(793.521270459968, 9);
    expect(s.alpha60).toBeCloseTo(0.000524557068, 12);
    expect(s.ctlExact).toBeCloseTo(0.986832406683, 11);
    expect(s.ctl).toBe(0.98683);
  });

  it('Example 6: a refined product of 657.3 kg/m³ (a gasoline), 27.3 °F [API-C, m2b]', () => {
    const s = ctl60Steps(657.3, 27.3, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('gasolines');
    expect(s.temperatureF68).toBeCloseTo(27.298898616759, 10);
    expect(s.densityStar).toBeCloseTo(657.303689061482, 9);
    expect(s.alpha60).toBeCloseTo(0.000816362130, 12);
    expect(s.ctlExact).toBeCloseTo(1.026475833518, 11);
    expect(s.ctl).toBe(1.02648);
    // Its inputs are already at the standard's resolution: the default (rounding) path agrees.
    expect(ctl60(657.3, 27.3, 'refined')).toBe(1.02648);
  });
});

describe('published examples found in one source only (not cross-checked)', () => {
  it('§11.1.6.1 Example 8: a lubricating oil of 42.9 °API, 129.3 °F [API-C]', () => {
    const s = ctl60Steps(fromApi(42.9), 129.3, 'lubricating', NO_ROUNDING);
    expect(s.ctlExact).toBeCloseTo(0.969922293864, 11);
    expect(s.ctl).toBe(0.96992);
  });

  it('§11.1.6.1 Example 15: crude oil of 100 °API, 200 °F [API-C]', () => {
    expect(ctl60Steps(fromApi(100), 200, 'crude', NO_ROUNDING).ctlExact).toBeCloseTo(0.868288296907, 11);
  });

  it('§11.1.6.1 Example 5 as [API-C] states it: 772.32 kg/m³ (transition zone), -32.8 °F', () => {
    const s = ctl60Steps(772.32, -32.8, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('transition-zone');
    expect(s.ctlExact).toBeCloseTo(1.057147343671, 11);
  });

  it('§11.1.6.1 Example 5 as [m2b] states it: 48.0015 °API, 55.9 °F; the subgroup goes by ρ60, not ρ*', () => {
    // ρ60 787.5186 is below the jet-fuel boundary 787.5195 while ρ* 787.5215 is above it: the
    // transition-zone K-values apply.
    const s = ctl60Steps(fromApi(48.0015), 55.9, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('transition-zone');
    expect(s.densityStar).toBeCloseTo(787.521450184768, 9);
    expect(s.alpha60).toBeCloseTo(0.000532585048, 12);
    expect(s.ctlExact).toBeCloseTo(1.002182725702, 11);
  });

  it('§11.1.7.1 Example 1: crude oil of 772.3 kg/m³ at 15 °C, -32.8 °C [API-C]', () => {
    const s = ctl15Steps(772.3, -32.8, 'crude', NO_ROUNDING);
    expect(s.ctlExact).toBeCloseTo(1.048420095319, 11);
    expect(s.ctl).toBe(1.04842);
    expect(ctl15(772.3, -32.8, 'crude')).toBe(1.04842); // inputs already at resolution
  });

  it('§11.1.7.1 Example 3: a refined product of 865.6 kg/m³ at 15 °C, 87.32 °C [API-C]', () => {
    const s = ctl15Steps(865.6, 87.32, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('fuel-oils');
    expect(s.ctlExact).toBeCloseTo(0.940416747194, 11);
    expect(s.ctl).toBe(0.94042);
  });

  it('§11.1.7.1 Example 4: a refined product of 793.5 kg/m³ at 15 °C, 27.37 °C [API-C]', () => {
    const s = ctl15Steps(793.5, 27.37, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('jet-fuels');
    expect(s.ctlExact).toBeCloseTo(0.988274000560, 11);
    expect(s.ctl).toBe(0.98827);
  });

  it('§11.1.7.1 Example 6: a refined product of 657.3 kg/m³ at 15 °C, 27.35 °C [API-C]', () => {
    const s = ctl15Steps(657.3, 27.35, 'refined', NO_ROUNDING);
    expect(s.subgroup).toBe('gasolines');
    expect(s.ctlExact).toBeCloseTo(0.981752516460, 11);
    expect(ctl15(657.3, 27.35, 'refined')).toBe(0.98175);
  });
});

describe('the inputs rounded to the standard\'s resolutions (§11.1.5.4)', () => {
  it('rounds a density to 0.1 kg/m³ and a temperature to 0.1 °F or 0.05 °C before the calculation', () => {
    expect(ctl60Steps(657.34, 27.34, 'refined')).toMatchObject({ density60: 657.3, temperatureF: 27.3, ctl: 1.02648 });
    expect(ctl15Steps(793.54, 27.37, 'refined')).toMatchObject({ density15: 793.5, temperatureC: 27.35 });
  });

  it('so an input finer than that can give another last digit than the unrounded examples', () => {
    // §11.1.6.1 Example 3: 936.784 kg/m³ -> 936.8, 48.04 °F -> 48.0.
    expect(ctl60(fromApi(19.4), 48.04, 'refined')).toBe(1.00487);
    expect(ctl60(fromApi(19.4), 48.04, 'refined', NO_ROUNDING)).toBe(1.00486);
    // §11.1.7.1 Example 4: 27.37 °C -> 27.35 °C.
    expect(ctl15(793.5, 27.37, 'refined')).toBe(0.98829);
    expect(ctl15(793.5, 27.37, 'refined', NO_ROUNDING)).toBe(0.98827);
  });

  it('sends an exact half to the even neighbour, reading the input as the decimal typed', () => {
    expect(ctl15Steps(850.25, 27.375, 'crude').density15).toBe(850.2);
    expect(ctl15Steps(850.35, 27.375, 'crude').density15).toBe(850.4);
    expect(ctl15Steps(850, 27.375, 'crude').temperatureC).toBe(27.4);
    expect(ctl15Steps(850, 27.325, 'crude').temperatureC).toBe(27.3);
    expect(ctl60Steps(850, -12.35, 'crude').temperatureF).toBe(-12.4);
    // -48.25 °C in °F is -54.85000000000001 in binary: the tie -54.85, to the even -54.8.
    expect(ctl60Steps(850, 1.8 * -48.25 + 32, 'crude').temperatureF).toBe(-54.8);
  });
});

describe('worked examples of this module (regression values, recomputed by a separate script)', () => {
  it('a crude oil of 850.0 kg/m³ at 15 °C loaded at 30.0 °C', () => {
    const s = ctl15Steps(850.0, 30.0, 'crude');
    expect(s.density60).toBeCloseTo(849.5984771909, 9);
    expect(s.ctlExact).toBeCloseTo(0.9871998109184, 12);
    expect(s.ctl).toBe(0.9872);
    expect(densityAt(850.0, 50.0, 'crude')).toBeCloseTo(824.4915, 9);
  });

  it('a diesel of 835.0 kg/m³ at 15 °C (the jet-fuel K-values: 834.6 kg/m³ at 60 °F) at 25.0 °C', () => {
    const s = ctl15Steps(835.0, 25.0, 'refined');
    expect(s.subgroup).toBe('jet-fuels');
    expect(s.density60).toBeCloseTo(834.6041990717, 9);
    expect(s.ctl).toBe(0.99145);
  });

  it('a gasoline of 745.0 kg/m³ at 15 °C at 10.0 °C, and a fuel oil of 950.0 kg/m³ at 50.0 °C', () => {
    expect(ctl15(745.0, 10.0, 'refined')).toBe(1.00606);
    expect(ctl15Steps(950.0, 50.0, 'refined')).toMatchObject({ subgroup: 'fuel-oils', ctl: 0.97465 });
    expect(densityAt(950.0, 50.0, 'refined')).toBeCloseTo(925.9175, 9); // 950.0 × 0.97465
  });

  it('a lubricating oil of 880.0 kg/m³ at 15 °C at 40.0 °C, and of 880.0 kg/m³ at 60 °F at 120.0 °F', () => {
    expect(ctl15(880.0, 40.0, 'lubricating')).toBe(0.98207);
    expect(ctl60Steps(880.0, 120.0, 'lubricating')).toMatchObject({ alpha60: expect.closeTo(0.000396339829, 12), ctl: 0.97605 });
  });

  it('a jet fuel of 800.0 kg/m³ at 60 °F at 100.0 °F', () => {
    const s = ctl60Steps(800.0, 100.0, 'refined');
    expect(s).toMatchObject({ subgroup: 'jet-fuels', ctl: 0.97923 });
    expect(s.temperatureF68).toBeCloseTo(100.017344127862, 10);
  });
});

describe('properties', () => {
  const groups: CommodityGroup[] = ['crude', 'refined', 'lubricating'];
  const densities = [802, 850, 900, 1000, 1163.5];

  it('the factor is 1 at 60 °F for the 60 °F procedure, and exactly 1 at 15 °C for the 15 °C one', () => {
    for (const g of groups) {
      for (const d of densities) {
        expect(ctl60(d, 60, g)).toBe(1);
        expect(ctl15(d, 15, g)).toBe(1);
        expect(densityAt(d, 15, g)).toBe(d);
      }
    }
    for (const d of [611.2, 700, 775, 790]) {
      expect(ctl60(d, 60, 'refined')).toBe(1);
      expect(ctl15(d, 15, 'refined')).toBe(1);
    }
  });

  it('the factor falls as the temperature rises, and a denser liquid of a group expands less', () => {
    for (const g of groups) {
      let last60 = Infinity;
      let last15 = Infinity;
      for (let t = -58; t <= 302; t += 10) {
        const c = ctl60Steps(900, t, g).ctlExact;
        expect(c).toBeLessThan(last60);
        last60 = c;
      }
      for (let t = -50; t <= 150; t += 5) {
        const c = ctl15Steps(900, t, g).ctlExact;
        expect(c).toBeLessThan(last15);
        last15 = c;
      }
      expect(ctl60Steps(850, 150, g).ctlExact).toBeLessThan(ctl60Steps(1000, 150, g).ctlExact);
      expect(ctl60Steps(850, 0, g).ctlExact).toBeGreaterThan(ctl60Steps(1000, 0, g).ctlExact);
    }
  });

  it('the density at 60 °F found from 15 °C brings back the density at 15 °C, and the two procedures agree', () => {
    for (const g of groups) {
      for (const d15 of [850, 950, 1100]) {
        const s = ctl15Steps(d15, 30, g, NO_ROUNDING);
        expect(s.density60 * s.ctl60At15C).toBeCloseTo(d15, 6);
        expect(density60From15(d15, g)).toBe(s.density60);
        // 30 °C is 86 °F and 15 °C is 59 °F: the ratio of the two 60 °F factors.
        const at86 = ctl60Steps(s.density60, 86, g, NO_ROUNDING).ctlExact;
        const at59 = ctl60Steps(s.density60, 59, g, NO_ROUNDING).ctlExact;
        expect(s.ctlExact).toBeCloseTo(at86 / at59, 12);
      }
    }
  });

  it('the density at another temperature is the density at 15 °C times the rounded factor', () => {
    expect(densityAt(772.3, -32.8, 'crude')).toBeCloseTo(772.3 * 1.04842, 9);
    for (const g of groups) expect(densityAt(900, 50, g)).toBeCloseTo(900 * ctl15(900, 50, g), 9);
    expect(densityAt(900, 50, 'crude')).toBeLessThan(900);
    expect(densityAt(900, -10, 'crude')).toBeGreaterThan(900);
  });
});

describe('the commodity groups and the refined-product subgroups (§11.1.6.1)', () => {
  it('picks a refined product\'s subgroup by its density at 60 °F, each boundary belonging to the denser side', () => {
    expect(commoditySubgroup('refined', 1163.5)).toBe('fuel-oils');
    expect(commoditySubgroup('refined', 838.3127)).toBe('fuel-oils');
    expect(commoditySubgroup('refined', 838.3126)).toBe('jet-fuels');
    expect(commoditySubgroup('refined', 787.5195)).toBe('jet-fuels');
    expect(commoditySubgroup('refined', 787.5194)).toBe('transition-zone');
    expect(commoditySubgroup('refined', 770.352)).toBe('transition-zone');
    expect(commoditySubgroup('refined', 770.3519)).toBe('gasolines');
    expect(commoditySubgroup('refined', 610.6)).toBe('gasolines');
    expect(commoditySubgroup('crude', 800)).toBe('crude');
    expect(commoditySubgroup('lubricating', 800.9)).toBe('lubricating');
  });

  it('uses the K-values of the standard for each group', () => {
    const k = (d: number, g: CommodityGroup) => { const s = ctl60Steps(d, 100, g); return [s.k0, s.k1, s.k2]; };
    expect(k(900, 'crude')).toEqual([341.0957, 0, 0]);
    expect(k(900, 'refined')).toEqual([103.8720, 0.2701, 0]);
    expect(k(800, 'refined')).toEqual([330.3010, 0, 0]);
    expect(k(780, 'refined')).toEqual([1489.0670, 0, -0.0018684]);
    expect(k(700, 'refined')).toEqual([192.4571, 0.2438, 0]);
    expect(k(900, 'lubricating')).toEqual([0, 0.34878, 0]);
  });

  it('meets α60 of the next subgroup at each boundary (the boundaries are the right ones)', () => {
    for (const b of [838.3127, 787.5195, 770.352]) {
      const above = ctl60Steps(b, 150, 'refined', NO_ROUNDING);
      const below = ctl60Steps(b - 1e-9, 150, 'refined', NO_ROUNDING);
      expect(above.subgroup).not.toBe(below.subgroup);
      expect(Math.abs(above.alpha60 - below.alpha60)).toBeLessThan(1e-9);
      expect(Math.abs(above.ctlExact - below.ctlExact)).toBeLessThan(1e-7);
    }
  });
});

describe('the ranges of the standard (§11.1.2.3), in words a loader reads', () => {
  it('takes both ends of each range', () => {
    expect(() => ctl60(610.6, -58, 'crude')).not.toThrow();
    expect(() => ctl60(1163.5, 302, 'refined')).not.toThrow();
    expect(() => ctl60(800.9, 60, 'lubricating')).not.toThrow();
    expect(() => ctl15(611.2, -50, 'crude')).not.toThrow();
    expect(() => ctl15(1163.7, 150, 'crude')).not.toThrow();
    expect(() => ctl15(1163.8, 150, 'refined')).not.toThrow();
    expect(() => ctl15(801.3, 20, 'lubricating')).not.toThrow();
  });

  it('states the ranges at 15 °C as the 60 °F ranges carried to 15 °C', () => {
    expect(densityRange15C('crude').min).toBeCloseTo(611.1586, 4);
    expect(densityRange15C('crude').max).toBeCloseTo(1163.7932, 4);
    expect(densityRange15C('refined').min).toBeCloseTo(611.1590, 4);
    expect(densityRange15C('refined').max).toBeCloseTo(1163.8594, 4);
    expect(densityRange15C('lubricating').min).toBeCloseTo(801.2488, 4);
    expect(densityRange15C('lubricating').max).toBeCloseTo(1163.8488, 4);
  });

  it('says which density is out of which range', () => {
    expect(() => ctl60(1250, 60, 'crude')).toThrow(
      'A density of 1,250.0 kg/m³ at 60 °F is outside the range of crude oils (610.6 to 1,163.5 kg/m³ at 60 °F).');
    expect(() => ctl60(800.8, 60, 'lubricating')).toThrow(
      'A density of 800.8 kg/m³ at 60 °F is outside the range of lubricating oils (800.9 to 1,163.5 kg/m³ at 60 °F).');
    expect(() => ctl60(610.5, 60, 'refined')).toThrow(
      'A density of 610.5 kg/m³ at 60 °F is outside the range of refined products (610.6 to 1,163.5 kg/m³ at 60 °F).');
    expect(() => ctl15(1250, 20, 'crude')).toThrow(
      'A density of 1,250.0 kg/m³ at 15 °C is outside the range of crude oils (611.16 to 1,163.79 kg/m³ at 15 °C, which is 610.6 to 1,163.5 kg/m³ at 60 °F).');
    expect(() => ctl15(611.1, 20, 'crude')).toThrow(/611\.1 kg\/m³ at 15 °C is outside the range of crude oils \(611\.16 to/);
    expect(() => densityAt(1163.9, 50, 'refined')).toThrow(
      'A density of 1,163.9 kg/m³ at 15 °C is outside the range of refined products (611.16 to 1,163.85 kg/m³ at 15 °C, which is 610.6 to 1,163.5 kg/m³ at 60 °F).');
    expect(() => ctl15(800, 20, 'lubricating')).toThrow(
      'A density of 800.0 kg/m³ at 15 °C is outside the range of lubricating oils (801.25 to 1,163.84 kg/m³ at 15 °C, which is 800.9 to 1,163.5 kg/m³ at 60 °F).');
  });

  it('says which temperature is out of range, with the value as typed', () => {
    expect(() => ctl60(850, 302.1, 'crude')).toThrow(
      'A temperature of 302.1 °F is outside the range of the standard (-58.0 to 302.0 °F).');
    expect(() => ctl60(850, -58.06, 'crude')).toThrow(
      'A temperature of -58.06 °F is outside the range of the standard (-58.0 to 302.0 °F).');
    expect(() => ctl60(850, 302.04, 'crude')).not.toThrow(); // 302.0 °F once rounded
    expect(() => ctl15(850, 150.05, 'crude')).toThrow(
      'A temperature of 150.05 °C is outside the range of the standard (-50.0 to 150.0 °C).');
    expect(() => ctl15(850, -50.03, 'refined')).toThrow(
      'A temperature of -50.03 °C is outside the range of the standard (-50.0 to 150.0 °C).');
  });

  it('checks the values as given when asked not to round them', () => {
    expect(() => ctl60(850, 302.04, 'crude', NO_ROUNDING)).toThrow(/302\.04 °F is outside/);
    expect(() => ctl60(1163.54, 60, 'crude')).not.toThrow();
    expect(() => ctl60(1163.54, 60, 'crude', NO_ROUNDING)).toThrow(/1,163\.54 kg\/m³ at 60 °F is outside/);
  });

  it('refuses what is not a number or not a group', () => {
    expect(() => ctl60(Number.NaN, 60, 'crude')).toThrow('The density at 60 °F (kg/m³) must be a number.');
    expect(() => ctl15(850, Number.POSITIVE_INFINITY, 'crude')).toThrow('The temperature (°C) must be a number.');
    expect(() => ctl60(850, 60, 'diesel' as CommodityGroup)).toThrow('Unknown commodity group "diesel": use crude, refined or lubricating.');
  });
});
