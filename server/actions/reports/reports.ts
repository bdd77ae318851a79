/**
 * The report actions (docs/reports.md): what a user may report on, the values to pick in a
 * filter, a sample while the report is edited, the whole result as a file, and its mailing
 * schedule. Every run is planned for the caller with his rights now (server/reports/plan.ts).
 */
import { report } from '../../../src/resources/reports/report';
import { DEFAULT_SEND_TIME, PERIODS, type FileFormat, type Frequency } from '../../../src/resources/reports/report-terms';
import { isDateKind, reportField } from '../../../src/resources/reports/report-columns';
import { registry } from '../../../src/resources/index';
import { defineBehaviour } from '../../engine/behaviour';
import type { ActionArgs, ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { autocomplete } from '../../engine/choices';
import { labelsFor } from '../../engine/labels';
import { ErrorBag, badRequest, fieldError } from '../../engine/errors';
import { update } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import type { Row } from '../../engine/serialize';
import { jobAccepted, startJob } from '../../jobs/jobs';
import { XLSX_MAX_ROWS } from '../../reports/files';
import { deliveriesOf } from '../../reports/mailing';
import { dashboardFigures } from '../../reports/dashboard';
import { type Definition, planReport } from '../../reports/plan';
import { lineCount, reportAsFile, sampleReport } from '../../reports/report-data';
import { nextRun } from '../../reports/schedule';
import { columnsOf, joinsOf, resolveColumn, sourceOf, sourcesFor } from '../../reports/sources';

/** A download with more lines than this is built as a job with progress (docs/api.md, Jobs). */
export const DOWNLOAD_NOW_LINES = 5_000;
/** Most lines a download holds: a spreadsheet's sheet; a CSV alike, so the two formats agree. */
export const MAX_DOWNLOAD_LINES = XLSX_MAX_ROWS;

const definitionOf = (rec: Row): Definition => ({
  source: String(rec.source), columns: rec.columns as string[] | null, group_by: rec.group_by as string[] | null,
  totals: rec.totals as string[] | null, filters: rec.filters as Record<string, unknown> | null, ordering: rec.ordering as string | null,
});

const zoneOf = (a: ActionArgs, company?: unknown) => companyTimeZone(a.db, (company as number | undefined) ?? a.ctx.user.companyId);

const sources: ActionHandler = async ({ ctx, input }) => {
  if (input.source === undefined) return sourcesFor(ctx);
  const r = sourceOf(ctx, input.source);
  return sourcesFor(ctx).filter((s) => s.source === r.name).map((s) => ({ ...s, columns: columnsOf(ctx, r) }));
};

/** Beyond its columns' filters: the source's search, and a period on each date and time. */
const additionalFilters: ActionHandler = async ({ ctx, input }) => {
  const r = sourceOf(ctx, input.source);
  const periods = PERIODS.map(([value, label]) => ({ value, label }));
  return [
    ...(r.list.search.length ? [{ key: 'search', label: 'Search', kind: 'search', choices: [] }] : []),
    ...columnsOf(ctx, r).filter((c) => c.kind === 'date' || c.kind === 'datetime')
      .map((c) => ({ key: `${c.key}__period`, label: `${c.label}: period`, kind: 'period', choices: periods })),
  ];
};

/** The values a filter on a column may pick: a choice's or a yes/no's all, else those in the records the user may read. */
const columnChoices: ActionHandler = async ({ db, ctx, input }) => {
  const r = sourceOf(ctx, input.source);
  const c = resolveColumn(r, joinsOf(ctx, r), String(input.column));
  if (typeof c === 'string') throw fieldError('column', c);
  const typed = String(input.input ?? '').trim().toLowerCase();
  const f = reportField(c.owner, c.name)!;
  const matching = (xs: { value: unknown; label: string }[]) => xs.filter((x) => !typed || x.label.toLowerCase().includes(typed));
  if (f.kind === 'choice') return matching(f.choices.map(([value, label]) => ({ value, label })));
  if (f.kind === 'boolean') return matching([{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }]);
  if (!c.info.filterable || isDateKind(f) || f.kind === 'longtext') return [];
  return autocomplete(db, ctx, c.owner, { field: c.name, input: typed, limit: '20' });
};

/** `filters` of a sample arrive as JSON text in the query string. */
function parsedFilters(raw: unknown): Record<string, unknown> | undefined {
  if (raw === undefined || raw === '') return undefined;
  let v: unknown;
  try { v = JSON.parse(String(raw)); } catch { throw fieldError('filters', 'Not valid JSON: give the filters as an object, e.g. {"status":"completed"}.'); }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fieldError('filters', 'Give the filters as an object, e.g. {"status":"completed"}.');
  return v as Record<string, unknown>;
}

const sample: ActionHandler = async (a) => {
  const i = a.input;
  const def: Definition = {
    source: String(i.source), columns: i.columns as string[] | undefined, group_by: i.group_by as string[] | undefined,
    totals: i.totals as string[] | undefined, filters: parsedFilters(i.filters), ordering: i.ordering as string | undefined,
  };
  return sampleReport(a.services.database, a.ctx, def, { zone: await zoneOf(a), now: new Date(), rows: i.rows as number | undefined });
};

const dashboard: ActionHandler = async (a) => dashboardFigures(a.services.database, a.ctx, { zone: await zoneOf(a), now: new Date() });

/** The whole report: at once when small, else a job whose progress counts the lines written. */
const downloadReport: ActionHandler = async (a) => {
  const rec = a.record!;
  const format = (a.input.format ?? 'xlsx') as FileFormat;
  const now = new Date();
  const plan = planReport(a.ctx, definitionOf(rec), { zone: await zoneOf(a, rec.company), now });
  const lines = await lineCount(a.services.database, plan);
  if (lines > MAX_DOWNLOAD_LINES) {
    throw badRequest({ non_field_errors: [`This report has ${lines.toLocaleString('en')} lines; a download holds at most ${MAX_DOWNLOAD_LINES.toLocaleString('en')}. Narrow its filters, or group it.`] });
  }
  const build = (progress?: (n: number) => void) => reportAsFile(a.services.database, a.ctx, plan, { name: String(rec.name), format, now, progress });
  if (lines <= DOWNLOAD_NOW_LINES) {
    const f = await build();
    return download(f.filename, f.contentType, f.data);
  }
  const job = await startJob(a.db, { userId: a.ctx.user.id, companyId: a.ctx.user.companyId, kind: 'report', total: lines, log: a.log }, async (progress) => {
    const f = await build((n) => { for (let k = 0; k < n; k++) progress.step(); });
    return { file: { filename: f.filename, contentType: f.contentType, data: f.data } };
  });
  return jobAccepted(job);
};

/**
 * Sets or stops the mailing. The report must run for the caller now (he becomes the one it runs
 * as); weekly needs its weekday and monthly its day; the next moment is reckoned at once.
 */
const email: ActionHandler = async (a) => {
  const rec = a.record!;
  const i = a.input;
  const frequency = i.frequency as Frequency;
  const target = (i.target as string[] | undefined) ?? [];
  const errors = new ErrorBag();
  if (frequency !== 'none' && !target.length) errors.add('target', 'Name at least one recipient.');
  if (frequency === 'weekly' && !i.weekday) errors.add('weekday', 'Choose the weekday it is mailed on.');
  if (frequency === 'monthly' && !i.day_of_month) errors.add('day_of_month', 'Choose the day of the month it is mailed on.');
  errors.throwIfAny();
  const zone = await zoneOf(a, rec.company);
  const now = new Date();
  if (frequency !== 'none') planReport(a.ctx, definitionOf(rec), { zone, now });
  const schedule = {
    frequency, time: (i.time as string | undefined) ?? DEFAULT_SEND_TIME,
    weekday: frequency === 'weekly' ? (i.weekday as string) : null, day_of_month: frequency === 'monthly' ? (i.day_of_month as number) : null,
  };
  const next = nextRun(schedule, now, zone);
  return update(a.db, a.ctx, report, String(rec.id), {
    email_target: target, frequency, send_time: frequency === 'none' ? null : schedule.time, weekday: schedule.weekday, day_of_month: schedule.day_of_month,
    file_format: i.format ?? 'xlsx', scheduled_by: frequency === 'none' ? null : a.ctx.user.id, next_run_at: next?.toISOString() ?? null, version: rec.version,
  });
};

const getEmails: ActionHandler = async (a) => {
  const rec = a.record!;
  const by = rec.scheduled_by ? (await labelsFor(a.db, a.ctx, registry.get('user')!, [rec.scheduled_by])).get(String(rec.scheduled_by)) : undefined;
  return {
    target: rec.email_target ?? [], frequency: rec.frequency, time: rec.send_time ?? null, weekday: rec.weekday ?? null, day_of_month: rec.day_of_month ?? null,
    format: rec.file_format ?? 'xlsx', time_zone: await zoneOf(a, rec.company), next_run_at: rec.next_run_at ?? null, scheduled_by: by ?? null,
    deliveries: await deliveriesOf(a.db, Number(rec.id)),
  };
};

/** A saved definition must run for whoever saves it: the same checks as a sample, before the write. */
async function checkDefinition({ db, ctx, input, current }: { db: ActionArgs['db']; ctx: ActionArgs['ctx']; input: { values: Record<string, unknown> }; current?: Row }) {
  const v = { ...(current ?? {}), ...input.values };
  const def = definitionOf(v as Row);
  planReport(ctx, def, { zone: await companyTimeZone(db, ctx.user.companyId), now: new Date() });
}

export const reportBehaviour = defineBehaviour(report, {
  hooks: { beforeWrite: checkDefinition },
  actions: {
    sources, additional_filters: additionalFilters, column_choices: columnChoices, sample, dashboard,
    download: downloadReport, email, get_emails: getEmails,
  },
});
