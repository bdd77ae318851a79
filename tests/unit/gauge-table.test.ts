/**
 * The gauge table's rules and readings (docs/loading.md, Gauge tables), on a worked outage table
 * of a 30,000 gal tank car (every 2 in of outage) and an innage table in centimetres and litres.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type GaugeTableShape, GaugeRangeError, gaugeRowErrors, normalGaugeRows, readingFor, volumeAt } from '../../src/lib/gauge-table';

const outage: GaugeTableShape = {
  depth_kind: 'outage', depth_unit: 'in', volume_unit: 'gal',
  rows: [
    { depth: '0', volume: '30000.00' }, { depth: '2', volume: '29640.00' }, { depth: '4', volume: '29210.00' },
    { depth: '6', volume: '28730.00' }, { depth: '8', volume: '28200.00' }, { depth: '10', volume: '27630.00' },
  ],
};
const innage: GaugeTableShape = {
  depth_kind: 'innage', depth_unit: 'cm', volume_unit: 'L',
  rows: [{ depth: '0', volume: '0' }, { depth: '10', volume: '1520.5' }, { depth: '20', volume: '4310.0' }, { depth: '30', volume: '7905.4' }],
};

describe('volumeAt', () => {
  it('answers a row\'s own volume on a row, and the straight line between rows off them', () => {
    expect(volumeAt(outage, '4')).toBe('29210.00');
    // 3 in lies halfway between 2 in (29,640) and 4 in (29,210): 29,425.
    expect(volumeAt(outage, '3')).toBe('29425.00');
    // 7.25 in: 28,730 + (28,200 − 28,730) × 1.25 / 2 = 28,398.75.
    expect(volumeAt(outage, '7.25')).toBe('28398.75');
    // Rounded to the unit's places, half away from zero: 15 cm → 2,915.25 L → 2,915.3 L.
    expect(volumeAt(innage, '15')).toBe('2915.3');
    expect(volumeAt(innage, '0')).toBe('0.0');
  });

  it('refuses a reading outside the table in words, with the table\'s range', () => {
    expect(() => volumeAt(outage, '10.5')).toThrow(new GaugeRangeError('An outage of 10.50 in is outside this gauge table, which reads from 0.00 in to 10.00 in.'));
    expect(() => volumeAt(innage, '-1')).toThrow('An innage of -1.0 cm is outside this gauge table, which reads from 0.0 cm to 30.0 cm.');
    expect(() => volumeAt(outage, 'abc')).toThrow('The outage "abc" is not a number.');
  });
});

describe('readingFor', () => {
  it('answers the reading at which the car holds a volume: the outage to fill to', () => {
    expect(readingFor(outage, '29210')).toBe('4.00');
    // 28,000 gal lies between 8 in (28,200) and 10 in (27,630): 8 + 2 × 200 / 570 = 8.70 in.
    expect(readingFor(outage, '28000')).toBe('8.70');
    expect(readingFor(innage, '6000')).toBe('24.7');
    expect(() => readingFor(outage, '30500')).toThrow('A volume of 30,500.00 gal is outside this gauge table, which holds 27,630.00 gal to 30,000.00 gal.');
  });

  it('undoes volumeAt to within the rounding of a reading, anywhere in the table', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1000 }), (hundredths) => {
      const reading = (hundredths / 100).toFixed(2);
      const back = Number(readingFor(outage, volumeAt(outage, reading)));
      return Math.abs(back - Number(reading)) <= 0.01;
    }));
  });
});

describe('gaugeRowErrors', () => {
  it('takes a good table', () => {
    expect(gaugeRowErrors(outage)).toEqual([]);
    expect(gaugeRowErrors(innage)).toEqual([]);
  });

  it('names each bad row: not numbers, a depth that does not increase, a volume going the wrong way', () => {
    const rows = [
      { depth: '0', volume: '30000' }, { depth: '2', volume: '29640' }, { depth: '2', volume: '29500' },
      { depth: 'x', volume: '29210' }, { depth: '6', volume: '28730' }, { depth: '8', volume: '28900' }, { depth: '10', volume: '-5' },
    ];
    expect(gaugeRowErrors({ ...outage, rows })).toEqual([
      'Row 3: the outage 2.00 in does not increase on row 2\'s 2.00 in.',
      'Row 4: the outage "x" is not a number of zero or more.',
      'Row 6: the volume 28,900.00 gal is not less than row 5\'s 28,730.00 gal; in an outage table the volume falls as the outage grows.',
      'Row 7: the volume "-5" is not a number of zero or more.',
    ]);
    expect(gaugeRowErrors({ ...innage, rows: [{ depth: '0', volume: '10' }, { depth: '1', volume: '10' }] }))
      .toEqual(['Row 2: the volume 10.0 L is not more than row 1\'s 10.0 L; in an innage table the volume grows with the depth.']);
    expect(gaugeRowErrors({ ...innage, rows: [{ depth: '0', volume: '0' }] })).toEqual(['A gauge table needs at least two rows.']);
  });

  it('keeps each value to its unit\'s places', () => {
    expect(normalGaugeRows({ ...innage, rows: [{ depth: '1.25', volume: '10.04' }, { depth: '2', volume: '20.05' }] }))
      .toEqual([{ depth: '1.3', volume: '10.0' }, { depth: '2.0', volume: '20.1' }]);
  });
});
