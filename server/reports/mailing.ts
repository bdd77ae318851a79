/**
 * Scheduled mailing of reports (docs/reports.md, Scheduled mailing). Every server process looks
 * every REPORT_MAIL_SECONDS for reports due and mailings due again; each is claimed under a row
 * lock that the other processes skip, so one mailing is sent once. A report runs as the user who
 * scheduled it, with his rights and his company as they are when it runs: a user since disabled,
 * or who may no longer read the source, gets nothing mailed, and the mailing fails saying why.
 *
 * A mailing that fails for a passing reason (the mail server, the database) is retried after
 * RETRY_MINUTES, up to MAX_ATTEMPTS; one that cannot succeed (the report no longer runs for its
 * user) fails at once. Either way the report shows it, and a mailing that failed for good tells
 * its scheduler in the app.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { report } from '../../src/resources/reports/report';
import type { FileFormat } from '../../src/resources/reports/report-terms';
import { type Db, rawRows } from '../db/connection';
import { tableOf } from '../db/tables';
import { mailOutbox } from '../db/internal-tables';
import { reportDelivery } from '../db/report-tables';
import { loadUser } from '../auth/access';
import type { Ctx } from '../engine/context';
import { HttpError } from '../engine/errors';
import { companyTimeZone } from '../engine/time-zones';
import type { Services } from '../services';
import { notify } from '../notify/raise';
import { planReport } from './plan';
import { reportAsFile } from './report-data';
import { nextRun } from './schedule';

/** Attempts of one mailing before it has failed for good. */
export const MAX_ATTEMPTS = 3;
/** Minutes before the next attempt, after the first and the second failure. */
export const RETRY_MINUTES = [5, 30];
/** A mailing claimed longer ago than this by a process that never finished it is taken up again. */
const STALE_SENDING_MINUTES = 15;
/** Mailings claimed per look: the rest wait for the next. */
const CLAIM = 20;

const t = tableOf(report);
const d = reportDelivery;

type ReportRow = typeof t.$inferSelect;
interface Log { info(o: object, msg: string): void; error(o: object, msg: string): void }

/** A failure a retry cannot mend: the report no longer runs for its user. */
class Permanent extends Error {}

/**
 * Due reports get their mailing (and their next moment); due retries and abandoned attempts are
 * taken up. Answers the mailings claimed, each already marked as being sent by this process.
 */
export async function claimDue(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await rawRows<{ id: number; company: number; frequency: string; send_time: string | null; weekday: string | null; day_of_month: number | null; next_run_at: string }>(tx, sql`
      select id, company_id as company, frequency, send_time, weekday, day_of_month,
        to_char(next_run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as next_run_at
      from ${t} where ${t.frequency} <> 'none' and ${t.next_run_at} <= ${now.toISOString()}::timestamptz
      order by ${t.next_run_at} limit ${CLAIM} for update skip locked`);
    const claimed: number[] = [];
    for (const r of due) {
      const zone = await companyTimeZone(tx, r.company);
      const next = nextRun({ frequency: r.frequency as 'daily', time: r.send_time, weekday: r.weekday, day_of_month: r.day_of_month }, now, zone);
      await tx.update(t).set({ next_run_at: next }).where(eq(t.id, r.id));
      const [row] = await tx.insert(d).values({ report_id: r.id, due_at: new Date(r.next_run_at), status: 'sending', claimed_at: now }).returning({ id: d.id });
      claimed.push(row.id);
    }
    const again = await rawRows<{ id: number }>(tx, sql`
      select id from ${d} where (${d.status} = 'retrying' and ${d.next_attempt_at} <= ${now.toISOString()}::timestamptz)
        or (${d.status} = 'sending' and ${d.claimed_at} < ${now.toISOString()}::timestamptz - make_interval(mins => ${STALE_SENDING_MINUTES}))
      order by id limit ${CLAIM} for update skip locked`);
    if (again.length) {
      await tx.update(d).set({ status: 'sending', claimed_at: now, next_attempt_at: null }).where(inArray(d.id, again.map((x) => x.id)));
    }
    return [...claimed, ...again.map((x) => x.id)];
  });
}

/** The user the report runs as, acting for the report's company; a Permanent failure when he can no longer. */
async function runnerOf(db: Db, rep: ReportRow): Promise<Ctx> {
  if (!rep.scheduled_by) throw new Permanent('Nobody scheduled this report any more (the user was deleted). Schedule it again.');
  const u = await loadUser(db, rep.scheduled_by);
  if (!u || !u.isActive) throw new Permanent('The user who scheduled this report is disabled or deleted: nothing was sent. Schedule it again.');
  if (!u.isSuperuser && !u.companyIds.includes(rep.company!)) throw new Permanent('The user who scheduled this report no longer acts for its company: nothing was sent.');
  return { user: { ...u, companyId: rep.company!, tokenId: 0 }, via: `scheduled mailing of report ${rep.id}` };
}

