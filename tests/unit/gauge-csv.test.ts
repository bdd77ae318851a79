/** A car owner's gauge table CSV (docs/loading.md, Importing a table): header guesses, separators, line numbers of bad lines. */
import { describe, expect, it } from 'vitest';
import { csvNumber, parseGaugeCsv } from '../../src/lib/gauge-csv';

describe('parseGaugeCsv', () => {
  it('reads the rows, guesses the kind and units from the header, and keeps each row\'s line', () => {
    const csv = '\uFEFFOutage (in),Volume (US gal)\r\n0,"30,000.00"\r\n\r\n2, 29 640\r\n4,29210.5\r\n';
    expect(parseGaugeCsv(csv)).toEqual({
      rows: [{ depth: '0', volume: '30000.00' }, { depth: '2', volume: '29640' }, { depth: '4', volume: '29210.5' }],
      lines: [2, 4, 5],
      guess: { depth_kind: 'outage', depth_unit: 'in', volume_unit: 'gal' },
      problems: [],
    });
  });

  it('takes a file without a header, and names each line that is not two numbers', () => {
    const out = parseGaugeCsv('0,0\n5,120.5\nten,300\n15\n20,900.1\n');
    expect(out.rows).toEqual([{ depth: '0', volume: '0' }, { depth: '5', volume: '120.5' }, { depth: '20', volume: '900.1' }]);
    expect(out.lines).toEqual([1, 2, 5]);
    expect(out.guess).toEqual({});
    expect(out.problems).toEqual(['Line 3: "ten, 300" is not a reading and a volume.', 'Line 4: "15" is not a reading and a volume.']);
  });

  it('reads a file separated by semicolons with decimal commas, and guesses innage in centimetres and litres', () => {
    const out = parseGaugeCsv('Innage cm;Litres\n0;0\n10,5;1 520,5\n20;4.310,0\n');
    expect(out.guess).toEqual({ depth_kind: 'innage', depth_unit: 'cm', volume_unit: 'L' });
    expect(out.rows).toEqual([{ depth: '0', volume: '0' }, { depth: '10.5', volume: '1520.5' }, { depth: '20', volume: '4310.0' }]);
  });
});

describe('csvNumber', () => {
  it('drops thousands separators and spaces, and refuses what is not a number', () => {
    expect(csvNumber(' 1,234.50 ')).toBe('1234.50');
    expect(csvNumber('1e3')).toBeNull();
    expect(csvNumber('')).toBeNull();
  });
});
