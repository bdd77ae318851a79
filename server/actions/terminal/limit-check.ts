/**
 * A load against the limits (docs/terminal.md, Limits at the load), run by the ticket hooks inside
 * the ticket's write:
 * - the active limits whose period holds the ticket's date and whose scope covers the ticket are
 *   checked, each on its own;
 * - a load **starting** (a ticket moving to in progress, or keyed already in progress or completed)
 *   is refused when it would take a period over its limit and the limit denies: what completed
 *   tickets used, plus the loads under way, plus this one. A load whose quantity is not known yet
 *   is refused only when nothing remains;
 * - otherwise a load past the warning level (or over a limit that does not deny) passes, and the
 *   ticket keeps the warning (`limit_warning`); a completing load or a corrected ticket is never
 *   refused (the product has moved; refusing the record would lose it), only warned.
 * The allocations of the older screens that cover the load are checked with them (allocation-limits.ts).
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { limitPeriod, periodicLimit } from '../../../src/resources/terminal/periodic-limit';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { type Dec, add, compare, parse, text } from '../../../src/lib/pg-decimal';
import { unitSymbol } from '../../../src/lib/units';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { badRequest } from '../../engine/errors';
import type { Row } from '../../engine/serialize';
import { inProgressSql, usedSql } from './limit-usage';
import { allocationsOf, judgeAllocation, loadsUnderWay, netCubicMetres, windowsOnDay } from './allocation-limits';

/** One period a load is checked against, as the query reads it. */
export interface LimitStanding {
  name: string; period_start: string; period_end: string; unit: string | null;
  limit: string; warning_level: string; deny: boolean;
  used: string; in_progress: string; this_load: string | null;
}

export type LoadMoment = 'start' | 'other';

const dec = (v: string | null) => (v === null ? null : parse(v));

/** What a standing says of a load: refuse it, warn about it, or nothing. Pure, for the unit tests. */
export function judge(s: LimitStanding, moment: LoadMoment): { deny?: string; warn?: string } {
  const limit = parse(s.limit)!;
  const committed = add(parse(s.used)!, parse(s.in_progress)!);
  const load = dec(s.this_load);
  const after = load ? add(committed, load) : committed;
  const unit = unitSymbol(s.unit);
  const q = (d: Dec) => `${text(d)}${unit ? ` ${unit}` : ''}`;
  const where = `limit "${s.name}" (${s.period_start} to ${s.period_end})`;
  const standing = `${s.used}${unit ? ` ${unit}` : ''} of ${q(limit)} used, ${s.in_progress} under way`;
  const over = load ? compare(after, limit) > 0 : compare(committed, limit) >= 0;
  if (moment === 'start' && s.deny && over) {
    return { deny: load
      ? `The load is refused by ${where}: ${standing}; this load of ${q(load)} would make ${q(after)}.`
      : `The load is refused by ${where}: ${standing}; nothing remains this period.` };
  }
  if (over || compare(after, parse(s.warning_level)!) > 0) {
    return { warn: `${over ? 'Over' : 'Past the warning level of'} ${where}: ${standing}${load ? `; this load of ${q(load)} makes ${q(after)}` : ''}.` };
  }
  return {};
}

const periods = tableOf(limitPeriod);
const limits = tableOf(periodicLimit);
const units = tableOf(measurementUnit);

