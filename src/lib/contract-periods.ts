/**
 * A contract's period (docs/rail.md §4.1, §6.1, §11.2): how long it runs, how a roll-over moves it,
 * and the contract list's date filters. Plain `yyyy-MM-dd` dates, no zone (a contract's dates are
 * calendar dates); pure, so the server, the screens and the unit tests read them alike.
 */
import { MAX_SCHEDULE_DAYS } from './rail-auto-schedule';

/** A contract runs at most a year, leap day included: one schedule holds it (docs/rail.md §7). */
export const MAX_CONTRACT_DAYS = MAX_SCHEDULE_DAYS;

export const ROLL_OVER_MONTHS = { month: 1, quarter: 3, year: 12 } as const;
export type RollOverPeriod = keyof typeof ROLL_OVER_MONTHS;

const DAY_MS = 86_400_000;
const utc = (d: string) => Date.parse(`${d}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** Days from start to end, both counted: 1 for a one-day contract, 0 or less when it ends before it starts. */
export const contractDays = (start: string, end: string) => Math.round((utc(end) - utc(start)) / DAY_MS) + 1;

export const addDays = (date: string, n: number) => iso(utc(date) + n * DAY_MS);

/**
 * A date moved by whole months, keeping its day clamped to the month's length (2026-01-31 + 1 month
 * is 2026-02-28). An end date that is the last day of its month stays the last day of its month
 * (an end 2026-02-28 + 1 month is 2026-03-31), so a period of whole months stays whole months.
 */
export function addMonths(date: string, months: number, isEnd = false): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = daysIn(year, month);
  const day = isEnd && d === daysIn(y, m - 1) ? last : Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A contract's dates rolled over by a period: 2026-01-01..2026-03-31 + quarter is 2026-04-01..2026-06-30. */
export function rollOver(p: { start_date: string; end_date: string }, period: RollOverPeriod): { start_date: string; end_date: string } {
  const n = ROLL_OVER_MONTHS[period];
  return { start_date: addMonths(p.start_date, n), end_date: addMonths(p.end_date, n, true) };
}

/**
 * The contract list's date filter (`contract/list/{party}/{date}/`): `all`, `current` (running
 * today), `upcoming` (starting after today), `past` (ended before today), a year (`2026`) or a
 * month (`2026-11`), each overlapping it. As the shared table's ranges on the start and end dates;
 * null for a value that is none of these.
 */
export type DateRanges = { start_date?: { from?: string; to?: string }; end_date?: { from?: string; to?: string } };

export function dateFilterRanges(filter: string, today: string): DateRanges | null {
  if (filter === 'all') return {};
  if (filter === 'current') return { start_date: { to: today }, end_date: { from: today } };
  if (filter === 'upcoming') return { start_date: { from: addDays(today, 1) } };
  if (filter === 'past') return { end_date: { to: addDays(today, -1) } };
  const year = /^(\d{4})$/.exec(filter);
  if (year) return { start_date: { to: `${year[1]}-12-31` }, end_date: { from: `${year[1]}-01-01` } };
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(filter);
  if (month) {
    const first = `${month[1]}-${month[2]}-01`;
    return { start_date: { to: addDays(addMonths(first, 1), -1) }, end_date: { from: first } };
  }
  return null;
}

/** The named date filter these ranges are, or null when they are none of them (the user changed one). */
export function dateFilterOf(ranges: DateRanges, today: string, year = today.slice(0, 4)): string | null {
  const same = (a: DateRanges | null) => a !== null && JSON.stringify(norm(a)) === JSON.stringify(norm(ranges));
  for (const name of ['all', 'current', 'upcoming', 'past']) if (same(dateFilterRanges(name, today))) return name;
  const start = ranges.start_date?.to;
  const candidates = start ? [start.slice(0, 4), start.slice(0, 7)] : [year];
  for (const c of candidates) if (same(dateFilterRanges(c, today))) return c;
  return null;
}

/** Ranges without empty ends or empty columns, in one key order, for comparing. */
function norm(r: DateRanges): DateRanges {
  const out: DateRanges = {};
  for (const k of ['start_date', 'end_date'] as const) {
    const v = r[k];
    const clean = { ...(v?.from ? { from: v.from } : {}), ...(v?.to ? { to: v.to } : {}) };
    if (Object.keys(clean).length) out[k] = clean;
  }
  return out;
}
