import { describe, expect, it } from 'vitest';
import { formatMarkNumber, normalizeMarkNumber, parseMarkNumber } from '../../src/lib/reporting-mark';
import { CAR_FILTER, fleetFilters, fleetQuery, fleetSearch } from '../../src/custom/fleet/fleet-query';
import { fleetPath } from '../../src/table/fleet-link';
import { car } from '../../src/resources/fleet/car';
import { chipColor, chipStatus } from '../../src/generic/chip-color';
import { rulesFor } from '../../src/generic/field-rules';
import { carEvent } from '../../src/resources/fleet/car-event';
import { ROUTES } from '../../src/routes/table';
import { canReach } from '../../src/routes/guard';
import type { AccessProfile } from '../../src/authProvider/permissions';
import { listPathOf } from '../../src/generic/home-paths';
import { displayValue, gridColumns } from '../../src/table/grid-columns';

describe('MARK NUMBER (docs/fleet.md, Reporting marks: 2-4 letters, up to 6 digits)', () => {
  it('reads the forms people and EDI write, leading zeros not significant', () => {
    expect(parseMarkNumber('TILX 1234')).toEqual({ mark: 'TILX', number: 1234 });
    expect(parseMarkNumber(' tilx 001234 ')).toEqual({ mark: 'TILX', number: 1234 });
    expect(parseMarkNumber('TILX001234')).toEqual({ mark: 'TILX', number: 1234 });
    expect(parseMarkNumber('GATX-55')).toEqual({ mark: 'GATX', number: 55 });
    expect(parseMarkNumber('CN 0')).toEqual({ mark: 'CN', number: 0 });
  });

  it('refuses what is no car: 1 or 5 letters, 7 digits, no number', () => {
    for (const bad of ['T 1234', 'TILXX 1234', 'TILX 1234567', 'TILX', '1234', 'TI1X 12', '']) expect(parseMarkNumber(bad), bad).toBeNull();
    // Padding zeros beyond six characters are still the same six-digit number.
    expect(parseMarkNumber('TILX 0000123456')).toEqual({ mark: 'TILX', number: 123456 });
  });

  it('writes one form, which is also the car record label', () => {
    expect(formatMarkNumber({ mark: 'TILX', number: 1234 })).toBe('TILX 1234');
    expect(normalizeMarkNumber('tilx001234')).toBe('TILX 1234');
    expect(normalizeMarkNumber('  not a car ')).toBe('not a car');
    expect(car.choiceLabel({ mark: 'UTLX', number: 640200 })).toBe('UTLX 640200');
  });
});

describe('the fleet table opened from View in fleet', () => {
  it('reads ?car= (escaped commas, normalised, no duplicates) and ?car_id= (ids only)', () => {
    const q = fleetQuery('?car=TILX 1234,tilx 001234,A\\,B 1&car_id=17,abc,18,17');
    expect(q).toEqual({ cars: ['TILX 1234', 'A,B 1'], ids: ['17', '18'] });
    expect(fleetQuery('')).toEqual({ cars: [], ids: [] });
  });

  it('round-trips what View in fleet sends', () => {
    const path = fleetPath([{ id: 1, car: { mark: 'GATX', number: 55 } }, { id: 2, car: 17 }]);
    expect(fleetQuery(new URL(path, 'http://x').search)).toEqual({ cars: ['GATX 55'], ids: ['17'] });
  });

  it('makes one include filter on the written form, the ids through their labels', () => {
    const labels = new Map([['17', 'UTLX 640200']]);
    expect(fleetFilters({ cars: ['TILX 1234'], ids: ['17', '99'] }, labels)).toEqual({
      filters: { [CAR_FILTER]: { include: ['TILX 1234', 'UTLX 640200'] } }, missing: ['99'],
    });
    expect(fleetFilters({ cars: ['UTLX 640200'], ids: ['17'] }, labels).filters).toEqual({ [CAR_FILTER]: { include: ['UTLX 640200'] } });
  });

  it('keeps the address in step with the car chip: its cars as ?car=, nothing once it is removed', () => {
    expect(fleetSearch('?car_id=17,18', { [CAR_FILTER]: { include: ['TILX 1234', 'GATX 5,5'] } })).toBe(`?car=${encodeURIComponent('TILX 1234,GATX 5\\,5')}`.replace(/%20/g, '+'));
    expect(fleetSearch('?car=TILX+1234&car_id=17', {})).toBe('');
    expect(fleetSearch('?tab=2&car=TILX+1234', { class: { include: ['3'] } })).toBe('?tab=2');
    expect(fleetQuery(fleetSearch('', { [CAR_FILTER]: { include: ['TILX 1234', 'GATX 5,5'] } })).cars).toEqual(['TILX 1234', 'GATX 5,5']);
  });

  it('shows no car, not the whole fleet, when none of the ids is known', () => {
    expect(fleetFilters({ cars: [], ids: ['99'] }, new Map())).toEqual({ filters: { id: { include: ['99'] } }, missing: ['99'] });
    expect(fleetFilters({ cars: [], ids: [] }, new Map())).toEqual({ filters: {}, missing: [] });
  });
});

