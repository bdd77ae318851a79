/**
 * Layout version 4 of the rail bill of lading (docs/rail.md §10.1, docs/loading.md, Maximum
 * permitted filling): the snapshot keeps each tank car's filling check for a dangerous good as it
 * was worked out at issue, and version 4 prints it (a car over its limit in red with the gallons),
 * nothing for a product that is not a dangerous good, and version 3 prints none of it.
 */
import { describe, expect, it } from 'vitest';
import { BOL_TEMPLATE } from '../../server/actions/rail/bol-snapshot';
import { railBolV3, railBolV4 } from '../../server/print/rail-bol';
import { LATEST_BOL_VERSION } from '../../server/print/rail-templates';
import { canola, car, crude, facts, render, snapshot } from './rail-bol-fixtures';

const crudeOil = { ...crude, commodity_group: 'crude' };
/** Four cars at 60 °F: the first loaded to its limit, the others as §4.4's examples (too full for crude at 15.6 °C). */
const cars = () => [
  car('TILX', 1234, 0, { volume_outage: '1044.00' }),
  car('TILX', 205338, 0),
  car('GATX', 88110, 0),
  car('UTLX', 640017, 0, { car_type: 'C' }),
];

describe('layout version 4', () => {
  it('is the version a bill of lading is issued with', () => {
    expect(BOL_TEMPLATE.version).toBe(4);
    expect(LATEST_BOL_VERSION).toBe(4);
  });

  it('keeps each tank car\'s filling check in the snapshot, for a dangerous good only', () => {
    const s = snapshot(facts({ product: crudeOil, cars: cars() }));
    expect(s.cars.map((c) => c.filling && { over: c.filling.checked && c.filling.over })).toEqual([{ over: null }, { over: '444.00' }, { over: '444.00' }, undefined]);
    expect(s.cars[0].filling).toMatchObject({ checked: true, permitted_volume: '28956.00', percent: '96.52', rule: '49 CFR 173.24b(a)(1), 1 % outage at 46 °C' });
    expect(snapshot(facts({ product: canola, cars: cars() })).cars.every((c) => !('filling' in c))).toBe(true);
  });

  it('prints the check: the limit, the rule, Within or OVER by the gallons, and how many are over', async () => {
    const r = await render(snapshot(facts({ product: crudeOil, cars: cars() })), null, 'bol-sample-v4', railBolV4);
    expect(r.pageCount).toBe(1);
    for (const want of [
      'MAXIMUM PERMITTED FILLING', '2 of 3 over the limit.',
      'TILX 1234 15.6 28,956.00 28,956.00 96.52 49 CFR 173.24b(a)(1), 1 % outage at 46 °C Within',
      'TILX 205338 15.6 29,400.00 28,956.00 96.52 49 CFR 173.24b(a)(1), 1 % outage at 46 °C OVER by 444.00 gal',
      'rail-bol-custom v4',
    ]) expect(r.stream, want).toContain(want);
    expect(r.stream).not.toContain('UTLX 640017 15.6');
  });

  it('says when a car could not be checked, and prints nothing for a product that is not a dangerous good', async () => {
    const r = await render(snapshot(facts({ product: crude, cars: cars().slice(0, 1) })), null, undefined, railBolV4);
    expect(r.stream).toContain('TILX 1234 Not checked: Crude oil has no commodity group to work out its density at 50 °C by API MPMS 11.1');
    expect(r.stream).toContain('1 of 1 not checked.');
    const within = await render(snapshot(facts({ product: crudeOil, cars: cars().slice(0, 1) })), null, undefined, railBolV4);
    expect(within.stream).toContain('All 1 within.');
    const food = await render(snapshot(facts({ product: canola, cars: cars() })), null, undefined, railBolV4);
    expect(food.stream).not.toContain('MAXIMUM PERMITTED FILLING');
  });

  it('is not printed by version 3, whatever the snapshot carries', async () => {
    const r = await render(snapshot(facts({ product: crudeOil, cars: cars() })), null, undefined, railBolV3);
    expect(r.stream).not.toContain('MAXIMUM PERMITTED FILLING');
    expect(r.stream).toContain('rail-bol-custom v3');
  });
});
