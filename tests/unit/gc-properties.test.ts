/** GC analysis properties against a mixture worked by hand from the GPA 2145-16 table. */
import { describe, expect, it } from 'vitest';
import { BTU_FT3_TO_MJ_M3_15C, STATIC_DATA, mixtureProperties, parseComponents } from '../../server/actions/terminal/gc-properties';

describe('gas properties', () => {
  it('converts Btu/ft³ at 60 °F to MJ/m³ at 15 °C', () => {
    // 1055.05585 J / 0.0283168 m³ = 37 258.95 J/m³; × 288.7056 / 288.15 = 0.0373308 MJ/m³.
    expect(BTU_FT3_TO_MJ_M3_15C).toBeCloseTo(0.0373308, 7);
    // Methane: 1010.0 Btu/ft³ -> 37.704 MJ/m³ (ISO 6976 gives 37.706 at 15/15 °C).
    expect(STATIC_DATA.find((c) => c.component === 'C1')!.gross_heating_value).toBeCloseTo(37.704, 3);
  });

  it('a sales-gas mixture: relative density and gross heating value', () => {
    // M = 0.90×16.0425 + 0.05×30.069 + 0.02×44.0956 + 0.02×28.0134 + 0.01×44.0095 = 17.823975 g/mol
    // RD = 17.823975 / 28.9625 = 0.615416
    // HHV = (0.90×1010.0 + 0.05×1769.7 + 0.02×2516.1) Btu/ft³ = 1047.807 Btu/ft³ × 0.0373308 = 39.1155 MJ/m³
    const parsed = parseComponents([
      { component: 'C1', mole_fraction: 0.9 }, { component: 'c2', mole_fraction: '0.05' }, { component: 'C3', mole_fraction: 0.02 },
      { component: 'N2', mole_fraction: 0.02 }, { component: 'CO2', mole_fraction: 0.01 },
    ]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.components[1]).toEqual({ component: 'C2', mole_fraction: 0.05 });
    const p = mixtureProperties(parsed.components);
    expect(p.relative_density).toBeCloseTo(0.615416, 6);
    expect(p.gross_heating_value).toBeCloseTo(39.1155, 4);
  });

  it('refuses unknown components, duplicates, out-of-range fractions and a sum other than 1', () => {
    expect(parseComponents([{ component: 'C99', mole_fraction: 1 }])).toMatchObject({ ok: false, errors: [expect.stringMatching(/unknown component "C99"/)] });
    expect(parseComponents([{ component: 'C1', mole_fraction: 0.5 }, { component: 'c1', mole_fraction: 0.5 }])).toEqual({ ok: false, errors: ['Row 2: C1 is listed twice.'] });
    expect(parseComponents([{ component: 'C1', mole_fraction: 1.2 }])).toEqual({ ok: false, errors: ['Row 1: the mole fraction of C1 must be between 0 and 1 (got 1.2).'] });
    expect(parseComponents([{ component: 'C1', mole_fraction: 0.9 }, { component: 'N2', mole_fraction: 0.0998 }]))
      .toEqual({ ok: false, errors: ['The mole fractions must add up to 1 (±0.0001); they add up to 0.9998.'] });
    expect(parseComponents([{ component: 'C1', mole_fraction: 0.9 }, { component: 'N2', mole_fraction: 0.09995 }]).ok).toBe(true);
    expect(parseComponents({}).ok).toBe(false);
  });
});
