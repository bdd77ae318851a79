/**
 * Scheduled mailing of reports through the real server and the mailing look itself
 * (server/reports/mailing.ts): the schedule set by `email/` and refused per field with nothing
 * written, the next moment reckoned in the company's zone (across the spring-forward morning),
 * a due report mailed once with its file, a failed send retried after 5 and 30 minutes and then
 * failed for good with a notice to its scheduler, a report run as its scheduler with his rights
 * as they are when it runs, and the mailings shown newest first to the company only.
 *
 * The look is called with chosen moments (`now`), so nothing here waits for a clock.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateAccess } from '../../server/auth/access';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { MAX_ATTEMPTS, RETRY_MINUTES, sendDueReports } from '../../server/reports/mailing';
import type { Services } from '../../server/services';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { mailsTo, type Rec } from './scheduler-fixtures';

const suite = railSuite();
const { call, refused, t } = suite;

const TICKETS = 'terminalboss/v3/ticket';
const ZONE = 'America/Edmonton';
const MINUTE = 60_000;

interface Delivery { id: number; due_at: string; status: string; attempts: number; rows: number | null; error: string | null; sent_at: string | null; next_attempt_at: string | null }
interface Mailing {
  target: string[]; frequency: string; time: string | null; weekday: string | null; day_of_month: number | null; format: string;
  time_zone: string; next_run_at: string | null; scheduled_by: string | null; deliveries: Delivery[];
}

const quiet = { level: 'silent', info() {}, error() {}, warn() {}, debug() {}, trace() {}, fatal() {}, silent() {}, child() { return quiet; } } as unknown as FastifyBaseLogger;
const kept = createMailer({ from: 'reports@test' }, quiet);
/** Nothing listens on the discard port: every delivery fails at once. */
const failing = createMailer({ from: 'reports@test', smtpUrl: 'smtp://127.0.0.1:9' }, quiet);
const services = (mailer: Mailer): Services => ({ config: suite.s.config, database: suite.s.database, mailer });
/** One look of the mailing at the moment `now`. */
const look = (now: string | Date, mailer: Mailer = kept) => sendDueReports(services(mailer), new Date(now), quiet);
const plus = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * MINUTE).toISOString();
const iso = (v: unknown) => (v == null ? v : new Date(String(v)).toISOString());

let seq = 0;
/** A fresh recipient per report, so the outbox rows to it are its own. */
const recipient = (what: string) => `${what}-${++seq}-${Date.now() % 100000}@reports.example`;

const newReport = async (token = t.siteadmin, name = `Completed tickets ${++seq}`) =>
  ok(await call('POST', 'reports/', { name, source: TICKETS, columns: ['code', 'net_volume'], filters: { status: 'completed' } }, token), 201) as Rec;

const schedule = async (id: number, body: Record<string, unknown>, token = t.siteadmin) =>
  ok(await call('PUT', `reports/${id}/email/`, body, token)) as Rec;

const mailing = async (id: number, token = t.siteadmin) => ok(await call('GET', `reports/${id}/get_emails/`, undefined, token)) as unknown as Mailing;
const reportOf = async (id: number) => ok(await call('GET', `reports/${id}/`)) as Rec;
const deliveriesOf = async (id: number) => suite.rows<{ id: number; status: string; attempts: number; rows: number | null; error: string | null; next_attempt_at: string | null; mail_id: number | null }>(
  sql`select id, status, attempts, rows, error, next_attempt_at, mail_id from report_delivery where report_id = ${id} order by id`);

/** Only this report is due, at `at`: every other scheduled report is put out of the way of the looks. */
async function onlyDue(id: number, at: string) {
  await suite.rows(sql`update reports set next_run_at = null where id <> ${id} and next_run_at is not null`);
  await suite.rows(sql`update reports set next_run_at = ${at}::timestamptz where id = ${id}`);
}

