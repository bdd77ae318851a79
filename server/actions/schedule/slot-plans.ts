/**
 * Making slots (docs/scheduler.md, Times): `create_slots/` makes a date range's slots from a
 * template's week pattern, or by hand (one start, length and capacity on the chosen weekdays), in
 * the location's zone; a start already taken at the location is left as it is. The template's
 * changes are brought to its future slots by `alter_slots_based_on_template/`: missing slots
 * made, changed ones given the template's length and capacity (never below their bookings), and
 * slots the template no longer has deleted, unless bookings hold them (kept, and named).
 */
import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { slot } from '../../../src/resources/schedule/slot';
import { slotTemplate } from '../../../src/resources/schedule/slot-template';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { type PatternSlot, type PlannedSlot, slotsFromPattern } from '../../../src/lib/slot-times';
import { formatInZone } from '../../../src/lib/time-zone';
import type { Db } from '../../db/connection';
import { joinTableOf, tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest, fieldError } from '../../engine/errors';
import { patternOf } from './template-rules';

const INSERT_CHUNK = 500;

interface PlanResult {
  created: number; existing: number; updated: number; removed: number;
  kept: { slot: number; starts_at: string; reason: string }[];
  skipped: { date: string; start: string; reason: string }[];
}

/** The location's zone and company (the slots' company: a superuser's call makes them there too). */
export async function locationOf(db: Db, id: unknown): Promise<{ zone: string; company: number }> {
  const l = tableOf(scheduleLocation);
  const [row] = await db.select({ zone: l.timezone, company: l.company }).from(l).where(eq(l.id, Number(id)));
  return { zone: String(row.zone), company: Number(row.company) };
}

/** The plan of a range, the range's errors said on its fields. */
function plan(pattern: readonly PatternSlot[], from: string, to: string, zone: string) {
  try {
    return slotsFromPattern(pattern, from, to, zone);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    throw badRequest(/ends before/.test(e.message) ? { to: ['The last day comes before the first.'] } : /pattern/.test(e.message) ? { template: [e.message] } : { to: [e.message] });
  }
}

/** Inserts the planned slots whose start is free at the location; answers how many were made. */
async function insertSlots(db: Db, company: number, location: number, template: number | null, slots: PlannedSlot[]): Promise<number> {
  const s = tableOf(slot);
  const links = joinTableOf(slot, 'products');
  let made = 0;
  for (let i = 0; i < slots.length; i += INSERT_CHUNK) {
    const chunk = slots.slice(i, i + INSERT_CHUNK);
    const rows = await db.insert(s).values(chunk.map((p) => ({
      company, location, template, starts_at: new Date(p.starts_at), ends_at: new Date(p.ends_at), day: p.date, capacity: p.capacity, booked: 0, status: 'open', volume_capacity: p.volume === undefined ? null : String(p.volume), booked_volume: '0',
    }))).onConflictDoNothing().returning({ id: s.id, starts_at: s.starts_at });
    made += rows.length;
    const products = new Map(chunk.map((p) => [Date.parse(p.starts_at), p.products ?? []]));
    const pairs = rows.flatMap((r) => (products.get(new Date(r.starts_at).getTime()) ?? []).map((target) => ({ owner_id: r.id, target_id: target })));
    if (pairs.length) await db.insert(links).values(pairs);
  }
  return made;
}

export const createSlots: ActionHandler = async ({ db, input }) => db.transaction(async (tx) => {
  const location = Number(input.location);
  const { zone, company } = await locationOf(tx, location);
  let pattern: PatternSlot[];
  let template: number | null = null;
  if (input.template !== undefined && input.template !== null) {
    const t = tableOf(slotTemplate);
    const [row] = await tx.select({ location: t.location, pattern: t.pattern, enabled: t.enabled, name: t.name }).from(t).where(eq(t.id, Number(input.template)));
    if (Number(row.location) !== location) throw fieldError('template', `Template ${String(row.name)} is another location's.`);
    if (!row.enabled) throw fieldError('template', `Template ${String(row.name)} is disabled.`);
    pattern = patternOf(row.pattern);
    if (!pattern.length) throw fieldError('template', `Template ${String(row.name)} has no slots yet.`);
    template = Number(input.template);
  } else {
    const missing = (['start', 'minutes', 'capacity'] as const).filter((k) => input[k] === undefined || input[k] === null);
    if (missing.length) throw badRequest(Object.fromEntries(missing.map((k) => [k, ['Give it, or choose a template.']])));
    const days = (input.weekdays as string[] | undefined)?.length ? (input.weekdays as string[]).map(Number) : [1, 2, 3, 4, 5, 6, 7];
    const volume = input.volume === undefined || input.volume === null ? {} : { volume: Number(input.volume) };
    pattern = days.map((weekday) => ({ weekday, start: String(input.start), minutes: Number(input.minutes), capacity: Number(input.capacity), ...volume }));
  }
  const p = plan(pattern, String(input.from), String(input.to), zone);
  const created = await insertSlots(tx, company, location, template, p.slots);
  return { created, existing: p.slots.length - created, updated: 0, removed: 0, kept: [], skipped: p.skipped } satisfies PlanResult;
});

