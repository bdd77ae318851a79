/**
 * The calendar arithmetic of limit periods (docs/terminal.md, Limit arithmetic), on plain
 * `YYYY-MM-DD` days so that no time zone enters: a day is the site's calendar day.
 * - the period of a type containing a day: the day itself, its ISO week (Monday to Sunday), its
 *   calendar month, quarter or year;
 * - the period after one: it starts the day after the last one ended and lasts one period type
 *   from there (a period keyed 15th to 14th rolls to the next 15th to 14th).
 * Shared by the server (roll forward, the first period) and the limit screen (what rolling forward
 * will make), so both say the same.
 */
export type LimitPeriodType = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** Days of the types whose length is fixed (`period_types/`). */
export const FIXED_DAYS: Record<LimitPeriodType, number | null> = { day: 1, week: 7, month: null, quarter: null, year: null };

const MONTHS: Record<LimitPeriodType, number> = { day: 0, week: 0, month: 1, quarter: 3, year: 12 };

const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const format = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => format(new Date(parse(day).getTime() + n * 86_400_000));

/** The day `n` months after, the day of the month kept where the month has it, else its last day. */
function addMonths(day: string, n: number): string {
  const d = parse(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d.getUTCDate(), last))));
}

/** The first day after a period of this type starting on `start`. */
const after = (type: LimitPeriodType, start: string) => (MONTHS[type] ? addMonths(start, MONTHS[type]) : addDays(start, FIXED_DAYS[type]!));

/** The calendar period of the type that holds the day. */
export function periodContaining(type: LimitPeriodType, day: string): { start: string; end: string } {
  const d = parse(day);
  let start = day;
  if (type === 'week') start = addDays(day, -((d.getUTCDay() + 6) % 7));
  else if (type !== 'day') {
    const month = type === 'month' ? d.getUTCMonth() : type === 'quarter' ? d.getUTCMonth() - (d.getUTCMonth() % 3) : 0;
    start = format(new Date(Date.UTC(d.getUTCFullYear(), month, 1)));
  }
  return { start, end: addDays(after(type, start), -1) };
}

/** The period that follows one ending on `end`. */
export function nextPeriod(type: LimitPeriodType, end: string): { start: string; end: string } {
  const start = addDays(end, 1);
  return { start, end: addDays(after(type, start), -1) };
}

/** A v2 transfer limit's period: a day, a week, a month, or every `days_in_period` days. */
export type TransferPeriodType = 'day' | 'week' | 'month' | 'days';

const daysBetween = (from: string, to: string) => Math.round((parse(to).getTime() - parse(from).getTime()) / 86_400_000);

/**
 * The window of a transfer limit holding a day: windows follow one another from `anchor` (the
 * period start date), each one period long; none before the anchor. A month window runs from the
 * anchor's day of the month (or the month's last day) to the day before the next one.
 */
export function windowOf(type: TransferPeriodType, days: number | null, anchor: string, day: string): { start: string; end: string } | null {
  if (day < anchor) return null;
  if (type === 'month') {
    const a = parse(anchor);
    const d = parse(day);
    let n = (d.getUTCFullYear() - a.getUTCFullYear()) * 12 + d.getUTCMonth() - a.getUTCMonth();
    if (addMonths(anchor, n) > day) n -= 1;
    const start = addMonths(anchor, n);
    return { start, end: addDays(addMonths(anchor, n + 1), -1) };
  }
  const length = type === 'day' ? 1 : type === 'week' ? 7 : Math.max(1, days ?? 1);
  const start = addDays(anchor, Math.floor(daysBetween(anchor, day) / length) * length);
  return { start, end: addDays(start, length - 1) };
}

/** The windows from the one holding `from` through the one holding `to`, at most `max` of them. */
export function windowsBetween(type: TransferPeriodType, days: number | null, anchor: string, from: string, to: string, max: number) {
  const out: { start: string; end: string }[] = [];
  let w = windowOf(type, days, anchor, from < anchor ? anchor : from);
  while (w && w.start <= to && out.length < max) {
    out.push(w);
    w = windowOf(type, days, anchor, addDays(w.end, 1));
  }
  return out;
}
