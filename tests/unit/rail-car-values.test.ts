/**
 * A loaded rail car's derived values (docs/rail.md, 4.4 Loaded rail car): the worked examples of
 * that section, rounding half away from zero as PostgreSQL rounds, the hook's refusals, totals,
 * and properties over any values the columns hold. The same values computed by PostgreSQL are
 * compared in rail-car-values-sql.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../src/lib/format';
import {
  GALLONS_TO_LITRES, RAIL_CAR_PLACES, gallonsToLitres, grossVolume, kilogramsToPounds, litresToGallons, loadedCarErrors,
  loadedCarSql, loadedCarTotals, loadedCarValues, netVolume, roundDecimal, tankCarWeight, type LoadedCarMeasures,
} from '../../src/lib/rail-car-values';

const car = (over: Partial<LoadedCarMeasures> = {}): LoadedCarMeasures => ({
  car_type: 'T', shell_capacity: '0', volume_outage: '0', temperature_correction_factor: '1', density: '1',
  gal_to_liter_conversion_factor: GALLONS_TO_LITRES, weight: '0', ...over,
});

/** A decimal string as an exact scaled integer at `places` (the test's own arithmetic). */
const units = (value: string, places: number) => {
  const [whole, frac = ''] = value.replace('-', '').split('.');
  expect(frac.length).toBe(places);
  const n = BigInt(whole + frac);
  return value.startsWith('-') ? -n : n;
};
/** `units / 10^places` written with exactly `places` decimals. */
const written = (n: bigint, places: number) => {
  const digits = (n < 0n ? -n : n).toString().padStart(places + 1, '0');
  const body = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return n < 0n ? `-${body}` : body;
};
/** `n / d` rounded half away from zero: the test's independent division. */
const divRound = (n: bigint, d: bigint) => {
  const q = n / d;
  const r = n % d;
  return 2n * (r < 0n ? -r : r) >= d ? q + (n < 0n ? -1n : 1n) : q;
};