describe('fleet declarations in the browser', () => {
  it('colours the fleet status chip: Permanent green, Inactive red, Temporary warning (docs/shell.md, Status chips)', () => {
    const chip = (car.fields.fleet_status as { chip?: Parameters<typeof chipStatus>[0] }).chip;
    expect(chipColor(chipStatus(chip, 'P'))).toBe('success');
    expect(chipColor(chipStatus(chip, 'I'))).toBe('error');
    expect(chipColor(chipStatus(chip, 'T'))).toBe('warning');
    expect(chipColor(chipStatus(true, 'active'))).toBe('success');
  });

  it('shows a car number as written and a quantity\'s unit in its column header', () => {
    expect(displayValue(car.fields.number, 300153)).toBe('300153');
    expect(displayValue(car.fields.load_limit, '93840.0')).toBe('93,840.0');
    expect(gridColumns(car, ['mark_number', 'shell_capacity', 'load_limit'], {}).map((c) => c.headerName)).toEqual(['Car', 'Shell capacity (L)', 'Load limit (kg)']);
  });

  it('checks coordinates against their bounds in the form, with the server\'s messages', () => {
    const check = (name: 'latitude' | 'longitude', v: string) => rulesFor(name, carEvent.fields[name], 'create').map((rule) => rule(v)).find(Boolean);
    expect(check('latitude', '91')).toBe('Ensure this value is less than or equal to 90.');
    expect(check('longitude', '-180.5')).toBe('Ensure this value is greater than or equal to -180.');
    expect(check('latitude', '-53.5')).toBeUndefined();
  });
});

describe('fleet routes', () => {
  const profile = (access: Record<string, string[]>, features = [{ name: 'rail', subscribed: true }]): AccessProfile => ({
    is_superuser: false, groups: [], roles: [],
    user_access: Object.entries(access).map(([ct, codenames]) => ({ app: ct.split('.')[0], models: [{ model: ct.split('.')[1], codenames }] })),
    company: { id: 1, name: 'Demo', features },
  });

  it('need the menu or history code and the view permission of the resource they list', () => {
    const operator = profile({ 'accounts.menu': ['access_menu__fleet', 'access_menu__track_and_trace'], 'fleet.car': ['view_car'], 'fleet.carevent': ['view_carevent', 'can_view_car_history'] });
    expect(canReach(operator, ROUTES.fleetCarsTable.access)).toBe(true);
    expect(canReach(operator, ROUTES.traceCarHistory.access)).toBe(true);
    expect(canReach(profile({ 'accounts.menu': ['access_menu__fleet'] }), ROUTES.fleetCarsTable.access)).toBe(false);
    expect(canReach(profile({ 'fleet.carevent': ['view_carevent'] }), ROUTES.traceCarHistory.access)).toBe(false);
    // Without the rail subscription neither opens, as the server refuses their resources.
    const unsubscribed: AccessProfile = { ...operator, company: { id: 1, name: 'Demo', features: [] } };
    expect(canReach(unsubscribed, ROUTES.fleetCarsTable.access)).toBe(false);
    expect(canReach(unsubscribed, ROUTES.traceCarHistory.access)).toBe(false);
  });

  it('are where cars and car events are listed (saves and the generic list return there)', () => {
    expect(listPathOf('car')).toBe('/company/fleet/cars/table/');
    expect(listPathOf('car_event')).toBe('/company/trace/history/cars/');
  });
});
