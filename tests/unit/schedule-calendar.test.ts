import { describe, expect, it } from 'vitest';
import { shiftMonth, monthWeeks, openingMonth, pickDays, weekday } from '../../src/lib/schedule-calendar';
import { addDays } from '../../src/lib/contract-periods';

describe('the planning calendar', () => {
  it('counts weekdays from Monday and walks across months, years and leap days', () => {
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-29')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftMonth('2026-11', 2)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('shows a month as whole weeks starting on Monday', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday: the first week starts on Monday 26 October.
    expect(weeks[0][0]).toBe('2026-10-26');
    expect(weeks[0][6]).toBe('2026-11-01');
    expect(weeks.at(-1)!.includes('2026-11-30')).toBe(true);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7 && weekday(w[0]) === 1)).toBe(true);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });

  it('picks the days of a range on chosen weekdays, both ends included', () => {
    expect(pickDays('2026-11-20', '2026-11-30', [1, 2, 3, 4, 5])).toEqual(['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30']);
    expect(pickDays('2026-11-21', '2026-11-22', [1, 2, 3, 4, 5])).toEqual([]);
    expect(pickDays('2026-11-30', '2026-11-20', [1])).toEqual([]);
  });

  it('opens on today\'s month while the contract runs, else on its first month', () => {
    expect(openingMonth('2026-11-24', '2026-10-01', '2027-03-31')).toBe('2026-11');
    expect(openingMonth('2026-11-24', '2027-01-01', '2027-03-31')).toBe('2027-01');
  });
});
