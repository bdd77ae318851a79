/**
 * The rail schedule's behaviour (docs/rail.md §4.2, §6.2, §7):
 * - its totals are SQL over its contract and its days;
 * - `list/` answers a contract's schedules with their days;
 * - `auto_schedule/` spreads the remaining cars with the shared rule (src/lib/rail-auto-schedule.ts):
 *   without `schedule_id` it only computes; with one it applies the result to that stored schedule
 *   in one transaction under the schedule's lock, writing the days through the operations (so
 *   versions, codenames and hooks apply);
 * - every write of a day locks its schedule first, keeps the day inside its contract's period and
 *   refuses a cancelled contract; a day with actual cars is not deleted.
 */
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { autoSchedule, checkAutoScheduleInput, type ScheduleDayInput } from '../../../src/lib/rail-auto-schedule';
import { railSchedule, railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { contract } from '../../../src/resources/rail/contract';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import type { ResourceHooks } from '../../engine/hooks';
import type { Ctx } from '../../engine/context';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../engine/errors';
import { can, create, find, remove, scopeOf, update } from '../../engine/operations';

const own = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
const S = railSchedule.table;
const E = railScheduleEntry.table;
const C = contract.table;
const daySum = (column: string) => sql`(select coalesce(sum(e.${sql.raw(`"${column}"`)}), 0)::int from ${sql.raw(`"${E}"`)} e where e."schedule_id" = ${own(S, 'id')})`;
const contractCars = sql`(select c."number_of_cars" from ${sql.raw(`"${C}"`)} c where c."id" = ${own(S, 'contract_id')})`;

export interface ContractFacts { id: number; company: number; number: string; cars: number; start: string; end: string; status: string }

/** A contract's facts the schedule and the partner orders check against, read by the system once the caller's scope has let him name it. */
export async function contractFacts(db: Db, id: unknown): Promise<ContractFacts> {
  const c = tableOf(contract);
  const [k] = await db.select({ id: c.id, company: c.company, number: c.contract_number, cars: c.number_of_cars, start: c.start_date, end: c.end_date, status: c.status })
    .from(c).where(eq(c.id, id as number));
  return { ...k, number: String(k.number ?? k.id) } as ContractFacts;
}

/** The schedule's row locked for this transaction (docs/rail.md §4.2: writes of its days queue), with its contract's facts. */
export async function lockSchedule(db: Db, ctx: Ctx | null, scheduleId: unknown): Promise<{ id: number; contract: ContractFacts }> {
  const s = tableOf(railSchedule);
  const where = and(eq(s.id, scheduleId as number), ctx ? scopeOf(ctx, railSchedule) : undefined);
  const [row] = await db.select({ id: s.id, contract: s.contract }).from(s).where(where).for('update');
  if (!row) throw notFound();
  return { id: row.id as number, contract: await contractFacts(db, row.contract) };
}

/** A schedule is never made, copied or deleted on its own (docs/rail.md §4.2). */
const MADE_WITH_CONTRACT = 'A schedule is made with its contract and goes with it.';

const outside = (k: ContractFacts, day: string) => `${day} is outside contract ${k.number} (${k.start} to ${k.end}).`;

const listSchedules: ActionHandler = async ({ db, ctx, input }) => {
  const schedules = (await find(db, ctx, railSchedule, { contract: String(input.contract_id), page_size: '0' })).rows;
  if (!schedules.length) return [];
  const days = (await find(db, ctx, railScheduleEntry, { schedule: schedules.map((x) => String(x.id)).join(','), page_size: '0', ordering: 'date' })).rows;
  return schedules.map((x) => ({
    ...x,
    entries: days.filter((d) => d.schedule === x.id).map((d) => ({ id: d.id, version: d.version, date: d.date, quantity: d.quantity, actual: d.actual })),
  }));
};

/** The rule's checks, in its words (400, nothing written). */
function checked(cars: unknown, schedule: unknown) {
  const c = checkAutoScheduleInput({ cars, schedule });
  if (!c.ok) throw badRequest(c.errors);
  return c.input;
}

const autoScheduleAction: ActionHandler = async ({ db, ctx, input }) => {
  if (input.schedule_id === undefined || input.schedule_id === null) {
    const missing = Object.fromEntries(['cars', 'schedule'].filter((k) => input[k] === undefined || input[k] === null).map((k) => [k, ['This field is required.']]));
    if (Object.keys(missing).length) throw badRequest(missing);
    return autoSchedule(checked(input.cars, input.schedule));
  }
  // Applying needs the right to change days; adding and deleting days ask their own rights as they happen.
  if (!can(ctx, railScheduleEntry, 'change')) throw forbidden('You do not have permission to change schedule days.');
  return db.transaction(async (tx) => {
    const { id, contract: k } = await lockSchedule(tx, ctx, input.schedule_id);
    if (input.cars !== undefined && input.cars !== null && input.cars !== k.cars) throw fieldError('cars', `This schedule's contract has ${k.cars} cars.`);
    const e = tableOf(railScheduleEntry);
    const stored = await tx.select({ id: e.id, version: e.version, date: e.date, quantity: e.quantity, actual: e.actual }).from(e).where(eq(e.schedule, id)).orderBy(asc(e.date));
    const days: ScheduleDayInput[] = (input.schedule as ScheduleDayInput[] | undefined) ?? stored.map((d) => ({ date: d.date as string, actual: d.actual as number | null }));
    const plan = autoSchedule(checked(k.cars, days));
    const late = plan.schedule.map((d, i) => [d.date, i] as const).filter(([day]) => day < k.start || day > k.end);
    if (late.length) throw badRequest({ schedule: late.map(([day]) => `Row ${days.findIndex((x) => x.date === day) + 1}: ${outside(k, day)}`) });
    const byDate = new Map(stored.map((d) => [d.date as string, d]));
    const kept = new Set(plan.schedule.map((d) => d.date));
    const keptActual = stored.filter((d) => !kept.has(d.date as string) && d.actual !== null);
    if (keptActual.length) throw badRequest({ schedule: keptActual.map((d) => `${d.date as string} has actual cars and cannot be left out.`) });
    for (const d of stored) if (!kept.has(d.date as string)) await remove(tx, ctx, railScheduleEntry, String(d.id), d.version as number);
    for (const day of plan.schedule) {
      const old = byDate.get(day.date);
      if (!old) await create(tx, ctx, railScheduleEntry, { schedule: id, date: day.date, quantity: day.quantity, actual: day.actual });
      else if (old.quantity !== day.quantity || old.actual !== day.actual) {
        await update(tx, ctx, railScheduleEntry, String(old.id), { quantity: day.quantity, actual: day.actual, version: old.version });
      }
    }
    return plan;
  });
};

/**
 * The contract's side of its schedule (docs/rail.md §4.1): every contract is made with its
 * schedule, in the same transaction (a side effect of the contract, so written directly rather
 * than asking the user for the schedule's own add right); a new period may not leave out a day
 * with actual cars, and the days it leaves out otherwise go with the change.
 */
export function withSchedule(hooks: ResourceHooks): ResourceHooks {
  const e = tableOf(railScheduleEntry);
  const s = tableOf(railSchedule);
  const c = tableOf(contract);
  const daysOf = (contractId: unknown) => sql`${e.schedule} in (select ${s.id} from ${s} where ${s.contract} = ${contractId as number})`;
  return {
    ...hooks,
    async beforeWrite(w) {
      await hooks.beforeWrite?.(w);
      const v = w.input.values;
      if (w.mode !== 'update' || !('start_date' in v || 'end_date' in v)) return;
      const after = { ...w.current, ...v };
      const [start, end] = [String(after.start_date), String(after.end_date)];
      const kept = await w.db.select({ date: e.date }).from(e)
        .where(and(daysOf(w.id), isNotNull(e.actual), or(lt(e.date, start), gt(e.date, end)))).orderBy(asc(e.date));
      if (kept.length) {
        const field = kept.some((d) => String(d.date) < start) ? 'start_date' : 'end_date';
        throw badRequest({ [field]: kept.map((d) => `${String(d.date)} has actual cars; the contract must include it.`) });
      }
    },
    async afterWrite(w) {
      await hooks.afterWrite?.(w);
      const [k] = await w.db.select({ company: c.company, number: c.contract_number, start: c.start_date, end: c.end_date }).from(c).where(eq(c.id, w.id as number));
      if (!k) return;
      if (w.mode === 'create') {
        await w.db.insert(s).values({ contract: w.id, company: k.company, name: k.number });
        return;
      }
      await w.db.delete(e).where(and(daysOf(w.id), isNull(e.actual), or(lt(e.date, k.start as string), gt(e.date, k.end as string))));
    },
  };
}

export const railScheduleBehaviour = defineBehaviour(railSchedule, {
  computed: {
    cars: () => contractCars,
    planned_total: () => daySum('quantity'),
    actual_total: () => daySum('actual'),
    remaining: () => sql`(${contractCars} - ${daySum('actual')})`,
  },
  hooks: {
    beforeWrite({ input, mode, current }) {
      if (mode === 'create') throw fieldError('contract', MADE_WITH_CONTRACT);
      if ('contract' in input.values && input.values.contract !== current?.contract) throw fieldError('contract', 'A schedule stays with its contract.');
    },
    beforeClone() {
      throw fieldError('contract', MADE_WITH_CONTRACT);
    },
    beforeDelete() {
      throw fieldError('contract', MADE_WITH_CONTRACT);
    },
  },
  actions: { list: listSchedules, auto_schedule: autoScheduleAction },
});

export const railScheduleEntryBehaviour = defineBehaviour(railScheduleEntry, {
  hooks: {
    async beforeWrite({ db, input, mode, current }) {
      const after = { ...current, ...input.values };
      if (mode === 'update' && 'schedule' in input.values && input.values.schedule !== current?.schedule) throw fieldError('schedule', 'A day stays with its schedule.');
      const { contract: k } = await lockSchedule(db, null, after.schedule);
      if (k.status === 'cancelled') throw fieldError('date', `Contract ${k.number} is cancelled.`);
      const day = String(after.date);
      if (day < k.start || day > k.end) throw fieldError('date', outside(k, day));
    },
    async beforeDelete({ current }) {
      if (current.actual !== null && current.actual !== undefined) throw conflict(`${String(current.date)} has actual cars; clear its actual first.`);
    },
  },
});

