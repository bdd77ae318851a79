/** A CSV of loaded cars (docs/loading.md, Bulk car upload): loose headers, a Car column, unknown columns named, each car's line. */
import { describe, expect, it } from 'vitest';
import { parseCarCsv } from '../../src/lib/car-csv';

describe('parseCarCsv', () => {
  it('matches headers loosely and keeps each car\'s line', () => {
    const out = parseCarCsv('Reporting mark,Car No.,Seal,Shell capacity (gal),Outage (gal),Temp F,Density,Remarks\nTILX,1234,S-1,30000,600,68,0.87,clean\n\ntilx,1235,,30000,650,,,\n');
    expect(out.columns).toEqual({
      'Reporting mark': 'car_mark', 'Car No.': 'car_number', Seal: 'seal_number_1', 'Shell capacity (gal)': 'shell_capacity',
      'Outage (gal)': 'volume_outage', 'Temp F': 'load_temperature', Density: 'density',
    });
    expect(out.unknown).toEqual(['Remarks']);
    expect(out.rows).toEqual([
      { line: 2, values: { car_mark: 'TILX', car_number: '1234', seal_number_1: 'S-1', shell_capacity: '30000', volume_outage: '600', load_temperature: '68', density: '0.87' } },
      { line: 4, values: { car_mark: 'tilx', car_number: '1235', shell_capacity: '30000', volume_outage: '650' } },
    ]);
    expect(out.problems).toEqual([]);
  });

  it('reads a Car column as mark and number, and names a line whose car is not one', () => {
    const out = parseCarCsv('Car,Outage\nTILX 1234,600\nGATX-55,610\n12345,5\n');
    expect(out.rows.map((r) => [r.values.car_mark, r.values.car_number])).toEqual([['TILX', '1234'], ['GATX', '55'], [undefined, undefined]]);
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]).toMatch(/^Line 4: "12345": /);
  });

  it('says what is missing: no car column, no car, nothing at all', () => {
    expect(parseCarCsv('Outage,Density\n600,0.87\n').problems).toEqual(['The header names no car: give a Car column (TILX 1234), or Mark and Number columns.']);
    expect(parseCarCsv('Car,Outage\n').problems).toEqual(['The file has a header but no car.']);
    expect(parseCarCsv('\n\n').problems).toEqual(['The file is empty: a header line and one car a line.']);
  });
});
