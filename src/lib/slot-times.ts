/**
 * The slots a week pattern makes at a loading place (docs/scheduler.md, Times): each local start
 * time of each local day becomes an instant by the zone's rules, so a day across a daylight-saving
 * change keeps its slots at their local times, a time the clocks skip makes no slot (and says so),
 * and a time that happens twice is its first occurrence. A slot lasts its minutes of elapsed time.
 */
import { instantOfWallTime, instantsOfWallTime } from './time-zone';

/**
 * One slot of a week pattern: ISO weekday (1 Monday … 7 Sunday), local start `HH:MM`, minutes,
 * loads, the most it loads in m³ (no limit when left out), and the products it takes (any when left out).
 */
export interface PatternSlot { weekday: number; start: string; minutes: number; capacity: number; volume?: number; products?: number[] }

export interface PlannedSlot { date: string; start: string; starts_at: string; ends_at: string; capacity: number; volume?: number; products?: number[] }

/** The most m³ one slot may be given. */
export const MAX_SLOT_VOLUME = 100_000;

/** The most loads one slot takes, and the longest slot: a day. */
export const MAX_SLOT_LOADS = 200;
export const MAX_SLOT_MINUTES = 24 * 60;

export interface SlotPlan {
  slots: PlannedSlot[];
  /** Local times that do not exist on their day (the clocks skip them), with why. */
  skipped: { date: string; start: string; reason: string }[];
}

/** Most days one plan may cover: a year. */
export const MAX_PLAN_DAYS = 366;
const DAY_MS = 86_400_000;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A local date's day number (days since 1970-01-01), or null when it is no real day. */
function dayNumber(date: string): number | null {
  if (!LOCAL_DATE.test(date)) return null;
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms / DAY_MS : null;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a day number: 1970-01-01 was a Thursday (4). */
const weekdayOf = (day: number) => ((day + 3) % 7 + 7) % 7 + 1;

/** What is wrong with a pattern slot, by field, or an empty object. */
export function patternSlotErrors(s: PatternSlot): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(s.weekday) || s.weekday < 1 || s.weekday > 7) errors.weekday = 'A weekday from 1 (Monday) to 7 (Sunday).';
  if (typeof s.start !== 'string' || !LOCAL_TIME.test(s.start)) errors.start = 'A local time as HH:MM, 00:00 to 23:59.';
  if (!Number.isInteger(s.minutes) || s.minutes < 5 || s.minutes > MAX_SLOT_MINUTES) errors.minutes = `From 5 to ${MAX_SLOT_MINUTES.toLocaleString('en-US')} minutes.`;
  if (!Number.isInteger(s.capacity) || s.capacity < 1 || s.capacity > MAX_SLOT_LOADS) errors.capacity = `From 1 to ${MAX_SLOT_LOADS} loads.`;
  if (s.volume !== undefined && (typeof s.volume !== 'number' || !(s.volume > 0) || s.volume > MAX_SLOT_VOLUME || Math.round(s.volume * 1000) !== s.volume * 1000)) errors.volume = `From 0.001 to ${MAX_SLOT_VOLUME.toLocaleString('en-US')} m³, at most 3 decimals.`;
  if (s.products !== undefined && (!Array.isArray(s.products) || s.products.length > 200 || !s.products.every((p) => Number.isInteger(p) && p > 0))) errors.products = 'A list of product ids.';
  return errors;
}

/**
 * The slots `pattern` makes on each local day from `from` to `to` (both included, `yyyy-MM-dd`)
 * at `zone`, in time order. Throws on a range that is not one of real days, backwards, or longer
 * than a year, and on a pattern slot with errors.
 */
export function slotsFromPattern(pattern: readonly PatternSlot[], from: string, to: string, zone: string): SlotPlan {
  const [first, last] = [dayNumber(from), dayNumber(to)];
  if (first === null || last === null) throw new RangeError('The range needs two real days, yyyy-MM-dd.');
  if (last < first) throw new RangeError('The range ends before it starts.');
  if (last - first + 1 > MAX_PLAN_DAYS) throw new RangeError(`The range covers more than ${MAX_PLAN_DAYS} days.`);
  for (const s of pattern) {
    const errors = patternSlotErrors(s);
    if (Object.keys(errors).length) throw new RangeError(`A pattern slot is not valid: ${Object.values(errors).join(' ')}`);
  }
  const plan: SlotPlan = { slots: [], skipped: [] };
  for (let day = first; day <= last; day++) {
    const date = dateOf(day);
    for (const s of pattern.filter((p) => p.weekday === weekdayOf(day))) {
      const [start] = instantsOfWallTime(`${date}T${s.start}`, zone) ?? [];
      if (!start) {
        plan.skipped.push({ date, start: s.start, reason: 'The clocks skip this time on this day (daylight saving).' });
        continue;
      }
      const ends = new Date(Date.parse(start) + s.minutes * 60_000).toISOString();
      plan.slots.push({ date, start: s.start, starts_at: start, ends_at: ends, capacity: s.capacity, ...(s.volume !== undefined ? { volume: s.volume } : {}), ...(s.products?.length ? { products: s.products } : {}) });
    }
  }
  plan.slots.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  return plan;
}

/** How many hours a local day has at a zone: 24, or 23 and 25 on the days the clocks change. */
export function hoursInLocalDay(date: string, zone: string): number {
  const day = dayNumber(date);
  if (day === null) throw new RangeError('A real day, yyyy-MM-dd.');
  const midnight = (d: number) => Date.parse(instantOfWallTime(`${dateOf(d)}T00:00`, zone)!);
  return (midnight(day + 1) - midnight(day)) / 3_600_000;
}
