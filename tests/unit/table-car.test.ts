import { describe, expect, it } from 'vitest';
import { carFilterValue, carLabel, hasCars } from '../../src/lib/car-value';
import { fleetPath } from '../../src/table/fleet-link';
import { cellText } from '../../src/table/grid-columns';
import { wantedLabels } from '../../src/table/useRefLabels';
import { defineResource } from '../../src/resources/define';
import { integer, text } from '../../src/resources/fields';
import { splitCommaList } from '../../src/lib/comma-list';

const trip = defineResource({
  name: 'trip_test',
  label: 'Trip',
  perms: { app: 'logistics', model: 'trip_test' },
  fields: { name: text(), car: integer() },
  list: { columns: ['name', 'car'] },
});

describe('car values (docs/table.md, Car values: a numeric id or {mark, number})', () => {
  it('shows the object form as MARK NUMBER', () => {
    expect(carLabel({ mark: 'tilx', number: 1234 })).toBe('TILX 1234');
    expect(carLabel({ mark: 'GATX', number: '055' })).toBe('GATX 055');
  });

  it('shows the id form through the referenced record label, else the id', () => {
    const labels = new Map([['17', 'UTLX 9']]);
    expect(carLabel(17, labels)).toBe('UTLX 9');
    expect(carLabel('17', labels)).toBe('UTLX 9');
    expect(carLabel(18, labels)).toBe('18');
    expect(carLabel(18)).toBe('18');
    expect(carLabel(null)).toBe('');
  });

  it('is what a car cell of the table shows, whatever the column is declared as', () => {
    expect(cellText('car', trip.fields.car, { mark: 'TILX', number: 1 })).toBe('TILX 1');
    expect(cellText('car', trip.fields.car, 5, new Map([['5', 'GATX 55']]))).toBe('GATX 55');
  });

  it('filters by the id when known, else by MARK NUMBER', () => {
    expect(carFilterValue(5)).toBe('5');
    expect(carFilterValue({ id: 9, mark: 'A', number: 1 })).toBe('9');
    expect(carFilterValue({ mark: 'A', number: 1 })).toBe('A 1');
  });

  it('asks for car labels only when a car resource exists, and only for the id form', () => {
    const rows = [{ id: 1, car: 17 }, { id: 2, car: { mark: 'A', number: 1 } }, { id: 3, car: 17 }, { id: 4, car: 3 }];
    expect(wantedLabels(trip, ['name', 'car'], rows, () => false)).toEqual({});
    expect(wantedLabels(trip, ['name', 'car'], rows, (n) => n === 'car')).toEqual({ car: { to: 'car', ids: ['17', '3'] } });
    expect(wantedLabels(trip, ['name'], rows, () => true)).toEqual({});
  });
});

describe('View in fleet (/company/fleet/cars/table/?car=…&car_id=…)', () => {
  it('passes cars known by mark and number as `car`, the rest by id as `car_id`, without duplicates', () => {
    const rows = [
      { id: 1, car: { mark: 'TILX', number: 1234 } },
      { id: 2, car: 17 },
      { id: 3, car: 18 },
      { id: 4, car: { mark: 'TILX', number: 1234 } },
      { id: 5, car: null },
    ];
    const path = fleetPath(rows, new Map([['17', 'GATX 55']]));
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/company/fleet/cars/table/');
    expect(splitCommaList(url.searchParams.get('car')!)).toEqual(['TILX 1234', 'GATX 55']);
    expect(url.searchParams.get('car_id')).toBe('18');
  });

  it('opens the fleet table without parameters when no row has a car', () => {
    expect(fleetPath([{ id: 1, car: null }])).toBe('/company/fleet/cars/table/');
    expect(hasCars([{ id: 1, car: null }])).toBe(false);
    expect(hasCars([{ id: 1, car: 3 }])).toBe(true);
  });

  it('escapes a comma inside a value', () => {
    const url = new URL(fleetPath([{ id: 1, car: { mark: 'A,B', number: 1 } }]), 'http://x');
    expect(splitCommaList(url.searchParams.get('car')!)).toEqual(['A,B 1']);
  });
});
