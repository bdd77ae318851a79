/**
 * When a scheduled report is next mailed (docs/reports.md, Scheduled mailing): at its time of day
 * on the company's clock, daily, on a weekday, or on a day of the month (past the month's last
 * day: its last day). A time the clocks skip on the morning they spring forward is read as the
 * same time after the change (02:30 becomes 03:30), a time that happens twice as its first
 * occurrence; so a report is mailed once every day, never twice and never not at all.
 */
import { addDays } from '../../src/lib/contract-periods';
import { instantOfWallTime, localDateIn } from '../../src/lib/time-zone';
import { DEFAULT_SEND_TIME, type Frequency } from '../../src/resources/reports/report-terms';

export interface Schedule { frequency: Frequency; time?: string | null; weekday?: string | null; day_of_month?: number | null }

const daysIn = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

function falls(s: Schedule, day: string): boolean {
  if (s.frequency === 'daily') return true;
  if (s.frequency === 'weekly') return String(new Date(`${day}T00:00:00Z`).getUTCDay() || 7) === String(s.weekday ?? '1');
  if (s.frequency === 'monthly') return Number(day.slice(8)) === Math.min(s.day_of_month ?? 1, daysIn(day));
  return false;
}

/** The first moment after `after` the schedule names, or null when it is not mailed. */
export function nextRun(s: Schedule, after: Date, zone: string): Date | null {
  if (s.frequency === 'none') return null;
  const time = s.time || DEFAULT_SEND_TIME;
  // From the day before (an instant late in the local day may still precede the next day's time): a month and a half covers any monthly day.
  let day = addDays(localDateIn(after, zone)!, -1);
  for (let i = 0; i < 64; i++, day = addDays(day, 1)) {
    if (!falls(s, day)) continue;
    const at = new Date(instantOfWallTime(`${day}T${time}`, zone)!);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`no mailing day found for ${JSON.stringify(s)}`);
}
