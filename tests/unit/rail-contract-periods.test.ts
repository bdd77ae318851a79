/** A contract's period (docs/rail.md §4.1, §6.1, §11.2): its length, roll-overs by month, quarter and year, and the contract list's date filters. */
import { describe, expect, it } from 'vitest';
import { addMonths, contractDays, dateFilterOf, dateFilterRanges, rollOver } from '../../src/lib/contract-periods';

describe('roll-over dates (the examples of docs/rail.md §6.1)', () => {
  it('keeps the day, clamped to the month: 2026-01-31 + 1 month = 2026-02-28', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
  });

  it('an end on its month\'s last day stays on the last day: an end 2026-02-28 + 1 month = 2026-03-31', () => {
    expect(addMonths('2026-02-28', 1, true)).toBe('2026-03-31');
    expect(addMonths('2026-04-30', 1, true)).toBe('2026-05-31');
    // Not the month's last day: kept as a start would keep it.
    expect(addMonths('2028-02-28', 12, true)).toBe('2029-02-28');
    expect(addMonths('2026-03-30', 1, true)).toBe('2026-04-30');
  });

  it('2026-01-01..2026-03-31 + quarter = 2026-04-01..2026-06-30; 2028-02-29 + year = 2029-02-28', () => {
    expect(rollOver({ start_date: '2026-01-01', end_date: '2026-03-31' }, 'quarter')).toEqual({ start_date: '2026-04-01', end_date: '2026-06-30' });
    expect(rollOver({ start_date: '2028-02-29', end_date: '2028-02-29' }, 'year')).toEqual({ start_date: '2029-02-28', end_date: '2029-02-28' });
    expect(rollOver({ start_date: '2026-11-01', end_date: '2026-11-30' }, 'month')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
    expect(rollOver({ start_date: '2026-12-01', end_date: '2026-12-31' }, 'month')).toEqual({ start_date: '2027-01-01', end_date: '2027-01-31' });
  });

  it('a whole-month period stays whole months over a year of roll-overs', () => {
    let p = { start_date: '2026-01-01', end_date: '2026-01-31' };
    for (let i = 0; i < 12; i++) {
      p = rollOver(p, 'month');
      expect(p.start_date.endsWith('-01')).toBe(true);
      expect(contractDays(p.start_date, addMonths(p.start_date, 1)) - 1).toBe(contractDays(p.start_date, p.end_date));
    }
    expect(p).toEqual({ start_date: '2027-01-01', end_date: '2027-01-31' });
  });
});

describe('length', () => {
  it('counts both ends: one day is 1; a leap year is 366 days', () => {
    expect(contractDays('2026-11-23', '2026-11-23')).toBe(1);
    expect(contractDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(contractDays('2026-11-23', '2026-11-22')).toBe(0);
    // Across the change to daylight saving time: still whole days.
    expect(contractDays('2026-03-01', '2026-03-31')).toBe(31);
  });
});

describe('the contract list\'s date filters (docs/rail.md §11.2)', () => {
  const today = '2026-11-23';
  it('turns each named filter into ranges on the start and end dates', () => {
    expect(dateFilterRanges('all', today)).toEqual({});
    expect(dateFilterRanges('current', today)).toEqual({ start_date: { to: today }, end_date: { from: today } });
    expect(dateFilterRanges('upcoming', today)).toEqual({ start_date: { from: '2026-11-24' } });
    expect(dateFilterRanges('past', today)).toEqual({ end_date: { to: '2026-11-22' } });
    expect(dateFilterRanges('2026', today)).toEqual({ start_date: { to: '2026-12-31' }, end_date: { from: '2026-01-01' } });
    expect(dateFilterRanges('2028-02', today)).toEqual({ start_date: { to: '2028-02-29' }, end_date: { from: '2028-02-01' } });
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'soon', '2026-13', '2026-1', '26', 'current ']) expect(dateFilterRanges(bad, today), bad).toBeNull();
  });

  it('names ranges back, and none once the user changed one', () => {
    for (const name of ['all', 'current', 'upcoming', 'past', '2026', '2025-07']) expect(dateFilterOf(dateFilterRanges(name, today)!, today), name).toBe(name);
    expect(dateFilterOf({ start_date: { to: today } }, today)).toBeNull();
    expect(dateFilterOf({ start_date: { to: '2026-05-31' }, end_date: { from: '2026-01-01' } }, today)).toBeNull();
  });
});
