/**
 * A report's periods (`ticket_date__period=last_month`, docs/reports.md, The definition) as bounds,
 * reckoned at the moment the report runs in the company's time zone: the days a period covers are
 * calendar days there, and a time is in the period from its first local midnight to the midnight
 * after its last day (so a day of 23 or 25 hours is covered whole).
 */
import { addDays, addMonths } from '../../src/lib/contract-periods';
import { instantOfWallTime, localDateIn } from '../../src/lib/time-zone';
import type { Period } from '../../src/resources/reports/report-terms';

/** The first and last day of a period containing (or before) `today`, as `yyyy-MM-dd`. */
export function periodDays(period: Period, today: string): { first: string; last: string } {
  const [y, m] = today.split('-').map(Number);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monthStart = `${today.slice(0, 7)}-01`;
  const quarterStart = `${y}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
  const yearStart = `${y}-01-01`;
  switch (period) {
    case 'today': return { first: today, last: today };
    case 'yesterday': return { first: addDays(today, -1), last: addDays(today, -1) };
    case 'this_week': return { first: addDays(today, -weekday), last: addDays(today, 6 - weekday) };
    case 'last_week': return { first: addDays(today, -weekday - 7), last: addDays(today, -weekday - 1) };
    case 'this_month': return { first: monthStart, last: addDays(addMonths(monthStart, 1), -1) };
    case 'last_month': return { first: addMonths(monthStart, -1), last: addDays(monthStart, -1) };
    case 'this_quarter': return { first: quarterStart, last: addDays(addMonths(quarterStart, 3), -1) };
    case 'last_quarter': return { first: addMonths(quarterStart, -3), last: addDays(quarterStart, -1) };
    case 'this_year': return { first: yearStart, last: `${y}-12-31` };
    case 'last_year': return { first: `${y - 1}-01-01`, last: `${y - 1}-12-31` };
    case 'last_7_days': return { first: addDays(today, -6), last: today };
    case 'last_30_days': return { first: addDays(today, -29), last: today };
  }
}

/** Bounds a filter takes: dates inclusive (`__gte`, `__lte`), times as instants (`__gte`, `__lt`). */
export function periodBounds(period: Period, now: Date, zone: string, times: boolean): { from: string; to: string } {
  const { first, last } = periodDays(period, localDateIn(now, zone)!);
  if (!times) return { from: first, to: last };
  return { from: instantOfWallTime(`${first}T00:00`, zone)!, to: instantOfWallTime(`${addDays(last, 1)}T00:00`, zone)! };
}
