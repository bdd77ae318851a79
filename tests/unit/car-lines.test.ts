import { describe, expect, it } from 'vitest';
import { carTextFault, readCarLines } from '../../src/lib/car-lines';

describe('a paste of cars, one a line (docs/rail.md §6.3, add_cars/)', () => {
  it('reads the forms people type and a spreadsheet\'s cells, skipping blank lines but counting them', () => {
    const { cars, errors } = readCarLines('TILX 1234\r\ntilx001235\n\nTILX-1236\nGATX\t77\n"PROX",000078,\n  \t \nCN;5\r');
    expect(errors).toEqual([]);
    expect(cars).toEqual([
      { mark: 'TILX', number: 1234, line: 1 }, { mark: 'TILX', number: 1235, line: 2 }, { mark: 'TILX', number: 1236, line: 4 },
      { mark: 'GATX', number: 77, line: 5 }, { mark: 'PROX', number: 78, line: 6 }, { mark: 'CN', number: 5, line: 8 },
    ]);
  });

  it('names each wrong line by its number with what is wrong, and a car listed twice', () => {
    const { cars, errors } = readCarLines('TILX 1\n1234 TILX\nTILXX 2\nT 3\nTILX\nTILX 1234567\nTILX 12O3\nTILX 4 GATX 5\nTILX ABC\ntilx 0001');
    expect(cars).toEqual([{ mark: 'TILX', number: 1, line: 1 }]);
    expect(errors).toEqual([
      'Line 2, "1234 TILX": start with the reporting mark, 2 to 4 letters: TILX 1234.',
      'Line 3, "TILXX 2": the mark TILXX is not 2 to 4 letters.',
      'Line 4, "T 3": the mark T is not 2 to 4 letters.',
      'Line 5, "TILX": give the car number after the mark: TILX 1234.',
      'Line 6, "TILX 1234567": the car number 1234567 is more than 6 digits.',
      'Line 7, "TILX 12O3": the car number 12O3 is not digits only.',
      'Line 8, "TILX 4 GATX 5": one car a line: "GATX 5" follows TILX 4.',
      'Line 9, "TILX ABC": the car number is digits only, after the mark: TILX 1234.',
      'Line 10: TILX 1 is on line 1 already.',
    ]);
  });

  it('cuts a long line short in its message', () => {
    expect(readCarLines(`TILX 1 ${'x'.repeat(500)}`).errors[0]).toMatch(/^Line 1, "TILX 1 x{23}…": one car a line: "x{30}…" follows TILX 1\.$/);
    expect(carTextFault('TILX 0001234567')).toBe('the car number 1234567 is more than 6 digits.');
  });
});
