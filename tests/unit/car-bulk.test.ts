import { describe, expect, it } from 'vitest';
import { carEntries } from '../../src/lib/reporting-mark';
import { carBulkFaults } from '../../src/custom/fleet/car-bulk-errors';

describe('the fleet bulk dialogs', () => {
  it('read one car a line, or separated by commas or semicolons, blanks dropped', () => {
    expect(carEntries(' TILX 1\n\nGATX 55, UTLX 3 ;PROX 4\n')).toEqual(['TILX 1', 'GATX 55', 'UTLX 3', 'PROX 4']);
    expect(carEntries(' \n , ')).toEqual([]);
  });

  it("say each car's fault by what was sent, in the list's order, with the field's label", () => {
    const body = { cars: { 3: { number: ['TILX 1 is car 1 of this list already.'] }, 1: { non_field_errors: ['"x" is not a car.'], car_type: ['Not a choice.'] } } };
    expect(carBulkFaults(body, ['TILX 1', 'x', 'GATX 2', 'tilx 0001'])).toEqual([
      'x: "x" is not a car.', 'x: Car type: Not a choice.', 'tilx 0001: Car number: TILX 1 is car 1 of this list already.',
    ]);
    expect(carBulkFaults({ cars: ['Give at least one car.'] }, [])).toEqual(['Give at least one car.']);
    expect(carBulkFaults({ detail: 'Forbidden' }, [])).toBeNull();
  });
});
