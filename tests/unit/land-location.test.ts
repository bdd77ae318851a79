import { describe, expect, it } from 'vitest';
import { compactUwi, dlsErrors, formatDls, formatUwi, parseDls, parseNts, parseUwi } from '../../src/lib/land-location';

describe('DLS locations', () => {
  it('parses and formats LSD-SEC-TWP-RGE W M with zero padding', () => {
    const r = parseDls('4-11-82-4 W6');
    expect(r).toEqual({ ok: true, value: { lsd: 4, section: 11, township: 82, range: 4, meridian: 6 } });
    if (r.ok) expect(formatDls(r.value)).toBe('04-11-082-04W6');
  });
  it('checks each part against its real range', () => {
    expect(dlsErrors({ lsd: 17, section: 37, township: 127, range: 35, meridian: 7 })).toEqual([
      'LSD must be 01 to 16 (got 17).', 'Section must be 01 to 36 (got 37).', 'Township must be 001 to 126 (got 127).',
      'Range must be 01 to 34 (got 35).', 'Meridian must be 1 to 6 (got 7).',
    ]);
    expect(dlsErrors({ lsd: 16, section: 36, township: 126, range: 34, meridian: 6 })).toEqual([]);
    expect(parseDls('00-11-082-04W6')).toEqual({ ok: false, errors: ['LSD must be 01 to 16 (got 0).'] });
    expect(parseDls('04-11-082-04E6').ok).toBe(false);
  });
});

describe('NTS locations', () => {
  it('parses QU-UNIT-BLOCK/SERIES-AREA-SHEET', () => {
    expect(parseNts('a-2-f/93-p-8')).toEqual({ ok: true, value: { quarter_unit: 'A', unit: 2, block: 'F', series_number: 93, map_area: 'P', map_sheet: 8 } });
  });
  it('rejects values outside the grid', () => {
    const r = parseNts('E-101-M/093-Q-17');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([
      'Quarter unit must be A, B, C or D.', 'Unit must be 001 to 100 (got 101).', 'Block must be a letter A to L.',
      'Map area must be a letter A to P.', 'Map sheet must be 01 to 16 (got 17).',
    ]);
  });
});

describe('UWI', () => {
  it('reads every written form of a DLS UWI to the same identifier', () => {
    for (const form of ['100/16-09-010-09W1/00', '100.16-09-010-09W1.00', '100160901009W100', '1001609010 09W100']) {
      const r = parseUwi(form);
      expect(r.ok, form).toBe(true);
      if (r.ok) {
        expect(formatUwi(r.value)).toBe('100/16-09-010-09W1/00');
        expect(compactUwi(r.value)).toBe('100160901009W100');
        expect(r.value.dls).toEqual({ lsd: 16, section: 9, township: 10, range: 9, meridian: 1 });
      }
    }
  });
  it('reads an NTS UWI', () => {
    const r = parseUwi('200/A-002-F/093-P-08/00');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.format).toBe('NTS');
      expect(compactUwi(r.value)).toBe('200A002F093P0800');
      expect(parseUwi('200A002F093P0800')).toEqual(r);
    }
  });
  it('keeps the location exception and event characters', () => {
    const r = parseUwi('1A2/04-11-082-04W6/02');
    expect(r.ok && r.value).toMatchObject({ second_character: 'A', third_character: '2', fifteenth_character: '0', sixteenth_character: '2' });
  });
  it('rejects the unused sequence digit 1 and bad exception codes', () => {
    const r = parseUwi('1E1/04-11-082-04W6/01');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([
      'Position 2 (location exception) must be 0, A-D, S or W (got E).',
      'Position 3 (drilling sequence) must be 0 or 2-9 (got 1).',
      'Position 16 (event sequence) must be 0 or 2-9 (got 1).',
    ]);
    expect(parseUwi('300/04-11-082-04W6/00').ok).toBe(false);
    expect(parseUwi('10016090100').ok).toBe(false);
    expect(parseUwi('100/16-37-010-09W1/00')).toEqual({ ok: false, errors: ['Section must be 01 to 36 (got 37).'] });
  });
});