describe('the worked examples of docs/rail.md, 4.4 Loaded rail car', () => {
  // shell, outage, TCF, density → gross gal, net gal, gross L, net L, kg, lb (the section's table).
  const table: [string, string, string, string, string, string, string, string, string, string][] = [
    ['30000.00', '600.00', '0.9850', '0.8700', '29400.00', '28959.00', '111291.1', '109621.7', '95370.9', '210257'],
    ['25500.00', '412.50', '0.987654', '0.5080', '25087.50', '24777.77', '94966.5', '93794.0', '47647.4', '105045'],
    ['13600.00', '136.00', '0.9960', '1.8300', '13464.00', '13410.14', '50966.8', '50762.9', '92896.1', '204801'],
  ];
  it.each(table)('shell %s, outage %s, TCF %s, density %s', (shell, outage, tcf, density, grossGal, netGal, grossL, netL, kg, lb) => {
    const values = loadedCarValues(car({ shell_capacity: shell, volume_outage: outage, temperature_correction_factor: tcf, density }));
    expect(values).toEqual({ gross_volume: grossGal, net_volume: netGal, gross_volume_litres: grossL, net_volume_litres: netL, weight: kg, weight_lb: lb });
    // The single rules give the same.
    expect(grossVolume(shell, outage)).toBe(grossGal);
    expect(netVolume(grossGal, tcf)).toBe(netGal);
    expect(gallonsToLitres(grossGal)).toBe(grossL);
    expect(gallonsToLitres(netGal)).toBe(netL);
    expect(tankCarWeight(netGal, GALLONS_TO_LITRES, density)).toBe(kg);
    expect(kilogramsToPounds(kg)).toBe(lb);
  });

  it('writes every value with its declared places, also for whole inputs', () => {
    expect(loadedCarValues(car({ shell_capacity: '30000', volume_outage: '600', temperature_correction_factor: '1', density: '1' }))).toEqual({
      gross_volume: '29400.00', net_volume: '29400.00', gross_volume_litres: '111291.1', net_volume_litres: '111291.1', weight: '111291.1', weight_lb: '245355',
    });
    // The template's defaults (shell 0, outage 0, factor 1, density 1, weight 0).
    expect(loadedCarValues(car())).toEqual({
      gross_volume: '0.00', net_volume: '0.00', gross_volume_litres: '0.0', net_volume_litres: '0.0', weight: '0.0', weight_lb: '0',
    });
  });

  it('keeps the keyed weight of any car that is not a tank car', () => {
    const hopper = car({ car_type: 'C', shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.9850', density: '0.8700', weight: '90718.5' });
    expect(loadedCarValues(hopper)).toMatchObject({ net_volume: '28959.00', weight: '90718.5', weight_lb: '200000' });
    expect(loadedCarValues({ ...hopper, weight: '1000' }).weight).toBe('1000.0');
  });
});

describe('rounding: half away from zero, as PostgreSQL round(numeric)', () => {
  it.each([
    ['2.5', 0, '3'], ['-2.5', 0, '-3'], ['3.5', 0, '4'], ['0.125', 2, '0.13'], ['-0.125', 2, '-0.13'],
    ['0.135', 2, '0.14'], ['1.2345', 3, '1.235'], ['-0.001', 2, '0.00'], ['-0.005', 2, '-0.01'], ['9.995', 2, '10.00'],
    ['99.95', 1, '100.0'], ['12', 2, '12.00'], ['.5', 0, '1'], ['+0.45', 1, '0.5'], ['0.0449', 2, '0.04'],
  ] as const)('roundDecimal(%s, %i) = %s', (value, places, expected) => {
    expect(roundDecimal(value, places)).toBe(expected);
  });

  it('rounds a half up where half-to-even would round down', () => {
    // 100.25 × 0.5 = 50.125: half away from zero gives 50.13 (half to even would give 50.12).
    expect(netVolume('100.25', '0.5')).toBe('50.13');
    // 0.25 gal × 1 = 0.25 L: 0.3 (not 0.2).
    expect(gallonsToLitres('0.25', '1')).toBe('0.3');
    // 1.25 gal × 2 × 0.05 = 0.125 kg: 0.1 (a third decimal below the half).
    expect(tankCarWeight('1.25', '2', '0.05')).toBe('0.1');
    // 0.75 gal × 2 × 0.05 = 0.075 kg: 0.1.
    expect(tankCarWeight('0.75', '2', '0.05')).toBe('0.1');
  });

  it('brings an input to its column\'s places first, as PostgreSQL stores it', () => {
    // numeric(12,2) stores 100.005 as 100.01; numeric(8,6) stores 0.9999995 as 1.000000.
    expect(grossVolume('100.005', '0')).toBe('100.01');
    expect(netVolume('100.00', '0.9999995')).toBe('100.00');
    expect(loadedCarValues(car({ car_type: 'B', weight: '12.25' })).weight).toBe('12.3');
  });

  it('divides as PostgreSQL divides, then rounds: the quotient is first rounded to the division\'s own scale', () => {
    // 9,126,020,095,382.3 / 8.74854 = 1,043,147,781,845.004996...: PostgreSQL's division keeps 5
    // places here (16 significant digits, at least the divisor's 5) and gives ...845.00500, which
    // round(_, 2) makes .01, where rounding the exact quotient once would give .00.
    expect(litresToGallons('9126020095382.3', '8.74854')).toBe('1043147781845.01');
    expect(litresToGallons('4350718268367.5', '1.18487')).toBe('3671895033520.56');
  });

  it('refuses what is not a decimal', () => {
    expect(() => roundDecimal('1e3', 0)).toThrow(RangeError);
    expect(() => grossVolume('', '0')).toThrow(/shell_capacity is not a decimal number/);
    expect(() => loadedCarValues(car({ density: 'heavy' }))).toThrow(/density/);
    expect(() => litresToGallons('10', '0')).toThrow(/must not be 0/);
    expect(() => roundDecimal('1,234.5', 0)).toThrow(RangeError);
  });
});

describe('conversions', () => {
  it('litres to gallons: a fleet car\'s shell capacity as the loaded car\'s prefill', () => {
    expect(litresToGallons('113562.3')).toBe('30000.00'); // 30,000 × 3.78541 exactly
    expect(litresToGallons('113562.2')).toBe('29999.97'); // 29,999.9735...
    expect(litresToGallons('111291.1')).toBe('29400.01'); // 29,400.0125...: 111,291.1 L is 29,400.00 gal rounded
    expect(litresToGallons('0.0')).toBe('0.00');
    expect(litresToGallons('1')).toBe('0.26');
  });

  it('pounds: kg / 0.45359237, whole', () => {
    expect(kilogramsToPounds('0.4')).toBe('1'); // 0.88 lb
    expect(kilogramsToPounds('0.2')).toBe('0'); // 0.44 lb
    expect(kilogramsToPounds('45359.0')).toBe('99999'); // 99,999.48...
    expect(kilogramsToPounds('45359.2')).toBe('100000'); // 99,999.91...
    expect(kilogramsToPounds('0.23')).toBe('0'); // 0.507 lb, but 0.23 kg is stored as 0.2 kg (0.44 lb) first
  });
});

describe('the hook\'s refusals', () => {
  const crude = car({ shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.9850', density: '0.8700' });

  it('accepts a tank car whose weight is left out or is the derived one, however written', () => {
    expect(loadedCarErrors(crude)).toEqual({});
    expect(loadedCarErrors(crude, null)).toEqual({});
    expect(loadedCarErrors(crude, '95370.9')).toEqual({});
    expect(loadedCarErrors(crude, '95370.90')).toEqual({});
  });

  it('refuses another weight for a tank car, naming the derived one', () => {
    expect(loadedCarErrors(crude, '95371')).toEqual({ weight: ["A tank car's weight is its net volume times its density: 95,370.9 kg."] });
    expect(loadedCarErrors(crude, 'lots')).toEqual({ weight: ["A tank car's weight is its net volume times its density: 95,370.9 kg."] });
    expect(loadedCarErrors({ ...crude, car_type: 'C' }, '95371')).toEqual({});
  });

  it('refuses an outage larger than the shell capacity', () => {
    expect(loadedCarErrors(car({ shell_capacity: '30000.00', volume_outage: '30000.01' }))).toEqual({
      volume_outage: ['The outage cannot be more than the shell capacity, 30,000.00 US gal.'],
    });
    expect(loadedCarErrors(car({ shell_capacity: '30000.00', volume_outage: '30000.00' }))).toEqual({});
    // Computed anyway (the SQL would): negative volumes round away from zero too.
    expect(loadedCarValues(car({ shell_capacity: '0', volume_outage: '0.25', temperature_correction_factor: '0.5' }))).toMatchObject({
      gross_volume: '-0.25', net_volume: '-0.13',
    });
  });
});

describe('totals', () => {
  it('add up each column as the cars show it', () => {
    const a = loadedCarValues(car({ shell_capacity: '30000.00', volume_outage: '600.00', temperature_correction_factor: '0.9850', density: '0.8700' }));
    const b = loadedCarValues(car({ shell_capacity: '25500.00', volume_outage: '412.50', temperature_correction_factor: '0.987654', density: '0.5080' }));
    const c = loadedCarValues(car({ shell_capacity: '13600.00', volume_outage: '136.00', temperature_correction_factor: '0.9960', density: '1.8300' }));
    expect(loadedCarTotals([a, b, c])).toEqual({
      cars: 3, gross_volume: '67951.50', net_volume: '67146.91', gross_volume_litres: '257224.4', net_volume_litres: '254178.6',
      weight: '235914.4', weight_lb: '520103',
    });
    expect(loadedCarTotals([])).toEqual({
      cars: 0, gross_volume: '0.00', net_volume: '0.00', gross_volume_litres: '0.0', net_volume_litres: '0.0', weight: '0.0', weight_lb: '0',
    });
  });
});

describe('the SQL', () => {
  it('names the columns as the caller qualifies them, and nothing else', () => {
    const sql = loadedCarSql((c) => `"loaded_rail_car"."${c}"`);
    expect(sql.gross_volume).toBe('("loaded_rail_car"."shell_capacity" - "loaded_rail_car"."volume_outage")');
    expect(sql.net_volume).toBe('round(("loaded_rail_car"."shell_capacity" - "loaded_rail_car"."volume_outage") * "loaded_rail_car"."temperature_correction_factor", 2)');
    expect(sql.weight).toContain(`WHEN "loaded_rail_car"."car_type" = 'T' THEN round(`);
    expect(sql.weight_lb).toMatch(/^round\(.*\/ 0\.45359237\)$/);
    for (const expression of Object.values(sql)) {
      expect(expression.replace(/"loaded_rail_car"\."\w+"/g, '')).not.toMatch(/[";]/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over the values the columns hold (docs/rail.md, 4.4 Loaded rail car: bounds).

/** A decimal of at most `digits` digits, `places` of them after the point, between 0 and its maximum. */
const decimalArb = (digits: number, places: number, { min = 0n, max = 10n ** BigInt(digits) - 1n } = {}) =>
  fc.bigInt({ min, max }).map((n) => written(n, places));
const gallonsArb = decimalArb(12, 2);
const factorArb = decimalArb(8, 6, { min: 1n, max: 1_200_000n }); // > 0, ≤ 1.2
const densityArb = decimalArb(8, 4, { max: 50_000n }); // 0 .. 5
const convArb = fc.oneof(fc.constant(GALLONS_TO_LITRES), decimalArb(10, 5, { min: 1n }));

describe('properties', () => {
  it('gross volume + outage = shell capacity, and the gross volume is never negative when the outage fits', () => {
    fc.assert(fc.property(gallonsArb, gallonsArb, (x, y) => {
      const [shell, outage] = units(x, 2) >= units(y, 2) ? [x, y] : [y, x];
      const gross = grossVolume(shell, outage);
      expect(units(gross, 2) + units(outage, 2)).toBe(units(shell, 2));
      expect(units(gross, 2) >= 0n).toBe(true);
      expect(loadedCarErrors(car({ shell_capacity: shell, volume_outage: outage }))).toEqual({});
    }));
  });

  it('net volume ≤ gross volume when the factor is at most 1, ≥ when at least 1, and equal at exactly 1', () => {
    fc.assert(fc.property(gallonsArb, factorArb, (gross, factor) => {
      const net = units(netVolume(gross, factor), 2);
      const g = units(gross, 2);
      const f = units(factor, 6);
      if (f <= 1_000_000n) expect(net <= g).toBe(true);
      if (f >= 1_000_000n) expect(net >= g).toBe(true);
      if (f === 1_000_000n) expect(net).toBe(g);
    }));
  });

  it('every value is the exact product rounded once, half away from zero', () => {
    fc.assert(fc.property(gallonsArb, gallonsArb, factorArb, densityArb, convArb, (x, y, tcf, density, conv) => {
      const [shell, outage] = units(x, 2) >= units(y, 2) ? [x, y] : [y, x];
      const v = loadedCarValues(car({ shell_capacity: shell, volume_outage: outage, temperature_correction_factor: tcf, density, gal_to_liter_conversion_factor: conv }));
      const gross = units(shell, 2) - units(outage, 2);
      const net = divRound(gross * units(tcf, 6), 10n ** 6n);
      expect(v.gross_volume).toBe(written(gross, 2));
      expect(v.net_volume).toBe(written(net, 2));
      expect(v.gross_volume_litres).toBe(written(divRound(gross * units(conv, 5), 10n ** 6n), 1));
      expect(v.net_volume_litres).toBe(written(divRound(net * units(conv, 5), 10n ** 6n), 1));
      const kg = divRound(net * units(conv, 5) * units(density, 4), 10n ** 10n);
      expect(v.weight).toBe(written(kg, 1));
      // kg / 0.45359237 = kg×10 × 10^7 / 45359237: the denominator is odd, so never a tie.
      expect(v.weight_lb).toBe(written(divRound(kg * 10n ** 7n, 45_359_237n), 0));
    }));
  });

  it('roundDecimal agrees with the screens\' rounding (src/lib/format.ts), which works on the digits', () => {
    const valueArb = fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }))
      .map(([negative, n, scale]) => `${negative ? '-' : ''}${written(n, scale)}`);
    fc.assert(fc.property(valueArb, fc.integer({ min: 0, max: 6 }), (value, places) => {
      expect(roundDecimal(value, places)).toBe(formatDecimal(value, places).replace(/,/g, ''));
    }));
  });

  it('litres → gallons → litres gives the litres back (factor 3.78541)', () => {
    fc.assert(fc.property(decimalArb(9, 1), (litres) => {
      expect(gallonsToLitres(litresToGallons(litres))).toBe(litres);
    }));
  });

  it('gallons → litres → gallons is within one unit of the last place (0.01 gal)', () => {
    fc.assert(fc.property(decimalArb(10, 2), (gallons) => {
      const back = litresToGallons(gallonsToLitres(gallons));
      const diff = units(back, 2) - units(gallons, 2);
      expect(diff >= -1n && diff <= 1n).toBe(true);
    }));
  });

  it('litres → gallons is the exact quotient rounded once for a fleet car\'s litres (no second rounding can show)', () => {
    fc.assert(fc.property(decimalArb(9, 1), (litres) => {
      // litres/3.78541 to 2 places = litres×10 × 10^6 / 378541 (an odd denominator: never a tie).
      expect(litresToGallons(litres)).toBe(written(divRound(units(litres, 1) * 10n ** 6n, 378_541n), 2));
    }));
  });

  it('totals are the sums of the cars\' written values', () => {
    const valuesArb = fc.record({ shell: gallonsArb, tcf: factorArb, density: densityArb, type: fc.constantFrom('T', 'C', 'B'), weight: decimalArb(12, 1) })
      .map(({ shell, tcf, density, type, weight }) => loadedCarValues(car({ car_type: type, shell_capacity: shell, temperature_correction_factor: tcf, density, weight })));
    fc.assert(fc.property(fc.array(valuesArb, { maxLength: 20 }), (cars) => {
      const totals = loadedCarTotals(cars);
      expect(totals.cars).toBe(cars.length);
      for (const name of ['gross_volume', 'net_volume', 'gross_volume_litres', 'net_volume_litres', 'weight', 'weight_lb'] as const) {
        const places = RAIL_CAR_PLACES[name];
        expect(totals[name]).toBe(written(cars.reduce((sum, c) => sum + units(c[name], places), 0n), places));
      }
    }));
  });
});
