/**
 * A report run for one user, as each output needs it: the sample the builder shows while the
 * report is edited, and the whole result as a file (docs/reports.md). The plan is made with the
 * user's rights as they are now, so a report never reads more than its runner may.
 */
import { localDateIn } from '../../src/lib/time-zone';
import type { FileFormat } from '../../src/resources/reports/report-terms';
import type { Database } from '../db/connection';
import type { Ctx } from '../engine/context';
import { type Definition, type OutColumn, type Plan, countRows, planReport } from './plan';
import { type Cell, countGroups, groupRows, rowBatches, totalLines } from './run';
import { type ReportFile, reportFile } from './files';

/** Rows a sample shows unless asked for fewer or more. */
export const SAMPLE_ROWS = 50;

const columnView = (c: OutColumn) => ({ key: c.key, label: c.label, kind: c.kind, unit: c.unit, role: c.role });

export async function sampleReport(database: Database, ctx: Ctx, def: Definition, o: { zone: string; now: Date; rows?: number }) {
  const plan = planReport(ctx, def, o);
  const db = database.db;
  const limit = o.rows ?? SAMPLE_ROWS;
  const rowsRead = await countRows(db, plan);
  let rows: Cell[][] = [];
  if (plan.grouped) rows = await groupRows(db, ctx, plan, limit);
  else for await (const batch of rowBatches(database, ctx, plan, limit)) rows = batch;
  return {
    columns: plan.columns.map(columnView),
    rows,
    total_columns: plan.totalColumns.map(columnView),
    totals: await totalLines(db, ctx, plan),
    count: plan.grouped ? await countGroups(db, plan) : rowsRead,
    rows_read: rowsRead,
  };
}

/** How many lines the report's file has (its groups, or its rows). */
export const lineCount = (database: Database, plan: Plan) => (plan.grouped ? countGroups(database.db, plan) : countRows(database.db, plan));

/** The whole report as a file, named after it and the day in the company's zone. */
export async function reportAsFile(
  database: Database, ctx: Ctx, plan: Plan, o: { name: string; format: FileFormat; now: Date; progress?: (rows: number) => void },
): Promise<ReportFile> {
  const db = database.db;
  const batches = plan.grouped
    ? (async function* groups() { yield await groupRows(db, ctx, plan); })()
    : rowBatches(database, ctx, plan);
  return reportFile(o.format, localDateIn(o.now, plan.zone)!, {
    name: o.name, columns: plan.columns, batches, totalColumns: plan.totalColumns, totals: () => totalLines(db, ctx, plan), progress: o.progress,
  });
}
