/**
 * Allocations and their transfer limits (docs/terminal.md, Allocations): which loads an allocation
 * covers, what its windows used, and what a load at the limit meets:
 * - a load is the allocation's when its shipper is the stockholder, its product the allocation's,
 *   its date within the allocation's dates, and it matches the direction, customer (consignee) and
 *   producer the allocation sets;
 * - a transfer limit's window holding the day (limit-periods.ts `windowOf`), within the limit's
 *   own dates, counts the net volume (m³) of the completed loads in it; loads under way count too;
 * - a load going under way is refused when `max_allowed_uses` loads are already under way on the
 *   allocation; when it would take a window over its limit it is refused with last load denial 1;
 *   with 0 it is let through as the last load, with the loading warning, and once the limit is
 *   reached every further load is refused. Completing or correcting a load is never refused.
 */
import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { allocation, transferLimit } from '../../../src/resources/terminal/allocation';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { ticket } from '../../../src/resources/terminal/ticket';
import { type TransferPeriodType, windowsBetween } from '../../../src/lib/limit-periods';
import { type Dec, add, compare, parse, sub, text } from '../../../src/lib/pg-decimal';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Row } from '../../engine/serialize';

const allocations = tableOf(allocation);
const limits = tableOf(transferLimit);
const tickets = tableOf(ticket);
const units = tableOf(measurementUnit);

/** Most windows one `schedule_limit/` answers. */
export const MAX_WINDOWS = 400;

export interface Window {
  transfer_limit: string; period_start: string; period_end: string; limit: string;
  used: string; in_progress: string; remaining: string; loads: number;
}

/** The tickets an allocation covers (its scope), as a condition on the ticket table; `sites` keeps those of some sites only (the overview). */
function covers(a: Row, sites?: readonly string[]) {
  return and(
    ...(sites?.length ? [inArray(tickets.created_by_server, [...sites])] : []),
    eq(tickets.company, a.company as number), eq(tickets.shipper, String(a.stockholder)), eq(tickets.product, String(a.product_key)),
    gte(tickets.ticket_date, String(a.effective_date)),
    ...(a.expiration_date ? [lte(tickets.ticket_date, String(a.expiration_date))] : []),
    ...(a.product_direction ? [eq(tickets.ticket_type, String(a.product_direction))] : []),
    ...(a.customer ? [eq(tickets.consignee, String(a.customer))] : []),
    ...(a.producer ? [eq(tickets.producer, String(a.producer))] : []),
  );
}

/** A ticket's net volume in m³ (its unit's factor; a ticket without a unit is in m³), for selects joining the ticket's unit as `units`. */
export const NET_M3 = sql`${tickets.net_volume} * coalesce(${units.to_base_factor}, 1)`;

/** Per day, the completed and under-way net m³ (and completed loads) of the allocation's tickets between two days. */
async function dailyUse(db: Db, a: Row, from: string, to: string, except?: string, sites?: readonly string[]) {
  return db.select({
    day: sql<string>`${tickets.ticket_date}::text`,
    used: sql<string>`round(coalesce(sum(${NET_M3}) filter (where ${tickets.status} = 'completed'), 0), 3)::text`,
    in_progress: sql<string>`round(coalesce(sum(${NET_M3}) filter (where ${tickets.status} = 'in_progress'), 0), 3)::text`,
    loads: sql<number>`(count(*) filter (where ${tickets.status} = 'completed'))::int`,
  }).from(tickets).leftJoin(units, eq(units.id, tickets.volume_unit))
    .where(and(covers(a, sites), gte(tickets.ticket_date, from), lte(tickets.ticket_date, to), sql`${tickets.status} in ('completed', 'in_progress')`,
      ...(except ? [ne(tickets.id, except)] : [])))
    .groupBy(tickets.ticket_date);
}

const dec = (v: string) => parse(v)!;
const ZERO: Dec = { units: 0n, scale: 3 };

/** A transfer limit's windows from `from` to `to` (clipped to its own dates), with their use. */
export async function windowsOf(db: Db, a: Row, from: string, to: string, except?: string, sites?: readonly string[]): Promise<Window[]> {
  const own = await db.select().from(limits).where(eq(limits.allocation, a.id as number)).orderBy(limits.period_start_date);
  const out: Window[] = [];
  for (const l of own) {
    const start = [from, String(l.transfer_limit_start_date ?? l.period_start_date)].sort()[1];
    const end = [to, ...(l.transfer_limit_end_date ? [String(l.transfer_limit_end_date)] : [])].sort()[0];
    if (start > end) continue;
    const windows = windowsBetween(l.period_type as TransferPeriodType, l.days_in_period as number | null, String(l.period_start_date), start, end, MAX_WINDOWS - out.length);
    if (!windows.length) continue;
    const days = await dailyUse(db, a, windows[0].start, windows.at(-1)!.end, except, sites);
    for (const w of windows) {
      const inside = days.filter((d) => d.day >= w.start && d.day <= w.end);
      const used = inside.reduce((s, d) => add(s, dec(d.used)), ZERO);
      const under = inside.reduce((s, d) => add(s, dec(d.in_progress)), ZERO);
      out.push({
        transfer_limit: String(l.id), period_start: w.start, period_end: w.end, limit: String(l.limit ?? '0.000'),
        used: text(used), in_progress: text(under), remaining: text(sub(dec(String(l.limit ?? '0')), used)), loads: inside.reduce((n, d) => n + d.loads, 0),
      });
    }
  }
  return out;
}