/** Completed tickets the user reads: the rows the report has. */
const completedCount = async (token = t.siteadmin) =>
  Number((ok(await call('GET', `${TICKETS}/count/?status=completed`, undefined, token)) as Rec).count);

const localClock = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

let report: Rec;

beforeAll(async () => {
  report = await newReport(t.siteadmin, 'Completed tickets mailed');
});

describe('report mailing: the schedule', () => {
  it('refuses bad input field by field and writes nothing; a caller without change right is refused', async () => {
    const path = `reports/${report.id}/email/`;
    const cases: [string, Record<string, unknown>, string][] = [
      ['frequency missing', { target: ['a@reports.example'] }, 'frequency'],
      ['daily without target', { frequency: 'daily', time: '07:00' }, 'target'],
      ['daily with an empty target', { target: [], frequency: 'daily' }, 'target'],
      ['weekly without weekday', { target: ['a@reports.example'], frequency: 'weekly' }, 'weekday'],
      ['monthly without day_of_month', { target: ['a@reports.example'], frequency: 'monthly' }, 'day_of_month'],
      ['a bad time', { target: ['a@reports.example'], frequency: 'daily', time: '25:00' }, 'time'],
      ['a bad minute', { target: ['a@reports.example'], frequency: 'daily', time: '07:60' }, 'time'],
      ['a bad email', { target: ['not-an-address'], frequency: 'daily' }, 'target'],
      ['a bad weekday', { target: ['a@reports.example'], frequency: 'weekly', weekday: '8' }, 'weekday'],
      ['a day of month past 31', { target: ['a@reports.example'], frequency: 'monthly', day_of_month: 32 }, 'day_of_month'],
      ['a bad format', { target: ['a@reports.example'], frequency: 'daily', format: 'pdf' }, 'format'],
    ];
    for (const [what, body, field] of cases) {
      const r = await refused('PUT', path, body);
      expect(r.status, what).toBe(400);
      expect(Object.keys(r.body as object), what).toContain(field);
      expect(r.changed, what).toEqual([]);
    }
    // Nothing of it reached the report.
    const m = await mailing(Number(report.id));
    expect(m).toMatchObject({ frequency: 'none', target: [], next_run_at: null, scheduled_by: null, deliveries: [] });

    const driver = await refused('PUT', path, { target: ['a@reports.example'], frequency: 'daily' }, t.driver);
    expect(driver.status).toBe(403);
    expect(driver.changed).toEqual([]);
    const partner = await refused('PUT', path, { target: ['a@reports.example'], frequency: 'daily' }, t.partner);
    expect(partner.status).toBe(404);
    expect(partner.changed).toEqual([]);
  });

  it('reckons the next mailing at the time of day in the company\'s zone, and answers the schedule', async () => {
    const before = Date.now();
    const target = recipient('daily');
    const saved = await schedule(Number(report.id), { target: [target], frequency: 'daily', time: '02:30' });
    expect(saved).toMatchObject({ frequency: 'daily', send_time: '02:30', email_target: [target], file_format: 'xlsx' });
    const next = new Date(String(saved.next_run_at));
    expect(next.getTime()).toBeGreaterThan(before);
    // Within the next day (and an hour, for a change of the clocks).
    expect(next.getTime() - before).toBeLessThanOrEqual(25 * 60 * MINUTE);
    // 02:30 MST is 09:30Z, 02:30 MDT 08:30Z (and the morning the clocks skip 02:30, 03:30 MDT: 09:30Z).
    expect(['09:30', '08:30']).toContain(next.toISOString().slice(11, 16));
    expect(next.getUTCSeconds()).toBe(0);
    expect(['02:30', '03:30']).toContain(localClock(next));

    const m = await mailing(Number(report.id));
    expect(m).toMatchObject({ target: [target], frequency: 'daily', time: '02:30', weekday: null, day_of_month: null, format: 'xlsx', time_zone: ZONE });
    expect(iso(m.next_run_at)).toBe(next.toISOString());
    expect(m.scheduled_by).toMatch(/Sam Siteadmin|siteadmin@demo\.test/);

    // Weekly and monthly keep their day; stopping clears the schedule.
    const weekly = await schedule(Number(report.id), { target: [target], frequency: 'weekly', weekday: '3', time: '07:00', format: 'csv' });
    const wNext = new Date(String(weekly.next_run_at));
    expect(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(wNext)).toBe('Wednesday');
    expect(localClock(wNext)).toBe('07:00');
    expect(wNext.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 60 * MINUTE + 60 * MINUTE);
    expect((await mailing(Number(report.id))).format).toBe('csv');
    const stopped = await schedule(Number(report.id), { frequency: 'none' });
    expect(stopped).toMatchObject({ frequency: 'none', next_run_at: null, scheduled_by: null });
  });
});

