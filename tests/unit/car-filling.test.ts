/**
 * The filling check of a loaded tank car (src/lib/car-filling.ts; docs/loading.md, Maximum
 * permitted filling, the worked examples "A crude oil car as loaded" and "A corrosive car"):
 * the liquid at its load temperature, the strictest rule, the permitted volume rounded down and the
 * gallons over it; what is not checked and why.
 */
import { describe, expect, it } from 'vitest';
import { FillingRefusal, fahrenheitToCelsius, fillingInput, loadedCarFilling, productHazard } from '../../src/lib/car-filling';

const crude = { name: 'Petroleum Crude Oil', class: '3', packingGroup: 'I', commodity_group: 'crude' };
const acid = { name: 'Acid', class: '8', packingGroup: 'II', commodity_group: 'refined' };
const tank = (o: Record<string, unknown> = {}) => ({ car_type: 'T', shell_capacity: '30000.00', volume_outage: '600.00', density: '0.8700', load_temperature: '60.00', ...o });

describe('loadedCarFilling', () => {
  it('finds a crude car loaded to 98 % at 60 °F over the 1 % outage at 46 °C, by 444 gal', () => {
    // d50 0.8450919 by API MPMS 11.1, α = 0.0008421; RID (a) 100 / (1 + α × 34.4) = 97.1847 %,
    // 49 CFR 99 / (1 + α × 30.4) = 96.5288 %: the CFR governs, 96.52 % of 30,000 = 28,956.00 gal.
    expect(loadedCarFilling(crude, tank())).toEqual({
      checked: true, load_temp_c: '15.6', gross_volume: '29400.00', permitted_volume: '28956.00', percent: '96.52',
      governing: 'cfr_173_24b', rule: '49 CFR 173.24b(a)(1), 1 % outage at 46 °C', over: '444.00',
    });
  });

  it('passes the same car loaded with the outage the limit leaves, and fails it a hundredth of a gallon fuller', () => {
    expect(loadedCarFilling(crude, tank({ volume_outage: '1044.00' }))).toMatchObject({ gross_volume: '28956.00', over: null });
    expect(loadedCarFilling(crude, tank({ volume_outage: '1043.99' }))).toMatchObject({ over: '0.01' });
  });

  it('lets a warmer load go fuller: at 100 °F the liquid has less left to expand', () => {
    const warm = loadedCarFilling(crude, tank({ load_temperature: '100.00' }));
    expect(warm).toMatchObject({ load_temp_c: '37.8', percent: '98.32', permitted_volume: '29496.00', over: null });
  });

  it('takes RID/ADR (b) for a corrosive liquid: 98 / (1 + α × 34.4)', () => {
    expect(loadedCarFilling(acid, tank({ shell_capacity: '13600.00', volume_outage: '136.00', density: '0.8300' }))).toMatchObject({
      percent: '95.06', governing: 'rid_4_3_2_2_1', rule: 'RID/ADR 4.3.2.2.1 (b)', permitted_volume: '12928.16', over: '535.84',
    });
  });

  it('says why a car is not checked: a gas, no commodity group, no density; and leaves a car that is not a tank car alone', () => {
    expect(loadedCarFilling({ name: 'Propane', class: '2.1', commodity_group: 'refined' }, tank())).toEqual({
      checked: false, reason: 'Propane is a gas (class 2.1): a gas is filled by its tank\'s filling ratio, not by these rules for liquids.',
    });
    expect(loadedCarFilling({ name: 'Tar', class: '3' }, tank())).toEqual({ checked: false, reason: 'Tar has no commodity group to work out its density at 50 °C by API MPMS 11.1' });
    expect(loadedCarFilling(crude, tank({ density: '0' }))).toEqual({ checked: false, reason: 'no density' });
    expect(loadedCarFilling(crude, tank({ car_type: 'C' }))).toBeNull();
  });
});

describe('the product\'s facts', () => {
  it('reads the hazard from the class and the subsidiary classes', () => {
    expect(productHazard(null)).toBe('none');
    expect(productHazard({ class: '3' })).toBe('flammable');
    expect(productHazard({ class: '3', subsidiary_classes: '6.1' })).toBe('toxic_or_corrosive');
    expect(() => productHazard({ name: 'Butane', class: '2.1' })).toThrow(FillingRefusal);
  });

  it('refuses an input the rules cannot work with, every field at once', () => {
    const refusal = (() => {
      try {
        fillingInput(crude, { d15: 0.87, target_temp: 30, temperature_min: 35, temperature_max: 20, safety_margin: 40 });
      } catch (e) {
        return e as FillingRefusal;
      }
      return null;
    })();
    expect(refusal?.errors).toEqual({
      temperature_max: 'The highest expected temperature is below the lowest.',
      target_temp: 'The loading temperature is below the lowest expected temperature.',
      safety_margin: 'The safety margin is 0 to 20 points of the capacity.',
    });
  });

  it('converts a stored °F to the tenth of a °C the rules are given in', () => {
    expect(fahrenheitToCelsius(60)).toBe(15.6);
    expect(fahrenheitToCelsius(32)).toBe(0);
    expect(fahrenheitToCelsius(-40)).toBe(-40);
  });
});
