/**
 * The `count` of a paged list without counting huge result sets on every page view.
 *
 * An exact `count(*)` reads every matching row: over 400,000 matches that is most of the cost of a
 * page of 25, on every request. So the count is exact only up to a cap: we count a subquery limited
 * to `cap + 1` rows (reading at most cap + 1 rows). At or below the cap the answer is exact. Above
 * it the count is the planner's row estimate for the same WHERE (`EXPLAIN`, which reads no rows;
 * it is as good as the table statistics autovacuum keeps), raised to what we know for certain, and
 * flagged as an estimate. This is the strategy PostgREST ships as `Prefer: count=estimated`.
 *
 * The capped count is read in the same statement as the page (select-rows.ts `alongside`). The
 * estimate is remembered per filter for ESTIMATE_TTL_MS: it comes from the table statistics, which
 * only change when (auto)ANALYZE runs, so asking again on every page view bought nothing but a
 * statement. Exact counts are never remembered, so a write shows in the next request, in every
 * process. `GET R/count/` stays exact for callers that need the true figure.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { AnyTable } from '../db/tables';
import { rawRows } from '../db/connection';

/** Default cap; `LIST_EXACT_COUNT_LIMIT` overrides it (0 = always exact). */
export const DEFAULT_EXACT_COUNT_LIMIT = 1_000;

export interface ListCount {
  count: number;
  /** True when `count` is the planner's estimate (more than the cap rows match). */
  estimated: boolean;
}

/** What the page itself proves: rows before this page, rows on it, and whether more follow. */
export interface PageFacts { offset: number; rows: number; hasMore: boolean }

/**
 * The scalar subquery counting the rows matching `where`: at most `cap + 1` of them (cap 0: all).
 * It goes into the page's own statement.
 */
export function countSql(t: AnyTable, where: SQL | undefined, cap: number): SQL {
  const filter = where ? sql` where ${where}` : sql``;
  return cap > 0
    ? sql`(select count(*)::int from (select 1 from ${t}${filter} limit ${cap + 1}) as capped)`
    : sql`(select count(*)::int from ${t}${filter})`;
}

export const ESTIMATE_TTL_MS = 30_000;
const ESTIMATES_KEPT = 1_000;
const estimates = new WeakMap<Db, Map<string, { at: number; rows: number }>>();

/** The planner's estimate of the rows matching `where` (top plan node's "Plan Rows"). */
export async function estimateRows(db: Db, t: AnyTable, where: SQL | undefined): Promise<number> {
  const filter = where ? sql` where ${where}` : sql``;
  const statement = sql`explain (format json) select 1 from ${t}${filter}`;
  const rendered = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(statement);
  const key = JSON.stringify(rendered);
  let kept = estimates.get(db);
  if (!kept) estimates.set(db, (kept = new Map()));
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const [row] = await rawRows<Record<string, unknown>>(db, statement);
  // node-postgres parses the json column; PGlite may hand it over as text.
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
  kept.delete(key);
  if (kept.size >= ESTIMATES_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { at: Date.now(), rows });
  return rows;
}

/**
 * The list count given the capped count (read with the page) and what the page proved. The estimate is only asked for when the cap is exceeded and the page does not settle it.
 */
export async function resolveCount(db: Db, t: AnyTable, where: SQL | undefined, cap: number, upTo: number, page: PageFacts): Promise<ListCount> {
  if (upTo <= cap) return { count: upTo, estimated: false };
  // The last page (or a page past the end) knows the exact total without any count.
  if (!page.hasMore && page.rows > 0) return { count: page.offset + page.rows, estimated: false };
  const estimate = await estimateRows(db, t, where);
  // Never below what is certain: more than the cap, and at least one row past this page.
  const atLeast = Math.max(cap + 1, page.hasMore ? page.offset + page.rows + 1 : 0);
  return { count: Math.max(estimate, atLeast), estimated: true };
}
