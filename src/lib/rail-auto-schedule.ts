/**
 * Auto-scheduling a rail route (docs/rail-auto-schedule.md): the remaining cars (cars minus the sum
 * of actuals) are spread evenly over the days with no actual, carrying the rounding remainder
 * forward; days with an actual keep it. A pure rule, so the server's `auto_schedule/` action and
 * the planning screen's live preview give the same numbers.
 *
 * Exact arithmetic (docs/rail-auto-schedule.md, Rounding): every value is counted in whole units of
 * 1/(100 × open days) of a car, so the share, the carry and the 0.01 are all whole numbers of units
 * and no binary fraction is ever rounded. With at most 100,000 cars and 366 days the largest number
 * met is about 10^7, far inside the integers a JavaScript number holds exactly.
 */
import { type Field, integer, json } from '../resources/fields';

/** Most cars a route's auto-schedule takes, and most cars one day's actual may hold. */
export const MAX_CARS = 100_000;
/** Most days one schedule holds: a year, leap day included. */
export const MAX_SCHEDULE_DAYS = 366;

/** One day as the planner sends it: `actual` is the cars actually moved that day, or null (or left out) when there is none yet. */
export interface ScheduleDayInput { date: string; actual?: number | null }
export interface AutoScheduleInput { cars: number; schedule: readonly ScheduleDayInput[] }
/** One day as the rule answers it: `quantity` is the actual on a day that has one, else the day's share. */
export interface ScheduledDay { date: string; quantity: number; actual: number | null }
export interface AutoScheduleResult { schedule: ScheduledDay[] }

/** Per-field messages, as the API answers a 400 (`{cars: [...], schedule: ['Row 2: ...']}`). */
export type FieldErrors = Record<string, string[]>;
export type CheckedInput = { ok: true; input: AutoScheduleInput } | { ok: false; errors: FieldErrors };

/**
 * The action's input in the engine's field kinds: the engine checks `cars` and that `schedule` is a
 * JSON list before the handler runs; the handler then calls `checkAutoScheduleInput` for the days.
 * The answer is `result: 'object'` shaped as `AutoScheduleResult`.
 */