/** The standings of the active limits' periods that hold the ticket (its values as they will be written). */
export async function standingsOf(db: Db, t: Row): Promise<LimitStanding[]> {
  const id = t.id ? sql`${String(t.id)}::uuid` : undefined;
  const param = (name: string) => (t[name] === null || t[name] === undefined ? sql`null` : sql`${String(t[name])}`);
  const factor = sql`coalesce(nullif(${units.to_base_factor}, 0), 1)`;
  const volumeFactor = t.volume_unit
    ? sql`coalesce((select u."to_base_factor" from "${sql.raw(measurementUnit.table)}" u where u."id" = ${String(t.volume_unit)}::uuid), 1)`
    : sql`1`;
  const matches = (column: (typeof limits)['site'], value: unknown) => sql`(${column} is null or ${column} = ${value === null || value === undefined ? sql`null` : value})`;
  return db.select({
    name: limits.name, period_start: periods.period_start, period_end: periods.period_end, unit: units.code,
    limit: sql<string>`${periods.limit}::text`,
    warning_level: sql<string>`coalesce(${periods.warning_level}, round(${periods.limit} * coalesce(${limits.warning_percent}, 100) / 100, 3))::text`,
    deny: sql<boolean>`coalesce(${limits.deny_over_limit}, true)`,
    used: sql<string>`${usedSql(`"${limitPeriod.table}"`, id)}::text`,
    in_progress: sql<string>`${inProgressSql(`"${limitPeriod.table}"`, id)}::text`,
    this_load: sql<string | null>`(case ${limits.basis} when 'load' then 1
      when 'net_weight' then ${param('net_weight')}::numeric / ${factor}
      else (case ${limits.basis} when 'net_volume' then ${param('net_volume')}::numeric else ${param('gross_volume')}::numeric end) * ${volumeFactor} / ${factor} end)::numeric(20,3)::text`,
  }).from(periods)
    .innerJoin(limits, eq(limits.id, periods.periodic_limit))
    .leftJoin(units, eq(units.id, limits.unit))
    .where(and(
      eq(limits.status, 'active'), eq(limits.company, t.company as number),
      lte(periods.period_start, String(t.ticket_date)), gte(periods.period_end, String(t.ticket_date)),
      matches(limits.site, t.created_by_server), matches(limits.shipper, t.shipper), matches(limits.product, t.product),
      matches(limits.ticket_type, t.ticket_type),
      sql`(${limits.location} is null or ${limits.location} in (${param('source_location')}::uuid, ${param('destination_location')}::uuid))`,
    ))
    .orderBy(limits.name) as Promise<LimitStanding[]>;
}

/** What a ticket's limits depend on: a change to any of these checks it again. */
const LIMIT_INPUTS = ['status', 'ticket_date', 'created_by_server', 'shipper', 'consignee', 'producer', 'product', 'ticket_type', 'source_location', 'destination_location', 'net_volume', 'gross_volume', 'net_weight', 'volume_unit'];
const LOADING = ['in_progress', 'completed'];

/**
 * Checks a ticket being written against its limits: throws when a starting load is refused, else
 * sets its `limit_warning` (cleared when no limit warns). Nothing to do for drafts and voids, or
 * when nothing a limit counts changes.
 */
export async function checkTicketLimits(db: Db, values: Record<string, unknown>, current: Row | undefined): Promise<void> {
  const t = { ...current, ...values } as Row;
  if (!LOADING.includes(String(t.status))) return;
  if (current && !LIMIT_INPUTS.some((k) => k in values && String(values[k] ?? '') !== String(current[k] ?? ''))) return;
  const starting = !current || !LOADING.includes(String(current.status));
  const verdicts = (await standingsOf(db, t)).map((s) => judge(s, starting ? 'start' : 'other'));
  const denials = verdicts.flatMap((v) => (v.deny ? [v.deny] : []));
  const warnings = verdicts.flatMap((v) => (v.warn ? [v.warn] : []));
  // The older screens' allocations are limits too (allocation-limits.ts).
  const except = t.id ? String(t.id) : undefined;
  const covering = await allocationsOf(db, t);
  const load = covering.length ? await netCubicMetres(db, t) : null;
  for (const a of covering) {
    const v = judgeAllocation(a, await windowsOnDay(db, a, String(t.ticket_date), except), await loadsUnderWay(db, a, except), load, starting, starting && t.status === 'in_progress');
    denials.push(...v.deny);
    warnings.push(...v.warn);
  }
  if (denials.length) throw badRequest({ non_field_errors: denials });
  const warning = warnings.length ? warnings.join(' ').slice(0, 1000) : null;
  if (warning !== (current?.limit_warning ?? null)) values.limit_warning = warning;
}
