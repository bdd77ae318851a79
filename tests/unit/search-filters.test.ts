/** Table filters from a link's address (src/table/search-filters.ts). */
import { describe, expect, it } from 'vitest';
import { addressable, filtersOfSearch, searchOfFilters } from '../../src/table/search-filters';
import { choice, longText, text } from '../../src/resources/fields';

describe('filters from the address', () => {
  it("turns the table's columns into include lists and leaves other parameters alone", () => {
    expect(filtersOfSearch('?status=in_transit&last_loaded=true&page=3&at_facility=', ['status', 'last_loaded', 'at_facility'])).toEqual({
      status: { include: ['in_transit'] }, last_loaded: { include: ['true'] },
    });
    expect(filtersOfSearch('?kind=loaded,empty,loaded&station=A\\,B', ['kind', 'station'])).toEqual({ kind: { include: ['loaded', 'empty'] }, station: { include: ['A,B'] } });
    expect(filtersOfSearch('', ['status'])).toEqual({});
  });

  it('writes the address back as the filters change: a removed chip leaves the address', () => {
    expect(searchOfFilters('?status=in_transit&car=TILX 1', { kind: { include: ['loaded'] } }, ['status', 'kind'])).toBe('?car=TILX+1&kind=loaded');
    expect(searchOfFilters('?status=in_transit', {}, ['status'])).toBe('');
  });

  it('reads and writes a range as the list API spells it, beside an include list', () => {
    expect(filtersOfSearch('?status=in_transit&eta__lte=2026-11-27T16:00:00.000Z&placed_at__gte=2026-11-20&kind__gte=', ['status', 'eta', 'placed_at', 'kind'])).toEqual({
      status: { include: ['in_transit'] }, eta: { to: '2026-11-27T16:00:00.000Z' }, placed_at: { from: '2026-11-20' },
    });
    expect(searchOfFilters('?eta__lte=2026-11-27&x=1', { eta: { from: '2026-11-01', include: ['a'] } }, ['eta'])).toBe('?x=1&eta=a&eta__gte=2026-11-01');
    expect(searchOfFilters('?eta__lte=2026-11-27', {}, ['eta'])).toBe('');
  });

  it('reads and writes an exclude list as the list API spells it; an include list of the same column wins', () => {
    expect(filtersOfSearch('?status__not_in=void,draft&kind=loaded&kind__not_in=empty', ['status', 'kind'])).toEqual({
      status: { exclude: ['void', 'draft'] }, kind: { include: ['loaded'] },
    });
    expect(searchOfFilters('', { status: { exclude: ['void'] } }, ['status'])).toBe('?status__not_in=void');
    expect(searchOfFilters('?status__not_in=void', {}, ['status'])).toBe('');
  });

  it('names the columns a link may filter a table by: its filterable fields and its times of record', () => {
    expect(addressable({ fields: { code: text(), notes: longText(), status: choice([['a', 'A']]) } })).toEqual(['code', 'status', 'created_at', 'updated_at']);
  });
});
