/**
 * The shared writing rules of times, decimals and units (docs/architecture.md, Time zones and
 * quantities): the list, the record, the ticket page, the PDF and the CSV all call these.
 */
import { describe, expect, it } from 'vitest';
import { afterEach } from 'vitest';
import {
  clearZoneRules, formatInZone, isTimeZone, isoInZone, localDateIn, registerZoneRules, rowTimeZone, zoneOr, zoneRules, zonedParts,
} from '../../src/lib/time-zone';
import { formatDecimal, formatMeasure, labelWithUnit } from '../../src/lib/format';
import { unitSymbol, withUnit } from '../../src/lib/units';

describe('times in a zone', () => {
  it('writes a time near local midnight on its local date, with the abbreviation to read and the offset for files', () => {
    // 05:30 UTC on the 23rd is 22:30 on the 22nd in Alberta.
    expect(formatInZone('2026-11-23T05:30:00Z', 'America/Edmonton')).toBe('2026-11-22 22:30 MST');
    expect(isoInZone('2026-11-23T05:30:00Z', 'America/Edmonton')).toBe('2026-11-22T22:30:00-07:00');
    expect(localDateIn('2026-11-23T05:30:00Z', 'America/Edmonton')).toBe('2026-11-22');
    expect(localDateIn(new Date('2026-11-23T05:30:00Z'), 'UTC')).toBe('2026-11-23');
  });

  it('follows daylight saving time where the zone has it, and not where it has none', () => {
    // Spring forward at 02:00 MST (09:00 UTC) on 2026-03-08.
    expect(isoInZone('2026-03-08T08:59:00Z', 'America/Edmonton')).toBe('2026-03-08T01:59:00-07:00');
    expect(isoInZone('2026-03-08T09:00:00Z', 'America/Edmonton')).toBe('2026-03-08T03:00:00-06:00');
    expect(formatInZone('2026-03-08T09:00:00Z', 'America/Edmonton')).toBe('2026-03-08 03:00 MDT');
    // Fall back at 02:00 MDT (08:00 UTC) on 2026-11-01: 01:00-02:00 happens twice, told apart by the offset.
    expect(isoInZone('2026-11-01T07:30:00Z', 'America/Edmonton')).toBe('2026-11-01T01:30:00-06:00');
    expect(isoInZone('2026-11-01T08:30:00Z', 'America/Edmonton')).toBe('2026-11-01T01:30:00-07:00');
    expect(formatInZone('2026-11-01T08:30:00Z', 'America/Edmonton')).toBe('2026-11-01 01:30 MST');
    // Dawson Creek keeps MST all year.
    for (const at of ['2026-03-08T09:00:00Z', '2026-07-01T05:30:00Z', '2026-11-23T05:30:00Z']) {
      expect(zonedParts(at, 'America/Dawson_Creek')).toMatchObject({ abbreviation: 'MST', offset: '-07:00' });
    }
    expect(formatInZone('2026-07-01T05:30:00Z', 'America/Dawson_Creek')).toBe('2026-06-30 22:30 MST');
  });

  it('writes UTC and half-hour zones with their offsets', () => {
    expect(isoInZone('2026-07-01T05:30:12.999Z', 'UTC')).toBe('2026-07-01T05:30:12+00:00');
    expect(isoInZone('2026-07-01T05:30:00Z', 'America/St_Johns')).toBe('2026-07-01T03:00:00-02:30');
    expect(isoInZone('2026-07-01T05:30:00Z', 'Asia/Kolkata')).toBe('2026-07-01T11:00:00+05:30');
  });

  it('knows IANA zones only, and falls back rather than fail on a mistyped one', () => {
    expect(isTimeZone('America/Edmonton')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '+07:00', '', 'America/Edmonton; drop', null, 7]) expect(isTimeZone(bad)).toBe(false);
    expect(zoneOr('Mars/Olympus', 'America/Toronto')).toBe('America/Toronto');
    expect(rowTimeZone({ time_zone: 'America/Dawson_Creek' }, 'America/Toronto')).toBe('America/Dawson_Creek');
    expect(rowTimeZone({}, 'America/Toronto')).toBe('America/Toronto');
    expect(rowTimeZone({ time_zone: 'Bogus/Zone' }, 'Bogus/Too')).toBe('UTC');
    expect(formatInZone('2026-11-20T15:05:00Z', 'Mars/Olympus')).toBe('2026-11-20 15:05 UTC');
  });

  it('leaves blanks blank and unreadable values as they came', () => {
    expect(formatInZone(null, 'UTC')).toBe('');
    expect(isoInZone('', 'UTC')).toBe('');
    expect(formatInZone('not a time', 'UTC')).toBe('not a time');
    expect(localDateIn(undefined, 'UTC')).toBeNull();
  });
});

