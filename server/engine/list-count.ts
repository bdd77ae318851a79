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
 * Nothing here is held in process memory, so several server processes answer alike and a write is
 * reflected by the next request. `GET R/count/` stays exact for callers that need the true figure.
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

/** `count(*)` over at most `cap + 1` matching rows. */
export async function countUpTo(db: Db, t: AnyTable, where: SQL | undefined, cap: number): Promise<number> {
  const filter = where ? sql` where ${where}` : sql``;
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${t}${filter} limit ${cap + 1}) as capped`);
  return Number(row.n);
}

/** The planner's estimate of the rows matching `where` (top plan node's "Plan Rows"). */
export async function estimateRows(db: Db, t: AnyTable, where: SQL | undefined): Promise<number> {
  const filter = where ? sql` where ${where}` : sql``;
  const [row] = await rawRows<Record<string, unknown>>(db, sql`explain (format json) select 1 from ${t}${filter}`);
  // node-postgres parses the json column; PGlite may hand it over as text.
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * The list count given the capped count (already run, in parallel with the page) and what the page
 * proved. The estimate is only asked for when the cap is exceeded and the page does not settle it.
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
