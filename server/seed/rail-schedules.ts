/**
 * The demo contracts' schedules (docs/rail.md §4.2, §13): every contract gets its schedule, as the
 * contract's create hook makes one; the demo's bulk-inserted contracts get theirs here. Draft,
 * active and closed contracts have their weekdays planned with the shared rule; days before today
 * of active and closed contracts have their actual cars (the planned number, now and then one car
 * less or more), so the planning screen opens on a month half done. A cancelled contract keeps an
 * empty schedule.
 */
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contract } from '../../src/resources/rail/contract';
import { railSchedule, railScheduleEntry } from '../../src/resources/rail/rail-schedule';
import { autoSchedule } from '../../src/lib/rail-auto-schedule';
import { pickDays } from '../../src/lib/schedule-calendar';
import { type Row, insertMany, rng } from './seed-kit';

const WEEKDAYS = [1, 2, 3, 4, 5];

/** Makes the schedules the contracts of these companies lack; true when it made any. */
export async function seedSchedules(db: Db, companyIds: number[], today: string): Promise<boolean> {
  const c = tableOf(contract);
  const s = tableOf(railSchedule);
  const lacking = await db.select({ id: c.id, company: c.company, number: c.contract_number, cars: c.number_of_cars, start: c.start_date, end: c.end_date, status: c.status })
    .from(c).where(and(inArray(c.company, companyIds), notExists(db.select({ one: s.id }).from(s).where(eq(s.contract, c.id))))).orderBy(c.id);
  if (!lacking.length) return false;
  await insertMany(db, railSchedule, lacking.map((k) => ({ contract: k.id, company: k.company, name: k.number })));
  const made = await db.select({ id: s.id, contract: s.contract }).from(s).where(inArray(s.contract, lacking.map((k) => k.id)));
  const scheduleOf = new Map(made.map((x) => [x.contract, x.id]));
  const r = rng(4242);
  const days: Row[] = [];
  for (const k of lacking) {
    if (k.status === 'cancelled') continue;
    const dates = pickDays(String(k.start), String(k.end), WEEKDAYS);
    const done = k.status !== 'draft';
    const plan = autoSchedule({ cars: k.cars as number, schedule: dates.map((date) => ({ date, actual: null })) }).schedule;
    for (const d of plan) {
      const actual = done && d.date < today ? Math.max(0, d.quantity + (r.chance(0.15) ? r.pick([-1, 1]) : 0)) : null;
      days.push({ schedule: scheduleOf.get(k.id), company: k.company, date: d.date, quantity: d.quantity, actual });
    }
  }
  await insertMany(db, railScheduleEntry, days);
  return true;
}
