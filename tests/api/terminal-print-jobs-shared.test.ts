/**
 * Bulk print and mail jobs, and the ticket mail limit, live in the database: the running-jobs
 * limit counts the `job` table, a job whose process stopped writing reads as failed, old jobs go
 * with their zips, and (on PostgreSQL, with a second server process) a job is followed and its
 * zip downloaded on another process, and both limits hold across the two.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../server/db/connection';
import { SYNC_TICKETS } from '../../server/actions/terminal/ticket-print';
import { KEEP_FINISHED_PER_USER, STALE_SECONDS } from '../../server/jobs/jobs';
import { STOPPED_MESSAGE } from '../../server/jobs/job-store';
import { startServer, type TestServer } from './harness';
import { TB, driverLoads, unzipEntries } from './terminal-tickets-fixtures';

const MAILS_PER_HOUR = 3;
/** A job of a few dozen PDFs ends well within this on a busy machine. */
const JOB_WITHIN_MS = 25_000;

let s: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let ticketIds: string[];

beforeAll(async () => {
  s = await startServer({ TICKET_MAILS_PER_HOUR: String(MAILS_PER_HOUR) });
  for (const who of ['driver', 'operator', 'siteadmin']) {
    tokens[who] = await s.login(`${who}@demo.test`);
    [{ id: ids[who] }] = await rows<{ id: number }>(sql`select id from "user" where email = ${`${who}@demo.test`}`);
  }
  // The driver prints his own loads (docs/terminal.md, Drivers).
  ticketIds = await driverLoads(s, tokens.driver, SYNC_TICKETS + 1);
}, 120_000);
afterAll(() => s?.close());

const rows = <T>(q: ReturnType<typeof sql>) => rawRows<T>(s.database.db, q);