describe('report mailing: the look', () => {
  it('mails at the right local time across the start of summer time, once', async () => {
    const id = Number(report.id);
    const target = recipient('dst');
    await schedule(id, { target: [target], frequency: 'daily', time: '02:30' });
    await onlyDue(id, '2027-03-13T09:30:00Z'); // 02:30 MST
    const rows = await completedCount();
    expect(rows).toBeGreaterThan(0);

    expect(await look('2027-03-13T09:29:00Z')).toBe(0);
    expect(await mailsTo(suite, target)).toHaveLength(0);
    expect(await deliveriesOf(id)).toHaveLength(0);

    expect(await look('2027-03-13T09:30:00Z')).toBe(1);
    const mails = await mailsTo(suite, target);
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe('kept');
    const attachments = mails[0].attachments as { filename: string; size: number }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0].filename).toMatch(/-2027-03-13\.xlsx$/);
    expect(attachments[0].size).toBeGreaterThan(0);
    expect(mails[0].subject).toContain('Completed tickets mailed');
    const [first] = await deliveriesOf(id);
    expect(first).toMatchObject({ status: 'sent', attempts: 1, rows, error: null, mail_id: mails[0].id });
    let rec = await reportOf(id);
    expect(rec).toMatchObject({ last_status: 'sent', last_error: null });
    expect(iso(rec.last_sent_at)).toBe('2027-03-13T09:30:00.000Z');
    // 02:30 does not happen on 14 March: 03:30 MDT, the same instant as 02:30 MST would be.
    expect(iso(rec.next_run_at)).toBe('2027-03-14T09:30:00.000Z');

    expect(await look('2027-03-14T09:29:59Z')).toBe(0);
    expect(await look('2027-03-14T09:30:00Z')).toBe(1);
    expect(await mailsTo(suite, target)).toHaveLength(2);
    rec = await reportOf(id);
    expect(iso(rec.last_sent_at)).toBe('2027-03-14T09:30:00.000Z');
    expect(iso(rec.next_run_at)).toBe('2027-03-15T08:30:00.000Z'); // 02:30 MDT
    expect(localClock(new Date(String(rec.next_run_at)))).toBe('02:30');

    // A second look at the same moment finds nothing to claim and mails nothing.
    expect(await look('2027-03-14T09:30:00Z')).toBe(0);
    expect(await mailsTo(suite, target)).toHaveLength(2);
    const m = await mailing(id);
    expect(m.deliveries.map((x) => iso(x.due_at))).toEqual(['2027-03-14T09:30:00.000Z', '2027-03-13T09:30:00.000Z']);
    expect(m.deliveries.every((x) => x.status === 'sent' && x.rows === rows && x.attempts === 1 && x.next_attempt_at === null)).toBe(true);
    expect(m.deliveries.map((x) => iso(x.sent_at))).toEqual(['2027-03-14T09:30:00.000Z', '2027-03-13T09:30:00.000Z']);

    // A look long after a missed moment mails it once (as of its moment), not once per missed day.
    expect(await look('2027-03-20T12:00:00Z')).toBe(1);
    const late = await mailsTo(suite, target);
    expect(late).toHaveLength(3);
    expect((late[0].attachments as { filename: string }[])[0].filename).toMatch(/-2027-03-15\.xlsx$/);
    expect(iso((await deliveriesOf(id)).at(-1)!.next_attempt_at)).toBeNull();
    expect(iso((await reportOf(id)).next_run_at)).toBe('2027-03-21T08:30:00.000Z');
    expect(await look('2027-03-20T12:00:00Z')).toBe(0);
    await schedule(id, { frequency: 'none' });
  });

  it('mails a time the clocks repeat once, at its first occurrence, and a monthly day past the month\'s end on its last day', async () => {
    const rep = await newReport(t.siteadmin, 'Completed tickets in autumn');
    const id = Number(rep.id);
    const target = recipient('autumn');
    await schedule(id, { target: [target], frequency: 'daily', time: '01:30' });
    await onlyDue(id, '2027-11-06T07:30:00Z'); // 01:30 MDT
    expect(await look('2027-11-06T07:30:00Z')).toBe(1);
    // 7 November: 01:30 happens twice; the first (MDT) is the one.
    expect(iso((await reportOf(id)).next_run_at)).toBe('2027-11-07T07:30:00.000Z');
    expect(await look('2027-11-07T07:30:00Z')).toBe(1);
    expect(iso((await reportOf(id)).next_run_at)).toBe('2027-11-08T08:30:00.000Z'); // 01:30 MST
    // The second 01:30 of that morning mails nothing more.
    expect(await look('2027-11-07T08:30:00Z')).toBe(0);
    expect(await mailsTo(suite, target)).toHaveLength(2);

    const monthly = await schedule(id, { target: [target], frequency: 'monthly', day_of_month: 31, time: '07:00' });
    expect(monthly).toMatchObject({ frequency: 'monthly', day_of_month: 31, weekday: null });
    await onlyDue(id, '2027-01-31T14:00:00Z'); // 07:00 MST
    expect(await look('2027-01-31T14:00:00Z')).toBe(1);
    expect(iso((await reportOf(id)).next_run_at)).toBe('2027-02-28T14:00:00.000Z');
    expect(await look('2027-02-28T14:00:00Z')).toBe(1);
    expect(iso((await reportOf(id)).next_run_at)).toBe('2027-03-31T13:00:00.000Z'); // 07:00 MDT
    expect(await look('2027-03-31T13:00:00Z')).toBe(1);
    expect(iso((await reportOf(id)).next_run_at)).toBe('2027-04-30T13:00:00.000Z');
    const files = (await mailsTo(suite, target)).map((x) => (x.attachments as { filename: string }[])[0].filename.slice(-15));
    expect(files).toEqual(['2027-03-31.xlsx', '2027-02-28.xlsx', '2027-01-31.xlsx', '2027-11-07.xlsx', '2027-11-06.xlsx']);
    await schedule(id, { frequency: 'none' });
  });

  it('retries a failed send after 5 and 30 minutes, then fails for good and tells the scheduler', async () => {
    expect(MAX_ATTEMPTS).toBe(3);
    expect(RETRY_MINUTES).toEqual([5, 30]);
    const rep = await newReport(t.siteadmin, 'Completed tickets retried');
    const id = Number(rep.id);
    const target = recipient('retry');
    await schedule(id, { target: [target], frequency: 'daily', time: '07:00' });
    const T = '2027-06-01T13:00:00.000Z'; // 07:00 MDT
    await onlyDue(id, T);
    const alertsOf = async () => ((ok(await call('GET', 'notification/?page_size=0')) as unknown as Rec[])
      .filter((n) => n.link === `/company/reports/${id}/`));
    expect(await alertsOf()).toHaveLength(0);

    expect(await look(T, failing)).toBe(1);
    let [del] = await deliveriesOf(id);
    expect(del).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(iso(del.next_attempt_at)).toBe(plus(T, 5));
    expect(del.error).toMatch(/mail server refused/i);
    let rec = await reportOf(id);
    expect(rec).toMatchObject({ last_status: 'retrying' });
    expect(String(rec.last_error)).toMatch(/mail server refused/i);
    expect(rec.last_sent_at).toBeNull();
    expect(iso(rec.next_run_at)).toBe('2027-06-02T13:00:00.000Z');
    const shown = (await mailing(id)).deliveries[0];
    expect(shown).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(iso(shown.next_attempt_at)).toBe(plus(T, 5));
    // The mailer kept the mail and marked it failed.
    const failedMails = await mailsTo(suite, target);
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0].status).toBe('failed');

    // Not before its time.
    expect(await look(plus(T, 4), failing)).toBe(0);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'retrying', attempts: 1 });

    expect(await look(plus(T, 5), failing)).toBe(1);
    [del] = await deliveriesOf(id);
    expect(del).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(iso(del.next_attempt_at)).toBe(plus(T, 35));
    expect(await look(plus(T, 34), failing)).toBe(0);

    expect(await look(plus(T, 35), failing)).toBe(1);
    const all = await deliveriesOf(id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
    expect(all[0].error).toMatch(/mail server refused/i);
    rec = await reportOf(id);
    expect(rec).toMatchObject({ last_status: 'failed' });
    expect(String(rec.last_error)).toMatch(/mail server refused/i);
    // Failed for good: no further attempt.
    expect(await look(plus(T, 120), failing)).toBe(0);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'failed', attempts: 3 });

    const alerts = await alertsOf();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'report', level: 'alert' });
    expect(String(alerts[0].title)).toContain('Completed tickets retried');
    // Nobody else is told.
    const operators = (ok(await call('GET', 'notification/?page_size=0', undefined, t.operator)) as unknown as Rec[]).filter((n) => n.link === `/company/reports/${id}/`);
    expect(operators).toHaveLength(0);

    // The next scheduled moment, with a mail server that works, is mailed as usual.
    const next = '2027-06-02T13:00:00.000Z';
    expect(await look(next, kept)).toBe(1);
    const after = await deliveriesOf(id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ status: 'sent', attempts: 1, rows: await completedCount(), error: null });
    rec = await reportOf(id);
    expect(rec).toMatchObject({ last_status: 'sent', last_error: null });
    expect(iso(rec.last_sent_at)).toBe(next);
    const mails = await mailsTo(suite, target);
    expect(mails).toHaveLength(4);
    expect(mails[0].status).toBe('kept');
    expect(await alertsOf()).toHaveLength(1);

    // Newest first, as get_emails lists them.
    const m = await mailing(id);
    expect(m.deliveries.map((x) => x.status)).toEqual(['sent', 'failed']);
    await schedule(id, { frequency: 'none' });
  });
});

