/**
 * Date-time inputs in the record's zone (docs/shell.md, Forms): what an input shows for a stored
 * instant, and the instant a typed wall-clock time names, by the same rules the screens, the PDF
 * and the CSV write times with (src/lib/time-zone.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearZoneRules, formatInZone, instantOfWallTime, instantsOfWallTime, offsetAt, registerZoneRules, wallTimeIn, zoneAbbreviation } from '../../src/lib/time-zone';

afterEach(() => clearZoneRules());

describe('a stored instant as a date-time input shows it', () => {
  it('is the wall clock at the zone, near local midnight on the local day', () => {
    expect(wallTimeIn('2026-11-23T05:30:00Z', 'America/Edmonton')).toBe('2026-11-22T22:30');
    expect(wallTimeIn('2026-11-23T05:30:00.000Z', 'America/Toronto')).toBe('2026-11-23T00:30');
    expect(wallTimeIn('2026-07-01T06:30:00Z', 'America/Dawson_Creek')).toBe('2026-06-30T23:30');
    expect(wallTimeIn(new Date('2026-07-01T06:30:00Z'), 'UTC')).toBe('2026-07-01T06:30');
  });

  it('leaves blanks blank and a wall time (what the input itself holds) as it is', () => {
    expect(wallTimeIn(null, 'UTC')).toBe('');
    expect(wallTimeIn('', 'UTC')).toBe('');
    expect(wallTimeIn('not a time', 'UTC')).toBe('');
    expect(wallTimeIn('2026-11-22T22:30', 'America/Edmonton')).toBe('2026-11-22T22:30');
  });
});

describe('a typed wall-clock time as the instant it names', () => {
  it('reads the time at the zone and answers UTC, whatever zone the machine is in', () => {
    expect(instantOfWallTime('2026-11-22T22:30', 'America/Edmonton')).toBe('2026-11-23T05:30:00.000Z');
    expect(instantOfWallTime('2026-11-22T23:45', 'America/Edmonton')).toBe('2026-11-23T06:45:00.000Z');
    expect(instantOfWallTime('2026-11-23T00:15', 'America/Edmonton')).toBe('2026-11-23T07:15:00.000Z');
    expect(instantOfWallTime('2026-06-30T23:30', 'America/Dawson_Creek')).toBe('2026-07-01T06:30:00.000Z');
    expect(instantOfWallTime('2026-07-01T00:30', 'America/Edmonton')).toBe('2026-07-01T06:30:00.000Z');
    expect(instantOfWallTime('2026-07-01T03:00', 'America/St_Johns')).toBe('2026-07-01T05:30:00.000Z');
    expect(instantOfWallTime('2026-07-01 11:00:30', 'Asia/Kolkata')).toBe('2026-07-01T05:30:30.000Z');
  });

  it('reads a time the clocks skip as that long after the change, and a time that happens twice as its first occurrence', () => {
    // Spring forward at 02:00 MST on 2026-03-08: 02:30 does not exist and lands at 03:30 MDT.
    expect(instantOfWallTime('2026-03-08T02:30', 'America/Edmonton')).toBe('2026-03-08T09:30:00.000Z');
    expect(formatInZone(instantOfWallTime('2026-03-08T02:30', 'America/Edmonton'), 'America/Edmonton')).toBe('2026-03-08 03:30 MDT');
    expect(instantOfWallTime('2026-03-08T01:59', 'America/Edmonton')).toBe('2026-03-08T08:59:00.000Z');
    expect(instantOfWallTime('2026-03-08T03:00', 'America/Edmonton')).toBe('2026-03-08T09:00:00.000Z');
    // Fall back at 02:00 MDT on 2026-11-01: 01:30 happens at 07:30 and at 08:30 UTC; the first is taken.
    expect(instantOfWallTime('2026-11-01T01:30', 'America/Edmonton')).toBe('2026-11-01T07:30:00.000Z');
    expect(instantOfWallTime('2026-11-01T02:30', 'America/Edmonton')).toBe('2026-11-01T09:30:00.000Z');
  });

  it('gives back every instant it is shown, the whole year round, but the second of a repeated hour', () => {
    const repeated = (t: number) => t >= Date.parse('2026-11-01T08:00:00Z') && t < Date.parse('2026-11-01T09:00:00Z');
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 15 * 60_000) {
      const back = instantOfWallTime(wallTimeIn(new Date(t), 'America/Edmonton'), 'America/Edmonton');
      expect(back, new Date(t).toISOString()).toBe(new Date(repeated(t) ? t - 3_600_000 : t).toISOString());
    }
  });

  it('refuses what is not a time rather than guess', () => {
    for (const bad of ['', '  ', 'tomorrow', '2026-02-30T10:00', '2026-11-22T24:00', '2026-11-22T10:60', '2026-11-22', null, 7]) {
      expect(instantOfWallTime(bad, 'America/Edmonton'), String(bad)).toBeNull();
    }
  });

  it('converts by the server\'s rules once they are registered, not the machine\'s own zone data', () => {
    // Rules that keep Alberta on MST all year (as Dawson Creek does): the typed summer time follows them.
    const from = Date.UTC(1990, 0, 1);
    registerZoneRules({ zone: 'America/Edmonton', until: Date.UTC(2050, 0, 1), rules: [{ from, offset: -420, abbreviation: 'MST' }] });
    expect(offsetAt('America/Edmonton', Date.parse('2026-07-01T12:00:00Z'))).toBe(-420);
    expect(instantOfWallTime('2026-07-01T00:30', 'America/Edmonton')).toBe('2026-07-01T07:30:00.000Z');
    expect(wallTimeIn('2026-07-01T07:30:00Z', 'America/Edmonton')).toBe('2026-07-01T00:30');
    expect(zoneAbbreviation('America/Edmonton', '2026-07-01T07:30:00Z')).toBe('MST');
  });
});

describe('every instant a wall-clock time names (a railroad\'s message, docs/trace.md, Importing car location messages)', () => {
  it('names one instant on an ordinary day, none in the hour the clocks skip, two in the hour they repeat', () => {
    expect(instantsOfWallTime('2026-03-07T22:00', 'America/Edmonton')).toEqual(['2026-03-08T05:00:00.000Z']);
    expect(instantsOfWallTime('2026-03-08T02:30', 'America/Chicago')).toEqual([]);
    expect(instantsOfWallTime('2026-03-08T02:00', 'America/Chicago')).toEqual([]);
    expect(instantsOfWallTime('2026-03-08T03:00', 'America/Chicago')).toEqual(['2026-03-08T08:00:00.000Z']);
    expect(instantsOfWallTime('2026-11-01T01:30', 'America/Chicago')).toEqual(['2026-11-01T06:30:00.000Z', '2026-11-01T07:30:00.000Z']);
    expect(instantsOfWallTime('2026-11-01T02:00', 'America/Chicago')).toEqual(['2026-11-01T08:00:00.000Z']);
  });

  it('keeps Regina on Central Standard Time all year: no gap, no repeated hour', () => {
    expect(instantsOfWallTime('2026-03-08T02:30', 'America/Regina')).toEqual(['2026-03-08T08:30:00.000Z']);
    expect(instantsOfWallTime('2026-11-01T01:30', 'America/Regina')).toEqual(['2026-11-01T07:30:00.000Z']);
    expect(instantsOfWallTime('2026-07-01T12:00', 'America/Regina')).toEqual(['2026-07-01T18:00:00.000Z']);
  });

  it('answers null for what is not a time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-11-22T24:00', '2026-03-08T02:30-06:00', null]) expect(instantsOfWallTime(bad, 'America/Chicago'), String(bad)).toBeNull();
  });
});

describe('the abbreviation beside the input', () => {
  it('is the zone\'s at the time shown', () => {
    expect(zoneAbbreviation('America/Edmonton', '2026-11-23T05:30:00Z')).toBe('MST');
    expect(zoneAbbreviation('America/Edmonton', '2026-07-01T06:30:00Z')).toBe('MDT');
    expect(zoneAbbreviation('UTC', '2026-07-01T06:30:00Z')).toBe('UTC');
    expect(zoneAbbreviation('America/Edmonton')).toMatch(/^M[SD]T$/);
  });
});
