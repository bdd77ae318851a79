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
