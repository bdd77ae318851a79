/**
 * The maximum permitted filling (docs/loading.md, Maximum permitted filling) on worked examples:
 * a gasoline-like liquid (d15 0.7500, d50 0.7170) loaded at 20 °C, and sulphuric acid-like
 * (d15 1.8400, d50 1.8000); the formula's exact points (at tF = 15 °C the RID limit is N × d50 / d15,
 * at 50 °C it is N); and properties: never above the capacity, falling as the range widens.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type FillingInput, fillingInputErrors, maxPermittedFilling } from '../../src/lib/max-filling';

const gasoline: FillingInput = {
  d15: 0.75, d50: 0.717, target_temp: 20, temperature_min: -10, temperature_max: 40, safety_margin: 0,
  hazard: 'flammable', packing_group: 'II', poison_inhalation: false, insulation: 'none', closure: 'vented',
};

describe('maxPermittedFilling', () => {
  it('a flammable liquid in a non-insulated vented car: the 1 % outage at 46 °C governs', () => {
    const r = maxPermittedFilling(gasoline);
    expect(r.alpha).toBe('0.0013150');
    // RID (a): 100 / (1 + 0.0013150 × 30) = 96.2047 %; 49 CFR: 99 / (1 + 0.0013150 × 26) = 95.7271 %.
    expect(r.rules.map((x) => [x.code, x.percent])).toEqual([['rid_4_3_2_2_1', '96.2047'], ['cfr_173_24b', '95.7271']]);
    expect(r.governing).toBe('cfr_173_24b');
    expect(r.percent).toBe('95.72');
    // At −10 °C: 95.72 × (1 + 0.0013150 × (−30)) = 91.94 %.
    expect(r.percent_at_min).toBe('91.94');
    expect(r.steps.at(-2)).toBe('Permitted: 95.72 % of the capacity (49 CFR 173.24b(a)(1), 1 % outage at 46 °C).');
  });

  it('poisonous by inhalation: 5 % outage; toxic in a vented tank: 98; hermetic PG II: 95; hermetic PG III: 97', () => {
    expect(maxPermittedFilling({ ...gasoline, poison_inhalation: true }).percent).toBe('91.85');
    const acid = { ...gasoline, d15: 1.84, d50: 1.8, hazard: 'toxic_or_corrosive' as const };
    expect(maxPermittedFilling(acid).rules[0].percent).toBe('96.1682');
    expect(maxPermittedFilling({ ...acid, closure: 'hermetic' }).rules[0].percent).toBe('93.2243');
    expect(maxPermittedFilling({ ...acid, closure: 'hermetic', packing_group: 'III' }).rules[0].percent).toBe('95.1869');
  });

  it('meets the formula\'s exact points: N × d50 / d15 at 15 °C, N itself at 50 °C', () => {
    const at15 = maxPermittedFilling({ ...gasoline, target_temp: 15, temperature_min: 15 });
    expect(at15.rules[0].percent).toBe('95.6000');
    const at50 = maxPermittedFilling({ ...gasoline, target_temp: 50, temperature_max: 50, insulation: 'insulated' });
    expect(at50.rules[0].percent).toBe('100.0000');
    // Loaded hotter than the 41 °C reference, the liquid only shrinks: 99 % at loading.
    expect(at50.rules[1].percent).toBe('99.0000');
  });

  it('a hotter expected maximum keeps the outage there; a heated load is held to 95 %; a margin comes off last', () => {
    const hot = maxPermittedFilling({ ...gasoline, temperature_max: 55 });
    expect(hot.governing).toBe('expected_max');
    expect(hot.percent).toBe('94.64');
    expect(maxPermittedFilling({ ...gasoline, target_temp: 60, temperature_max: 60 }).rules[0]).toMatchObject({ code: 'rid_4_3_2_2_3', percent: '95.0000' });
    const kept = maxPermittedFilling({ ...gasoline, safety_margin: 0.5 });
    expect([kept.governing, kept.percent]).toEqual(['safety_margin', '95.22']);
  });

  it('never allows more than the capacity, and allows less as the expected range widens', () => {
    const input = fc.record({
      d15: fc.double({ min: 0.6, max: 2, noNaN: true }), shrink: fc.double({ min: 0, max: 0.08, noNaN: true }),
      tF: fc.double({ min: -20, max: 50, noNaN: true }), below: fc.double({ min: 0, max: 30, noNaN: true }),
      above: fc.double({ min: 0, max: 40, noNaN: true }), more: fc.double({ min: 0, max: 20, noNaN: true }),
    });
    fc.assert(fc.property(input, (x) => {
      const base: FillingInput = { ...gasoline, d15: x.d15, d50: x.d15 * (1 - x.shrink), target_temp: x.tF, temperature_min: x.tF - x.below, temperature_max: x.tF + x.above };
      const narrow = Number(maxPermittedFilling(base).percent);
      const wide = Number(maxPermittedFilling({ ...base, temperature_min: base.temperature_min - x.more, temperature_max: base.temperature_max + x.more }).percent);
      return narrow <= 100 && wide <= narrow;
    }));
  });
});

describe('fillingInputErrors', () => {
  it('says what cannot be worked with, per field', () => {
    expect(fillingInputErrors(gasoline)).toEqual({});
    expect(fillingInputErrors({ ...gasoline, d50: 0.8, target_temp: 45, safety_margin: 25 })).toEqual({
      relative_density_50: 'The density at 50 °C is above the density at 15 °C: a liquid that shrinks when warmed is not one these rules are for.',
      target_temp: 'The loading temperature is above the highest expected temperature.',
      safety_margin: 'The safety margin is 0 to 20 points of the capacity.',
    });
  });
});