describe('report mailing: runs as its scheduler, with his rights now', () => {
  it('fails at once, mailing nothing, when the scheduler has since been disabled', async () => {
    const rep = await newReport(t.siteadmin, 'Completed tickets of a disabled user');
    const id = Number(rep.id);
    const target = recipient('disabled');
    await schedule(id, { target: [target], frequency: 'daily', time: '07:00' });
    const T = '2027-07-01T13:00:00.000Z';
    await onlyDue(id, T);
    try {
      await suite.rows(sql`update "user" set is_active = false where email = 'siteadmin@demo.test'`);
      invalidateAccess();
      expect(await look(T)).toBe(1);
    } finally {
      await suite.rows(sql`update "user" set is_active = true where email = 'siteadmin@demo.test'`);
      invalidateAccess();
    }
    const all = await deliveriesOf(id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, mail_id: null, rows: null });
    expect(all[0].error).toMatch(/disabled/i);
    expect(await mailsTo(suite, target)).toHaveLength(0);
    const rec = await reportOf(id);
    expect(rec).toMatchObject({ last_status: 'failed' });
    expect(String(rec.last_error)).toMatch(/disabled/i);
    // Not retried: it cannot succeed by waiting.
    expect(await look(plus(T, 60))).toBe(0);
    expect((await deliveriesOf(id))[0].attempts).toBe(1);
    // Enabled again, the next moment is mailed.
    expect(await look('2027-07-02T13:00:00Z')).toBe(1);
    expect(await mailsTo(suite, target)).toHaveLength(1);
    await schedule(id, { frequency: 'none' });
  });

  it('runs a report the operator scheduled as the operator; fails for good when its scheduler may not read the source or no longer acts for the company', async () => {
    const rep = await newReport(t.operator, 'Operator completed tickets');
    const id = Number(rep.id);
    const target = recipient('operator');
    const saved = await schedule(id, { target: [target], frequency: 'daily', time: '06:15', format: 'csv' }, t.operator);
    expect(saved.scheduled_by).toBeTruthy();
    const m = await mailing(id, t.operator);
    expect(m.scheduled_by).toMatch(/Olivia Operator|operator@demo\.test/);

    const T = '2027-08-03T12:15:00.000Z'; // 06:15 MDT
    await onlyDue(id, T);
    expect(await look(T)).toBe(1);
    const [sent] = await deliveriesOf(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, rows: await completedCount(t.operator) });
    const mails = await mailsTo(suite, target);
    expect(mails).toHaveLength(1);
    const attachments = mails[0].attachments as { filename: string }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0].filename).toMatch(/-2027-08-03\.csv$/);
    expect(mails[0].body).toContain('Olivia Operator');

    // Handed (in the table) to the dispatcher, who may not read tickets: it no longer runs for him.
    const [{ id: dispatcher }] = await suite.rows<{ id: number }>(sql`select id from "user" where email = 'dispatcher@demo.test'`);
    await suite.rows(sql`update reports set scheduled_by_id = ${dispatcher} where id = ${id}`);
    expect(await look('2027-08-04T12:15:00Z')).toBe(1);
    let last = (await deliveriesOf(id)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(last.error).toMatch(/no longer runs for/);
    expect(await mailsTo(suite, target)).toHaveLength(1);
    // He is told, in the app.
    const told = (ok(await call('GET', 'notification/?page_size=0', undefined, t.dispatcher)) as unknown as Rec[]).filter((n) => n.link === `/company/reports/${id}/`);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'report', level: 'alert' });

    // Handed to another company's user: he does not act for this company.
    const [{ id: partner }] = await suite.rows<{ id: number }>(sql`select id from "user" where email = 'partner@partner.test'`);
    await suite.rows(sql`update reports set scheduled_by_id = ${partner} where id = ${id}`);
    expect(await look('2027-08-05T12:15:00Z')).toBe(1);
    last = (await deliveriesOf(id)).at(-1)!;
    expect(last).toMatchObject({ status: 'failed', attempts: 1 });
    expect(last.error).toMatch(/no longer acts for its company/);
    expect(await mailsTo(suite, target)).toHaveLength(1);
    await suite.rows(sql`update reports set frequency = 'none', next_run_at = null, scheduled_by_id = null where id = ${id}`);
  });
});

describe('report mailing: shown on the report', () => {
  it('lists the mailings newest first, to the company only', async () => {
    const id = Number(report.id);
    const m = await mailing(id);
    // The spring-forward test's three mailings, newest first.
    expect(m.deliveries.length).toBeGreaterThanOrEqual(3);
    const ids = m.deliveries.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const due = m.deliveries.map((x) => new Date(x.due_at).getTime());
    expect(due).toEqual([...due].sort((a, b) => b - a));
    expect(m.deliveries.map((x) => localDay(new Date(x.due_at)))).toEqual(['2027-03-15', '2027-03-14', '2027-03-13']);

    const theirs = await call('GET', `reports/${id}/get_emails/`, undefined, t.partner);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('2027-03');
    expect((await call('GET', `reports/${id}/get_emails/`, undefined, t.driver)).status).toBe(403);
  });
});
