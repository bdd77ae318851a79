/** The contract list's address and its table filters (docs/rail.md §11.2), both ways. */
import { describe, expect, it } from 'vitest';
import { filtersOfPath, pathOfFilters } from '../../src/custom/rail/contract/contract-list-path';

const today = '2026-11-23';

describe('contract/list/{partyFilter}/{dateFilter}/', () => {
  it('opens the table with a counterparty chip and the date filter\'s ranges', () => {
    expect(filtersOfPath({ partyFilter: 'all', dateFilter: 'all' }, today)).toEqual({});
    expect(filtersOfPath({ partyFilter: '4', dateFilter: 'current' }, today)).toEqual({
      party: { include: ['4'] }, start_date: { to: today }, end_date: { from: today },
    });
    expect(filtersOfPath({ partyFilter: 'all', dateFilter: '2026-02' }, today)).toEqual({ start_date: { to: '2026-02-28' }, end_date: { from: '2026-02-01' } });
  });

  it('any other value is not found', () => {
    for (const [partyFilter, dateFilter] of [['none', 'all'], ['-4', 'all'], ['0', 'all'], ['all', 'soon'], ['all', '2026-13'], ['4x', 'current']]) {
      expect(filtersOfPath({ partyFilter, dateFilter }, today), `${partyFilter}/${dateFilter}`).toBeNull();
    }
  });

  it('the address follows the chips: one party, a named date filter, else all', () => {
    for (const [party, date] of [['4', 'current'], ['all', 'upcoming'], ['12', 'past'], ['all', '2025'], ['7', '2026-11'], ['all', 'all']]) {
      expect(pathOfFilters(filtersOfPath({ partyFilter: party, dateFilter: date }, today)!, today)).toEqual({ partyFilter: party, dateFilter: date });
    }
    // Two parties, an excluded one, a changed range, or values picked on a date column: the address says all.
    expect(pathOfFilters({ party: { include: ['4', '5'] } }, today).partyFilter).toBe('all');
    expect(pathOfFilters({ party: { exclude: ['4'] } }, today).partyFilter).toBe('all');
    expect(pathOfFilters({ start_date: { to: today } }, today).dateFilter).toBe('all');
    expect(pathOfFilters({ start_date: { to: today, include: ['2026-11-01'] }, end_date: { from: today } }, today).dateFilter).toBe('all');
    // Other filters leave the address alone.
    expect(pathOfFilters({ party: { include: ['4'] }, status: { include: ['active'] }, ...filtersOfPath({ partyFilter: 'all', dateFilter: 'past' }, today) }, today)).toEqual({ partyFilter: '4', dateFilter: 'past' });
  });
});