describe('the server\'s zone rules, which the browser converts by', () => {
  afterEach(clearZoneRules);

  it('reproduce the local zone data to the minute, transitions included', () => {
    for (const zone of ['America/Edmonton', 'America/Dawson_Creek', 'America/St_Johns']) {
      const samples = Array.from({ length: 3000 }, (_, i) => new Date(Date.UTC(2000, 0, 1) + i * 555_555_555 + 12_345));
      const local = samples.map((d) => isoInZone(d, zone) + formatInZone(d, zone));
      registerZoneRules(zoneRules(zone, 1999, 2050));
      expect(samples.map((d) => isoInZone(d, zone) + formatInZone(d, zone)), zone).toEqual(local);
      clearZoneRules();
    }
    const edmonton = zoneRules('America/Edmonton', 2026, 2027).rules;
    expect(edmonton.find((r) => r.from === Date.UTC(2026, 2, 8, 9))).toMatchObject({ offset: -360, abbreviation: 'MDT' });
  });

  it('win over this runtime\'s own zone data where they are registered, inside their span', () => {
    // Rules that say otherwise than the runtime (another zone data release): they are what is written.
    registerZoneRules({ zone: 'America/Edmonton', until: Date.UTC(2030, 0, 1), rules: [{ from: Date.UTC(2026, 10, 1, 8), offset: -360, abbreviation: 'CST' }] });
    expect(formatInZone('2026-11-23T05:30:00Z', 'America/Edmonton')).toBe('2026-11-22 23:30 CST');
    expect(isoInZone('2026-11-23T05:30:00Z', 'America/Edmonton')).toBe('2026-11-22T23:30:00-06:00');
    expect(localDateIn('2026-11-23T05:45:00Z', 'America/Edmonton')).toBe('2026-11-22');
    // Outside the span: the runtime's data.
    expect(formatInZone('2031-01-15T12:00:00Z', 'America/Edmonton')).toBe('2031-01-15 05:00 MST');
    expect(formatInZone('2026-07-01T12:00:00Z', 'America/Edmonton')).toBe('2026-07-01 06:00 MDT');
  });
});

describe('decimals and units', () => {
  it('writes a decimal exactly with its declared places, rounding half away from zero, thousands grouped', () => {
    expect(formatDecimal('1204331.200')).toBe('1,204,331.200');
    expect(formatDecimal('12.4', 2)).toBe('12.40');
    expect(formatDecimal('0.0095', 3)).toBe('0.010');
    expect(formatDecimal('999.9996', 3)).toBe('1,000.000');
    expect(formatDecimal('-0.0004', 3)).toBe('0.000');
    expect(formatDecimal('-1234.5', 0)).toBe('-1,235');
    // Beyond a float's precision: still exact.
    expect(formatDecimal('12345678901234.567', 3)).toBe('12,345,678,901,234.567');
    expect(formatDecimal(5, 2)).toBe('5.00');
    expect(formatDecimal(null, 2)).toBe('');
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });

  it('writes units as people write them', () => {
    expect(unitSymbol('m3')).toBe('m³');
    expect(unitSymbol('kg/m3')).toBe('kg/m³');
    expect(unitSymbol('degC')).toBe('°C');
    expect(unitSymbol('USgal')).toBe('US gal');
    expect(unitSymbol('bbl')).toBe('bbl');
    expect(unitSymbol('°C')).toBe('°C');
    expect(withUnit('0.400', '%')).toBe('0.400%');
    expect(withUnit('', 'kg')).toBe('');
    expect(formatMeasure('12.4', { places: 2, unit: '°C' })).toBe('12.40 °C');
    expect(formatMeasure('842.1', { places: 3, unit: 'kg/m³' })).toBe('842.100 kg/m³');
    expect(formatMeasure('37.986', { places: 3 }, 'm3')).toBe('37.986 m³');
    expect(labelWithUnit('Net volume', 'm3')).toBe('Net volume (m³)');
    expect(labelWithUnit('Observed temperature', undefined)).toBe('Observed temperature');
  });
});
