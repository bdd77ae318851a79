import { describe, expect, it } from 'vitest';
import { uwiFormValues } from '../../src/custom/terminal/location/uwi-form';

describe('the location form UWI helper', () => {
  it('nothing typed: nothing to fill', () => {
    expect(uwiFormValues('', true)).toEqual({ state: 'empty' });
    expect(uwiFormValues(undefined, false)).toEqual({ state: 'empty' });
  });

  it('a DLS UWI fills the DLS inputs, clears NTS ones, and shows the parts', () => {
    const r = uwiFormValues('100160901009W100', false);
    expect(r.state).toBe('ok');
    if (r.state !== 'ok') return;
    expect(r.written).toBe('100/16-09-010-09W1/00');
    expect(r.values).toMatchObject({ format: 'DLS', lsd: 16, section: 9, township: 10, range: 9, meridian: 1, second_character: '0', fifteenth_character: '0', dls_well_identifier: '0', dls_event_identifier: '0', quarter_unit: null, map_sheet: null });
    expect(r.parts).toContainEqual({ label: 'DLS location', value: '16-09-010-09W1' });
    expect(r.parts).toContainEqual({ label: 'Meridian', value: 'W1' });
    expect(r.derived).toBeUndefined();
  });

  it('with "Use UWI for name and code": name is the written form, code the 16 characters', () => {
    const r = uwiFormValues('100/16-09-010-09W1/00', true);
    expect(r.state === 'ok' && r.derived).toEqual({ name: '100/16-09-010-09W1/00', code: '100160901009W100' });
  });

  it('an NTS UWI fills the NTS inputs', () => {
    const r = uwiFormValues('200/A-002-F/093-P-08/00', true);
    expect(r.state).toBe('ok');
    if (r.state !== 'ok') return;
    expect(r.values).toMatchObject({ format: 'NTS', quarter_unit: 'A', unit: 2, block: 'F', series_number: 93, map_area: 'P', map_sheet: 8, nts_well_identifier: '0', lsd: null });
    expect(r.derived).toEqual({ name: '200/A-002-F/093-P-08/00', code: '200A002F093P0800' });
  });

  it('a bad UWI gives the parser messages and fills nothing', () => {
    const r = uwiFormValues('100/17-09-010-09W1/00', true);
    expect(r.state).toBe('invalid');
    expect(r.state === 'invalid' && r.errors.join(' ')).toMatch(/LSD must be 01 to 16/);
    expect(uwiFormValues('12345', false)).toMatchObject({ state: 'invalid' });
  });
});
