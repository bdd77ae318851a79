/**
 * A nomination's days (docs/partners.md, Nominations): `[{date, quantity}]`, the cars a partner
 * wants on each day, like a rail schedule's planned days. One checker for the server's writes and
 * the nomination screen, in the API's words (`Row 3: ...`), and the day-by-day helpers both use.
 */
import { MAX_CARS, MAX_SCHEDULE_DAYS, isScheduleDate, spreadRemaining } from './rail-auto-schedule';
import { addDays } from './contract-periods';

export interface NominationDay { date: string; quantity: number }
export type DaysCheck = { ok: true; days: NominationDay[] } | { ok: false, errors: string[] };

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);

/**
 * Each day a valid `yyyy-MM-dd` listed once, inside `[from, to]` (the order's window), with a whole
 * number of cars 0..100,000; at most 366 days. Answers the days sorted by date.
 */
export function checkNominationDays(raw: unknown, from: string, to: string): DaysCheck {
  if (!Array.isArray(raw)) return { ok: false, errors: [`Expected a list of days, got ${typeName(raw)}.`] };
  if (raw.length > MAX_SCHEDULE_DAYS) return { ok: false, errors: [`At most ${MAX_SCHEDULE_DAYS} days.`] };
  const errors: string[] = [];
  const seen = new Map<string, number>();
  const days: NominationDay[] = [];
  raw.forEach((day: unknown, i) => {
    const where = `Row ${i + 1}`;
    if (day === null || typeof day !== 'object' || Array.isArray(day)) { errors.push(`${where}: expected {date, quantity}, got ${typeName(day)}.`); return; }
    const { date, quantity, ...rest } = day as Record<string, unknown>;
    const before = errors.length;
    if (Object.keys(rest).length) errors.push(`${where}: unknown keys ${Object.keys(rest).join(', ')}.`);
    if (!isScheduleDate(date)) errors.push(`${where}: date must be a day written yyyy-MM-dd.`);
    else if (seen.has(date)) errors.push(`${where}: ${date} is listed twice (also row ${seen.get(date)}).`);
    else if (date < from || date > to) errors.push(`${where}: ${date} is outside the order (${from} to ${to}).`);
    else seen.set(date, i + 1);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX_CARS) errors.push(`${where}: quantity must be a whole number of cars from 0 to ${MAX_CARS}.`);
    if (errors.length === before) days.push({ date: date as string, quantity: quantity as number });
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, days: days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) };
}

/** Every day from `from` to `to`, both included (at most 366), with no cars. */
export function daysBetween(from: string, to: string): NominationDay[] {
  const out: NominationDay[] = [];
  for (let day = from; day <= to && out.length < MAX_SCHEDULE_DAYS; day = addDays(day, 1)) out.push({ date: day, quantity: 0 });
  return out;
}

/** The cars spread evenly over the days by the rail schedule's own rule (src/lib/rail-auto-schedule.ts). */
export function spreadOver(days: readonly NominationDay[], cars: number): NominationDay[] {
  const shares = spreadRemaining(cars, days.length);
  return days.map((d, i) => ({ date: d.date, quantity: shares[i] }));
}

export const totalOf = (days: readonly NominationDay[]) => days.reduce((n, d) => n + d.quantity, 0);