/** Sends one claimed mailing: the report run as its scheduler, attached to one mail to its recipients. */
async function send(services: Services, deliveryId: number): Promise<{ rows: number; mailId: number }> {
  const db = services.database.db;
  const [del] = await db.select().from(d).where(eq(d.id, deliveryId));
  const [rep] = await db.select().from(t).where(eq(t.id, del.report_id));
  const ctx = await runnerOf(db, rep);
  if (!rep.email_target?.length) throw new Permanent('The report has no recipients.');
  const zone = await companyTimeZone(db, rep.company);
  let plan;
  try {
    plan = planReport(ctx, { source: rep.source, columns: rep.columns, group_by: rep.group_by, totals: rep.totals, filters: rep.filters as Record<string, unknown>, ordering: rep.ordering }, { zone, now: del.due_at });
  } catch (e) {
    if (e instanceof HttpError) throw new Permanent(`The report no longer runs for ${ctx.user.name || ctx.user.email}: ${Object.values(e.body).flat().join(' ')}`);
    throw e;
  }
  const file = await reportAsFile(services.database, ctx, plan, { name: rep.name, format: (rep.file_format ?? 'xlsx') as FileFormat, now: del.due_at });
  const link = `${services.config.publicUrl}/company/reports/${rep.id}/`;
  const mailId = await services.mailer.send(db, {
    to: rep.email_target.join(', '),
    subject: `Report: ${rep.name} (${file.filename.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? ''})`,
    text: `${rep.name}: ${file.rows} ${plan.grouped ? 'groups' : 'rows'}, attached as ${file.filename}.\n\nScheduled by ${ctx.user.name || ctx.user.email}. Open or change the report: ${link}\n`,
    attachments: [{ filename: file.filename, content: file.data, contentType: file.contentType }],
  });
  // The mailer keeps every mail and records a delivery that failed: that is this mailing's failure.
  const [kept] = await db.select({ status: mailOutbox.status, error: mailOutbox.error }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
  if (kept?.status === 'failed') throw new Error(`The mail server refused the mail: ${kept.error ?? 'no reason given'}`);
  return { rows: file.rows, mailId };
}

/** Runs every claimed mailing and writes how it went, on the mailing and on its report. */
export async function sendDueReports(services: Services, now: Date, log: Log): Promise<number> {
  const db = services.database.db;
  const ids = await claimDue(db, now);
  for (const id of ids) {
    try {
      const { rows, mailId } = await send(services, id);
      const [del] = await db.update(d).set({ status: 'sent', rows, mail_id: mailId, sent_at: now, error: null, attempts: sql`${d.attempts} + 1` }).where(eq(d.id, id)).returning();
      await db.update(t).set({ last_status: 'sent', last_sent_at: now, last_error: null }).where(eq(t.id, del.report_id));
      log.info({ reportId: del.report_id, deliveryId: id, rows }, 'report mailed');
    } catch (e) {
      await failed(db, id, e, now, log);
    }
  }
  return ids.length;
}

async function failed(db: Db, id: number, e: unknown, now: Date, log: Log) {
  const permanent = e instanceof Permanent;
  const message = (permanent ? (e as Error).message : `Not sent: ${(e as Error).message}`).slice(0, 500);
  if (!permanent) log.error({ err: e, deliveryId: id }, 'report mailing failed');
  const [del] = await db.select().from(d).where(eq(d.id, id));
  const attempts = del.attempts + 1;
  const final = permanent || attempts >= MAX_ATTEMPTS;
  const next = final ? null : new Date(now.getTime() + RETRY_MINUTES[attempts - 1] * 60_000);
  await db.update(d).set({ status: final ? 'failed' : 'retrying', attempts, error: message, next_attempt_at: next }).where(eq(d.id, id));
  const [rep] = await db.update(t).set({ last_status: final ? 'failed' : 'retrying', last_error: message }).where(eq(t.id, del.report_id)).returning();
  if (final && rep?.scheduled_by && rep.company) {
    await notify(db, rep.company, { users: [rep.scheduled_by] }, {
      kind: 'report', level: 'alert', title: `Report not mailed: ${rep.name}`, body: message,
      link: `/company/reports/${rep.id}/`, key: `report-delivery:${id}`,
    });
  }
}

/** The latest mailings of a report, newest first. */
export async function deliveriesOf(db: Db, reportId: number, limit = 20) {
  const rows = await db.select().from(d).where(eq(d.report_id, reportId)).orderBy(sql`${d.id} desc`).limit(limit);
  return rows.map((x) => ({
    id: x.id, due_at: x.due_at.toISOString(), status: x.status, attempts: x.attempts, rows: x.rows, error: x.error,
    sent_at: x.sent_at?.toISOString() ?? null, next_attempt_at: x.next_attempt_at?.toISOString() ?? null,
  }));
}

/** Looks now and every `everyMs` until stopped; a failed look is logged and the next one tries again. */
export function startReportMailing(services: Services, everyMs: number, log: Log): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sendDueReports(services, new Date(), log).catch((err: unknown) => log.error({ err }, 'report mailing look failed')).finally(() => { running = false; });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

