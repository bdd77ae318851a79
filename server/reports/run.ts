/**
 * Runs a report's plan (plan.ts): its rows in batches, its groups and its totals, each value made
 * a cell as the report shows it: a reference as its record's label, a choice as its label, a
 * boolean as Yes or No, a time in the row's zone with its offset, a decimal as its exact text.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isoInZone, zoneOr } from '../../src/lib/time-zone';
import type { Database, Db } from '../db/connection';
import { rawRows } from '../db/connection';
import { selectInBatches } from '../db/stream';
import type { Ctx } from '../engine/context';
import { labelsFor } from '../engine/labels';
import type { OutColumn, Plan } from './plan';

export type Cell = string | number | null;
type TextRow = Record<string, string | null>;

const ZONE = '__zone';
const BATCH = { postgres: 1_000, pglite: 5_000 } as const;

/** Text values as cells, one query per referenced resource whatever the number of rows. */
async function cellsOf(db: Db, ctx: Ctx, plan: Plan, cols: OutColumn[], rows: TextRow[]): Promise<Cell[][]> {
  const labels = new Map<number, Map<string, string>>();
  for (const [i, c] of cols.entries()) {
    if (c.display.as !== 'ref') continue;
    labels.set(i, await labelsFor(db, ctx, c.display.target, rows.map((row) => row[`c${i}`]), plan.sharedLabels));
  }
  return rows.map((row) => cols.map((c, i) => {
    const v = row[`c${i}`];
    if (v === null || v === undefined) return null;
    const d = c.display;
    switch (d.as) {
      case 'ref': return labels.get(i)!.get(v) ?? null;
      case 'choice': return d.labels.get(v) ?? v;
      case 'boolean': return v === 'true' ? 'Yes' : 'No';
      case 'integer': return Number(v);
      case 'datetime': return isoInZone(v, zoneOr(row[ZONE], plan.zone));
      default: return v;
    }
  }));
}

/** The rows of an ungrouped report, in its order: batches of cells (`limit`: the first rows only). */
export async function* rowBatches(database: Database, ctx: Ctx, plan: Plan, limit?: number): AsyncGenerator<Cell[][]> {
  const db = database.db;
  const selection: Record<string, SQL> = Object.fromEntries(plan.columns.map((c, i) => [`c${i}`, c.expr]));
  if (plan.rowZone) selection[ZONE] = plan.rowZone;
  const query = db.select(selection).from(plan.table).where(plan.where).orderBy(...plan.orderBy).$dynamic();
  if (limit !== undefined) {
    yield await cellsOf(db, ctx, plan, plan.columns, (await query.limit(limit)) as TextRow[]);
    return;
  }
  for await (const rows of selectInBatches<TextRow>(database, query, selection as unknown as Record<string, PgColumn>, BATCH[database.kind])) {
    yield await cellsOf(db, ctx, plan, plan.columns, rows);
  }
}

/**
 * Groups and totals: the rows' values read once in a subquery, then grouped by the key columns
 * (none: one line over every row) and aggregated, each aggregate written as exact text.
 */
async function aggregate(db: Db, plan: Plan, cols: OutColumn[], keys: OutColumn[], limit?: number): Promise<TextRow[]> {
  const inner: SQL[] = [];
  const outer: SQL[] = [];
  cols.forEach((c, i) => {
    if (!c.aggregate) {
      inner.push(sql`${c.expr} as ${sql.identifier(`k${i}`)}`);
      outer.push(sql`${sql.identifier(`k${i}`)} as ${sql.identifier(`c${i}`)}`);
      return;
    }
    const { agg, value, places } = c.aggregate;
    const v = sql.identifier(`v${i}`);
    inner.push(sql`${value} as ${v}`);
    outer.push(agg === 'count' ? sql`count(*)::text as ${sql.identifier(`c${i}`)}`
      : agg === 'avg' ? sql`round(avg(${v}), ${sql.raw(String(places))})::text as ${sql.identifier(`c${i}`)}`
        : sql`${sql.raw(agg)}(${v})::text as ${sql.identifier(`c${i}`)}`);
  });
  const keyNames = keys.map((k) => sql.identifier(`k${cols.indexOf(k)}`));
  const groupBy = keyNames.length ? sql` group by ${sql.join(keyNames, sql`, `)} order by ${sql.join(keyNames.map((k) => sql`${k} asc nulls last`), sql`, `)}` : sql``;
  return rawRows<TextRow>(db, sql`select ${sql.join(outer, sql`, `)} from (select ${sql.join(inner, sql`, `)} from ${plan.table} where ${plan.where ?? sql`true`}) as report_rows${groupBy}${limit !== undefined ? sql` limit ${limit}` : sql``}`);
}

const keysOf = (cols: OutColumn[]) => cols.filter((c) => c.role === 'group' || c.role === 'unit');

/** The groups of a grouped report, in the order of their keys. */
export async function groupRows(db: Db, ctx: Ctx, plan: Plan, limit?: number): Promise<Cell[][]> {
  return cellsOf(db, ctx, plan, plan.columns, await aggregate(db, plan, plan.columns, keysOf(plan.columns), limit));
}

/** How many groups a grouped report has. */
export async function countGroups(db: Db, plan: Plan): Promise<number> {
  const keys = keysOf(plan.columns);
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from (select ${sql.join(keys.map((k, i) => sql`${k.expr} as ${sql.identifier(`k${i}`)}`), sql`, `)} from ${plan.table} where ${plan.where ?? sql`true`}) as report_rows group by ${sql.join(keys.map((_, i) => sql.identifier(`k${i}`)), sql`, `)}) as report_groups`);
  return Number(row.n);
}

/**
 * The totals over every row the filters select: one line, or one per unit where a quantity's
 * unit is each row's own. Of a grouped report the line stands under its groups: "Total" in the
 * first group column, the other group columns empty.
 */
export async function totalLines(db: Db, ctx: Ctx, plan: Plan): Promise<Cell[][]> {
  if (!plan.totalColumns.length) return [];
  const cols = plan.totalColumns.filter((c) => c.role !== 'group');
  const lines = await cellsOf(db, ctx, plan, cols, await aggregate(db, plan, cols, keysOf(cols)));
  if (!plan.grouped) return lines;
  const groups = plan.totalColumns.filter((c) => c.role === 'group').length;
  return lines.map((line) => [...plan.totalColumns.slice(0, groups).map((_, i): Cell => (i === 0 ? 'Total' : null)), ...line]);
}