/** A call to the server at `base` (this file's server, or a sibling process). */
async function at(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(base + path, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(buf.toString('utf8')) : null;
  return { status: res.status, headers: res.headers, body: json, buf };
}

const print = (token: string, base = s.url) => at(base, 'POST', `${TB}/ticket/print_multiple/`, token, { ticket_ids: ticketIds });

/** Polls the job until it is no longer running (bounded); returns its last state. */
async function untilEnded(url: string, token: string, base = s.url) {
  const until = Date.now() + JOB_WITHIN_MS;
  let j = (await at(base, 'GET', url, token)).body;
  while (j.status === 'running' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    j = (await at(base, 'GET', url, token)).body;
  }
  return j;
}

/** A job row as another process would have written it. */
async function jobRow(userId: number, o: { status?: string; heartbeatAgo?: string; endedAgo?: string; fileId?: string } = {}) {
  const [r] = await rows<{ id: string }>(sql`insert into job (user_id, kind, status, done, total, heartbeat_at, ended_at, result_file_id)
    values (${userId}, 'print_multiple', ${o.status ?? 'running'}, 3, ${SYNC_TICKETS + 1},
            now() - ${o.heartbeatAgo ?? '0 seconds'}::interval, now() - ${o.endedAgo ?? null}::interval, ${o.fileId ?? null})
    returning id`);
  return r.id;
}

describe('jobs in the database', () => {
  it('a running job whose heartbeat is older than a minute reads as failed and no longer counts as running', async () => {
    const stale = `${STALE_SECONDS * 2} seconds`;
    const [first, second] = [await jobRow(ids.driver, { heartbeatAgo: stale }), await jobRow(ids.driver, { heartbeatAgo: stale })];
    // Two "running" rows, but their process is gone: a new job is accepted.
    const started = await print(tokens.driver);
    expect(started.status).toBe(202);
    const read = await at(s.url, 'GET', `/api/jobs/${first}/`, tokens.driver);
    expect(read).toMatchObject({ status: 200, body: { id: first, status: 'failed', done: 3, total: SYNC_TICKETS + 1, error: STOPPED_MESSAGE } });
    expect((await at(s.url, 'GET', `/api/jobs/${first}/result/`, tokens.driver)).status).toBe(409);
    // Read once, it is written failed, so a late write of its process cannot revive it.
    expect(await rows(sql`select status from job where id in (${first}, ${second}) order by id = ${first} desc`)).toEqual([{ status: 'failed' }, { status: 'running' }]);
    expect(await untilEnded(started.body.url, tokens.driver)).toMatchObject({ status: 'done' });
  });

  it('running jobs written by any process count against the user\'s limit', async () => {
    const others = [await jobRow(ids.driver), await jobRow(ids.driver)];
    expect(await print(tokens.driver)).toMatchObject({ status: 429, body: { detail: 'You already have 2 long jobs running (at most 2). Wait for them to finish.' } });
    await rows(sql`update job set status = 'done', ended_at = now() where id in (${others[0]}, ${others[1]})`);
    const started = await print(tokens.driver);
    expect(started.status).toBe(202);
    expect(await untilEnded(started.body.url, tokens.driver)).toMatchObject({ status: 'done' });
  });

  it('a new job sweeps jobs that ended over an hour ago, with their zips, and keeps the user\'s last 5 finished', async () => {
    const [file] = await rows<{ id: string }>(sql`insert into stored_file (name, content_type, size, data) values ('tickets.zip', 'application/zip', 1, '\\x00') returning id`);
    const old = await jobRow(ids.operator, { status: 'done', endedAgo: '2 hours', fileId: file.id });
    const recent: string[] = [];
    for (let i = 0; i <= KEEP_FINISHED_PER_USER; i++) recent.push(await jobRow(ids.operator, { status: 'done', endedAgo: `${10 - i} minutes` }));
    const started = await print(tokens.operator);
    expect(started.status).toBe(202);
    expect(await rows(sql`select id from job where id = ${old}`)).toEqual([]);
    expect(await rows(sql`select id from stored_file where id = ${file.id}`)).toEqual([]);
    const kept = await rows<{ id: string }>(sql`select id from job where user_id = ${ids.operator} and status <> 'running'`);
    expect(kept.map((r) => r.id).sort()).toEqual(recent.slice(1).sort());
    expect(await untilEnded(started.body.url, tokens.operator)).toMatchObject({ status: 'done' });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('several server processes on one PostgreSQL', () => {
  let other: { base: string; close(): Promise<void> };
  beforeAll(async () => { other = await s.sibling(); });
  afterAll(() => other?.close());

  it('a job started on one process is followed to its end and its zip downloaded on the other; nobody else sees it there', async () => {
    const started = await print(tokens.driver);
    expect(started.status).toBe(202);
    const during = await at(other.base, 'GET', started.body.url, tokens.driver);
    expect(during).toMatchObject({ status: 200, body: { id: started.body.id, kind: 'print_multiple', total: ticketIds.length } });
    expect((await at(other.base, 'GET', started.body.url, tokens.siteadmin)).status).toBe(404);
    const j = await untilEnded(started.body.url, tokens.driver, other.base);
    expect(j).toMatchObject({ status: 'done', done: ticketIds.length, filename: 'tickets.zip', result_url: `${started.body.url}result/` });
    expect((await at(other.base, 'GET', j.result_url, tokens.siteadmin)).status).toBe(404);
    const zip = await at(other.base, 'GET', j.result_url, tokens.driver);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(unzipEntries(zip.buf).size).toBe(ticketIds.length);
  });

  it('the running-jobs limit holds across the processes, also for starts at the same moment', async () => {
    const answers = await Promise.all([print(tokens.siteadmin), print(tokens.siteadmin, other.base), print(tokens.siteadmin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 429]);
    expect((await print(tokens.siteadmin, other.base)).status).toBe(429);
    for (const a of answers.filter((x) => x.status === 202)) expect(await untilEnded(a.body.url, tokens.siteadmin, other.base)).toMatchObject({ status: 'done' });
  });

  it('the ticket mail limit holds across the processes, also for sends at the same moment', async () => {
    const mail = (base: string, recipients: string[]) => at(base, 'POST', `${TB}/ticket/email_multiple/`, tokens.driver, { ticket_ids: ticketIds.slice(0, 1), recipients });
    const both = await Promise.all([mail(s.url, ['dispatcher@demo.test', 'operator@demo.test']), mail(other.base, ['dispatcher@demo.test', 'operator@demo.test'])]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(await mail(other.base, ['dispatcher@demo.test'])).toMatchObject({ status: 200, body: { sent: 1 } });
    const over = await mail(s.url, ['dispatcher@demo.test']);
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(new RegExp(`^You may send at most ${MAILS_PER_HOUR} ticket mails per hour \\(one per recipient\\); you sent 3 in the last hour`));
    expect((await mail(other.base, ['dispatcher@demo.test'])).status).toBe(429);
  });

  it('a process that stops fails its running jobs at once, and the other process says so', async () => {
    const leaving = await s.sibling();
    // Thirty tickets: the job is still rendering when its process closes a moment later.
    const many = (await s.call('GET', `${TB}/ticket/?page_size=30&ordering=code`, { token: tokens.operator })).body.results.map((t: { id: string }) => t.id);
    const started = await at(leaving.base, 'POST', `${TB}/ticket/print_multiple/`, tokens.operator, { ticket_ids: many });
    expect(started.status).toBe(202);
    await leaving.close();
    expect(await untilEnded(started.body.url, tokens.operator)).toMatchObject({ status: 'failed', error: STOPPED_MESSAGE });
  });
});