export const alterSlots: ActionHandler = async ({ db, input }) => db.transaction(async (tx) => {
  const t = tableOf(slotTemplate);
  const [row] = await tx.select({ location: t.location, pattern: t.pattern, name: t.name }).from(t).where(eq(t.id, Number(input.template)));
  const location = Number(row.location);
  const { zone, company } = await locationOf(tx, location);
  const p = plan(patternOf(row.pattern), String(input.from), String(input.to), zone);
  // Only what is still ahead: a slot that has started is history.
  const now = Date.now();
  const wanted = p.slots.filter((x) => Date.parse(x.starts_at) > now);
  const s = tableOf(slot);
  const current = await tx.select({ id: s.id, starts_at: s.starts_at, ends_at: s.ends_at, capacity: s.capacity, booked: s.booked, volume: s.volume_capacity, bookedVolume: s.booked_volume, template: s.template })
    .from(s).where(and(eq(s.location, location), gte(s.day, String(input.from)), lte(s.day, String(input.to)), gt(s.starts_at, sql`now()`)))
    .for('update');
  const byStart = new Map(current.map((c) => [new Date(c.starts_at).getTime(), c]));
  const result: PlanResult = { created: 0, existing: 0, updated: 0, removed: 0, kept: [], skipped: p.skipped };
  const missing: PlannedSlot[] = [];
  for (const w of wanted) {
    const c = byStart.get(Date.parse(w.starts_at));
    byStart.delete(Date.parse(w.starts_at));
    if (!c) { missing.push(w); continue; }
    const capacity = Math.max(w.capacity, Number(c.booked));
    // A volume never below what its bookings hold; none when the template gives none.
    const volume = w.volume === undefined ? null : Math.max(w.volume, Number(c.bookedVolume));
    const sameVolume = (c.volume === null ? null : Number(c.volume)) === volume;
    if (new Date(c.ends_at).toISOString() === w.ends_at && Number(c.capacity) === capacity && sameVolume && c.template === Number(input.template)) { result.existing++; continue; }
    await tx.update(s).set({ ends_at: new Date(w.ends_at), capacity, volume_capacity: volume === null ? null : volume.toFixed(3), template: Number(input.template), version: sql`${s.version} + 1`, updated_at: new Date() }).where(eq(s.id, c.id));
    result.updated++;
    if (capacity > w.capacity) result.kept.push({ slot: Number(c.id), starts_at: formatInZone(c.starts_at, zone), reason: `${Number(c.booked)} bookings hold it: its capacity stays ${capacity}, not the template's ${w.capacity}.` });
    if (volume !== null && volume > w.volume!) result.kept.push({ slot: Number(c.id), starts_at: formatInZone(c.starts_at, zone), reason: `Its bookings hold ${Number(c.bookedVolume)} m³: its volume stays ${volume}, not the template's ${w.volume}.` });
  }
  // What the template no longer has: only this template's own slots, and only those no booking holds.
  const gone = [...byStart.values()].filter((c) => c.template === Number(input.template));
  const free = gone.filter((c) => Number(c.booked) === 0).map((c) => Number(c.id));
  for (const c of gone.filter((x) => Number(x.booked) > 0)) {
    result.kept.push({ slot: Number(c.id), starts_at: formatInZone(c.starts_at, zone), reason: `The template no longer has it, but ${Number(c.booked)} bookings hold it: move or cancel them, then delete it.` });
  }
  if (free.length) result.removed = (await tx.delete(s).where(inArray(s.id, free)).returning({ id: s.id })).length;
  result.created = await insertSlots(tx, company, location, Number(input.template), missing);
  return result;
});
