/**
 * The `count` of a paged list: exact whenever counting is cheap, estimated only past a time budget.
 *
 * 1. A capped count rides in the page's own statement (select-rows.ts `alongside`): it reads at
 *    most `cap + 1` matching rows, so up to the cap (1,000) the count is exact and costs nothing more.
 * 2. The last page (or one past the end) knows the total from its own rows.
 * 3. Otherwise the rows are counted exactly within a time budget (LIST_COUNT_BUDGET_MS, 25 ms): on
 *    PostgreSQL the count runs under `SET LOCAL statement_timeout`, so it is cancelled at the
 *    budget; PGlite cannot cancel a statement, so the count finishes and its time is measured.
 *    Counting 5,736 car events takes about a millisecond; 1,000,000 tickets about 75 ms.
 * 4. Past the budget the count is the planner's row estimate for the same WHERE (`EXPLAIN`, which
 *    reads no rows), raised to what is certain and flagged `count_is_estimate`. The estimate is only
 *    as good as the table statistics: ANALYZE runs after the demo seed and every bulk load, since
 *    PGlite has no autovacuum (an estimate of 1,950 for 5,736 rows came from none at all).
 *
 * A filter whose count overran the budget is remembered as slow for SLOW_TTL_MS, so a long list
 * spends the budget once, not on every page view. Its estimate is remembered for ESTIMATE_TTL_MS
 * (statistics only change when ANALYZE runs). Exact counts are never remembered, so a write shows
 * in the next request, in every process. `GET R/count/` stays exact for callers that need it.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { AnyTable } from '../db/tables';
import { rawRows } from '../db/connection';

/** Default cap; `LIST_EXACT_COUNT_LIMIT` overrides it (0 = always exact). */
export const DEFAULT_EXACT_COUNT_LIMIT = 1_000;
/** Default time for an exact count past the cap; `LIST_COUNT_BUDGET_MS` overrides it (0 = estimate past the cap). */
export const DEFAULT_COUNT_BUDGET_MS = 25;

export interface ListCount {
  count: number;
  /** True when `count` is the planner's estimate (more than the cap rows match and counting them overran the budget). */
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
/** How long a filter whose exact count overran the budget is estimated without trying again. */
export const SLOW_TTL_MS = 30_000;
const KEPT = 1_000;

/** A small per-database memory of recent facts by statement text, oldest dropped first. */
function memory<T>() {
  const all = new WeakMap<Db, Map<string, { at: number; value: T }>>();
  return {
    get(db: Db, key: string, ttl: number): T | undefined {
      const hit = all.get(db)?.get(key);
      return hit && Date.now() - hit.at < ttl ? hit.value : undefined;
    },
    set(db: Db, key: string, value: T) {
      let kept = all.get(db);
      if (!kept) all.set(db, (kept = new Map()));
      kept.delete(key);
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, { at: Date.now(), value });
    },
  };
}
const estimates = memory<number>();
const slow = memory<true>();

const keyOf = (db: Db, statement: SQL) =>
  JSON.stringify((db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(statement));

/** The planner's estimate of the rows matching `where` (top plan node's "Plan Rows"). */
export async function estimateRows(db: Db, t: AnyTable, where: SQL | undefined): Promise<number> {
  const filter = where ? sql` where ${where}` : sql``;
  const statement = sql`explain (format json) select 1 from ${t}${filter}`;
  const key = keyOf(db, statement);
  const hit = estimates.get(db, key, ESTIMATE_TTL_MS);
  if (hit !== undefined) return hit;
  const [row] = await rawRows<Record<string, unknown>>(db, statement);
  // node-postgres parses the json column; PGlite may hand it over as text.
  const raw = Object.values(row)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.round(Number(plan[0]?.Plan?.['Plan Rows'] ?? 0));
  estimates.set(db, key, rows);
  return rows;
}

/** PostgreSQL's "canceling statement due to statement timeout". */
const isTimeout = (e: unknown) => {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (x.code === '57014') return true;
  return false;
};

/**
 * The exact number of rows matching `where` if counting them takes at most `budgetMs`, else null.
 * The timeout is local to the transaction, so the connection goes back to the pool unchanged.
 */
export async function countWithin(db: Db, t: AnyTable, where: SQL | undefined, budgetMs: number): Promise<number | null> {
  const statement = countSql(t, where, 0);
  const key = keyOf(db, statement);
  if (budgetMs <= 0 || slow.get(db, key, SLOW_TTL_MS)) return null;
  const started = performance.now();
  try {
    const n = await db.transaction(async (tx) => {
      const [{ before }] = await rawRows<{ before: string }>(tx, sql`select current_setting('statement_timeout') as before, set_config('statement_timeout', ${String(Math.ceil(budgetMs))}, true)`);
      const [row] = await rawRows<{ n: number }>(tx, sql`select ${statement} as n`);
      // Within a caller's transaction this is a savepoint, and a local setting would outlive it.
      await tx.execute(sql`select set_config('statement_timeout', ${before}, true)`);
      return Number(row.n);
    });
    // PGlite counted to the end whatever the budget: an overrun is remembered for the next request.
    if (performance.now() - started > budgetMs) slow.set(db, key, true);
    return n;
  } catch (e) {
    if (!isTimeout(e)) throw e;
    slow.set(db, key, true);
    return null;
  }
}

/**
 * The list count given the capped count (read with the page) and what the page proved: beyond the
 * cap an exact count within `budgetMs`, and the estimate only when that overran.
 */
export async function resolveCount(db: Db, t: AnyTable, where: SQL | undefined, cap: number, upTo: number, page: PageFacts | null, budgetMs = DEFAULT_COUNT_BUDGET_MS): Promise<ListCount> {
  if (upTo <= cap) return { count: upTo, estimated: false };
  // The last page (or a page past the end) knows the exact total without any count. A page read
  // by cursor (`page` null) does not know how many rows come before it, so it proves nothing.
  if (page && !page.hasMore && page.rows > 0) return { count: page.offset + page.rows, estimated: false };
  const exact = await countWithin(db, t, where, budgetMs);
  if (exact !== null) return { count: exact, estimated: false };
  const estimate = await estimateRows(db, t, where);
  // Never below what is certain: more than the cap, and at least one row past this page.
  const atLeast = Math.max(cap + 1, page?.hasMore ? page.offset + page.rows + 1 : 0);
  return { count: Math.max(estimate, atLeast), estimated: true };
}