/**
 * The windows holding one day, one per transfer limit that limits that day: the schedule of that
 * one day (a limit whose own dates or first window leave the day out gives none).
 */
export const windowsOnDay = (db: Db, a: Row, day: string, except?: string, sites?: readonly string[]): Promise<Window[]> =>
  windowsOf(db, a, day, day, except, sites);

/** How many loads are under way on the allocation (but the one given). */
export async function loadsUnderWay(db: Db, a: Row, except?: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets)
    .where(and(covers(a), eq(tickets.status, 'in_progress'), ...(except ? [ne(tickets.id, except)] : [])));
  return row?.n ?? 0;
}

export interface AllocationVerdict { deny: string[]; warn: string[] }

/**
 * What an allocation says of a load on a day (pure but for its inputs): refuse it, warn, or nothing.
 * `starting`: the load starts now or is keyed already done (the limits apply); `opening`: it goes
 * under way now (the loads at once apply; a load keyed once done holds no place at the rack).
 */
export function judgeAllocation(a: Row, windows: readonly Window[], inUse: number, load: Dec | null, starting: boolean, opening = starting): AllocationVerdict {
  const v: AllocationVerdict = { deny: [], warn: [] };
  const name = `allocation ${String(a.allocation_code)}`;
  const max = Number(a.max_allowed_uses ?? 1);
  if (opening && inUse >= max) v.deny.push(`The load is refused by ${name}: ${inUse} ${inUse === 1 ? 'load is' : 'loads are'} under way on it, and it allows ${max} at once.`);
  for (const w of windows) {
    const committed = add(dec(w.used), dec(w.in_progress));
    const after = load ? add(committed, load) : committed;
    const limit = dec(w.limit);
    const reached = compare(committed, limit) >= 0;
    const crosses = load ? compare(after, limit) > 0 : reached;
    if (!crosses) continue;
    const standing = `${w.used} m³ of ${w.limit} m³ used in ${w.period_start} to ${w.period_end}, ${w.in_progress} under way${load ? `; this load of ${text(load)} m³ makes ${text(after)} m³` : ''}`;
    const refuse = starting && (Number(a.last_load_denial ?? 1) === 1 || reached);
    if (refuse) v.deny.push(`The load is refused by ${name}: ${standing}.`);
    else if (Number(a.loading_warning ?? 1) === 1) v.warn.push(`Over ${name}: ${standing}.`);
  }
  return v;
}

/** The allocations that cover a ticket (its values as they will be written). */
export async function allocationsOf(db: Db, t: Row): Promise<Row[]> {
  if (!t.shipper || !t.product) return [];
  const day = String(t.ticket_date);
  const matches = (column: typeof allocations.customer, value: unknown) => (value ? or(isNull(column), eq(column, String(value))) : isNull(column));
  return db.select().from(allocations).where(and(
    eq(allocations.company, t.company as number), eq(allocations.stockholder, String(t.shipper)), eq(allocations.product_key, String(t.product)),
    lte(allocations.effective_date, day), or(isNull(allocations.expiration_date), gte(allocations.expiration_date, day)),
    or(isNull(allocations.product_direction), eq(allocations.product_direction, String(t.ticket_type))),
    matches(allocations.customer, t.consignee), matches(allocations.producer, t.producer),
  )).orderBy(allocations.allocation_code) as Promise<Row[]>;
}

/** A ticket's net volume in m³, or null when it has none. */
export async function netCubicMetres(db: Db, t: Row): Promise<Dec | null> {
  if (t.net_volume === null || t.net_volume === undefined || t.net_volume === '') return null;
  const [u] = t.volume_unit ? await db.select({ f: sql<string>`(${String(t.net_volume)}::numeric * coalesce(${units.to_base_factor}, 1))::numeric(20,3)::text` }).from(units).where(eq(units.id, String(t.volume_unit))) : [];
  return parse(u?.f ?? String(t.net_volume));
}
