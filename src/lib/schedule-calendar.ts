/**
 * A schedule's calendar (docs/rail.md §11.3, Schedule): months, weeks starting on Monday, and the
 * days a "Plan days" range picks. Dates are `yyyy-MM-dd` calendar dates (a schedule day is a day,
 * not an instant, so no zone), computed in UTC; the planning screen and the demo seed share them.
 */
import { addDays } from './contract-periods';

/** 1 Monday ... 7 Sunday. */
export const weekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
export const monthOf = (day: string) => day.slice(0, 7);

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Mon" */
export const dayName = (d: string) => WEEKDAYS[weekday(d) - 1];
export const dayOfMonth = (d: string) => Number(d.slice(8, 10));
/** "Mon 23 Nov" */
export const dayTitle = (d: string) => `${dayName(d)} ${dayOfMonth(d)} ${MONTHS[Number(d.slice(5, 7)) - 1]}`;
/** "Mon 23 Nov to Sun 6 Dec 2026" */
export const rangeTitle = (days: readonly string[]) => (days.length ? `${dayTitle(days[0])} to ${dayTitle(days[days.length - 1])} ${days[days.length - 1].slice(0, 4)}` : '');
export const isWeekend = (d: string) => weekday(d) >= 6;

export function shiftMonth(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The weeks (Monday first) that show `month` (`yyyy-MM`), each of 7 dates; days of the neighbouring months fill the first and last weeks. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const start = addDays(first, 1 - weekday(first));
  const weeks: string[][] = [];
  for (let day = start; monthOf(day) <= month || weeks.length === 0; ) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    if (monthOf(week[0]) > month) break;
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/** Every date from `from` to `to` (both included) whose weekday is one of `weekdays` (1 Monday ... 7 Sunday). */
export function pickDays(from: string, to: string, weekdays: readonly number[]): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (weekdays.includes(weekday(day))) out.push(day);
  return out;
}

/** The month to open on: today's when the contract runs then, else the contract's first month. */
export function openingMonth(today: string, start: string, end: string): string {
  return today >= start && today <= end ? monthOf(today) : monthOf(start);
}