export const AUTO_SCHEDULE_INPUT: Record<string, Field> = {
  cars: integer({ required: true, min: 0, max: MAX_CARS, label: 'Cars', help: 'Cars the route moves in all.' }),
  schedule: json({
    shape: 'array', required: true, label: 'Schedule',
    help: `The route's days, at most ${MAX_SCHEDULE_DAYS}: [{date: "yyyy-MM-dd", actual: whole number of cars or null}].`,
  }),
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_MESSAGE = 'date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

/** A calendar date written `yyyy-MM-dd`, years 0001 to 9999 (what a date column stores). */
export function isScheduleDate(s: unknown): s is string {
  const m = typeof s === 'string' ? DATE.exec(s) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

const isWhole = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);

/**
 * Checks an auto-schedule input and says what is wrong field by field, in the API's words: `cars` a
 * whole number 0..100,000; `schedule` a list of at most 366 days, each `{date, actual}` with a valid
 * `yyyy-MM-dd` date listed once and an actual that is null (or left out) or a whole number of cars
 * 0..100,000. A day's `quantity` is ignored (a previous answer may be sent back as it is); any other
 * key is refused. Messages about a day name its row as sent (`Row 3: ...`).
 */
export function checkAutoScheduleInput(raw: unknown): CheckedInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, errors: { non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`] } };
  }
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const add = (field: string, message: string) => { (errors[field] ??= []).push(message); };
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) if (key !== 'cars' && key !== 'schedule') add(key, 'Unknown field.');

  const cars = body.cars;
  if (cars === undefined) add('cars', 'This field is required.');
  else if (cars === null) add('cars', 'This field may not be null.');
  else if (typeof cars !== 'number' || !Number.isInteger(cars)) add('cars', 'A valid integer is required.');
  else if (cars < 0) add('cars', 'Ensure this value is greater than or equal to 0.');
  else if (cars > MAX_CARS) add('cars', `Ensure this value is less than or equal to ${MAX_CARS}.`);

  const days = body.schedule;
  const schedule: ScheduleDayInput[] = [];
  if (days === undefined) add('schedule', 'This field is required.');
  else if (days === null) add('schedule', 'This field may not be null.');
  else if (!Array.isArray(days)) add('schedule', 'Value must be a JSON list.');
  else if (days.length > MAX_SCHEDULE_DAYS) add('schedule', `Ensure this field has no more than ${MAX_SCHEDULE_DAYS} elements.`);
  else {
    const firstRow = new Map<string, number>();
    days.forEach((day: unknown, i) => {
      const where = `Row ${i + 1}`;
      if (day === null || typeof day !== 'object' || Array.isArray(day)) {
        add('schedule', `${where}: expected {date, actual}, got ${typeName(day)}.`);
        return;
      }
      const { date, actual = null, quantity: _quantity, ...rest } = day as Record<string, unknown>;
      const unknown = Object.keys(rest);
      if (unknown.length) add('schedule', `${where}: unknown keys ${unknown.join(', ')}.`);
      let good = unknown.length === 0;
      if (date === undefined) { add('schedule', `${where}: date is required.`); good = false; }
      else if (!isScheduleDate(date)) { add('schedule', `${where}: ${DATE_MESSAGE}`); good = false; }
      else if (firstRow.has(date)) { add('schedule', `${where}: ${date} is listed twice (also row ${firstRow.get(date)}).`); good = false; }
      else firstRow.set(date, i + 1);
      if (actual !== null && !isWhole(actual, MAX_CARS)) {
        add('schedule', `${where}: actual must be null or a whole number of cars from 0 to ${MAX_CARS}.`);
        good = false;
      }
      if (good) schedule.push({ date: date as string, actual: actual as number | null });
    });
  }
  if (Object.keys(errors).length) return { ok: false, errors: { ...errors } };
  return { ok: true, input: { cars: cars as number, schedule } };
}

/** ⌊a / b⌋ of whole numbers a ≥ 0 and b > 0, without a binary fraction in between. */
const floorDiv = (a: number, b: number) => (a - (a % b)) / b;

/**
 * The shares of `remaining` cars over `open` days, in order (docs/rail-auto-schedule.md, Rounding):
 * each day's value is remaining / open plus the carry, its quantity is that value plus 0.01,
 * truncated, and what the truncation left (possibly a little below zero, when the 0.01 rounded up)
 * is carried to the next day. Counted in units of 1/(100 × open) car: the share is 100 × remaining
 * units, the 0.01 is `open` units, a car is 100 × open units.
 *
 * The shares are whole numbers ≥ 0, differ by at most 1 and add up to `remaining` exactly: after
 * day i the quantities add up to ⌊i × remaining / open + 0.01⌋, which on the last day is ⌊remaining
 * + 0.01⌋ = remaining. Nothing but zeros when remaining ≤ 0; no day when open is 0.
 */
export function spreadRemaining(remaining: number, open: number): number[] {
  if (!Number.isInteger(remaining) || !Number.isInteger(open) || open < 0) throw new RangeError(`Cannot spread ${remaining} cars over ${open} days.`);
  if (remaining <= 0) return new Array<number>(open).fill(0);
  const car = 100 * open;
  const share = 100 * remaining;
  const nudge = open;
  const out: number[] = [];
  let carry = 0;
  for (let i = 0; i < open; i++) {
    const value = share + carry;
    // value + nudge ≥ 100 × remaining > 0 (the carry is never below −0.01 car), so the floor is a truncation.
    const quantity = floorDiv(value + nudge, car);
    carry = value - quantity * car;
    out.push(quantity);
  }
  // Proven above; kept as a guard so a change to the rule can never hand out more or fewer cars than remain.
  const sum = out.reduce((s, q) => s + q, 0);
  if (open > 0 && sum !== remaining) throw new Error(`Auto-schedule spread ${sum} cars instead of ${remaining}.`);
  return out;
}

/**
 * The auto-schedule of a route: every day in date order; a day with an actual keeps it as its
 * quantity, the other days share the remaining cars (`spreadRemaining`). Throws a RangeError on
 * input `checkAutoScheduleInput` refuses; callers check first to answer per-field messages.
 */
export function autoSchedule(input: AutoScheduleInput): AutoScheduleResult {
  const checked = checkAutoScheduleInput(input);
  if (!checked.ok) throw new RangeError(`Invalid auto-schedule input: ${JSON.stringify(checked.errors)}`);
  const days = [...checked.input.schedule]
    .map((d) => ({ date: d.date, actual: d.actual ?? null }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const actuals = days.reduce((s, d) => s + (d.actual ?? 0), 0);
  const shares = spreadRemaining(checked.input.cars - actuals, days.filter((d) => d.actual === null).length);
  let next = 0;
  return { schedule: days.map((d) => ({ date: d.date, quantity: d.actual ?? shares[next++], actual: d.actual })) };
}
