/**
 * The `job` table: every statement that reads or writes a job, so any server process can answer for
 * a job another one runs. Times are the database's (`now()`), so processes on hosts whose clocks
 * differ agree on what is stale and what is old.
 *
 * A job is running while its status is `running` and its heartbeat is younger than STALE_SECONDS;
 * a running job with an older heartbeat lost its process, reads as failed (and is written so the
 * first time it is read) and no longer counts against the user's running jobs.
 */
import { and, count, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { job, storedFile } from '../db/internal-tables';
import { tooMany } from '../engine/errors';

export const MAX_RUNNING_PER_USER = 2;
/** Finished jobs (and their zips) are kept this long after they end. */
export const KEEP_SECONDS = 60 * 60;
/** Finished jobs kept per user: the oldest go first when a new one starts. */
export const KEEP_FINISHED_PER_USER = 5;
/** A running job whose process has not written for this long is taken for dead. */
export const STALE_SECONDS = 60;
export const STOPPED_MESSAGE = 'The server running this job stopped; start it again.';
/** Key space of pg_advisory_xact_lock(JOB_LOCK, user id): one user's job starts are serialised. */
const JOB_LOCK = 72_210_002;

export interface JobFile { filename: string; contentType: string; data: Buffer }

export interface JobRow {
  id: string;
  kind: string;
  userId: number;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  filename: string | null;
  result: unknown;
  error: string | null;
  errorBody: Record<string, unknown> | null;
}

const stale = sql`${job.heartbeat_at} < now() - make_interval(secs => ${STALE_SECONDS})`;
const alive = and(eq(job.status, 'running'), gte(job.heartbeat_at, sql`now() - make_interval(secs => ${STALE_SECONDS})`))!;
/** Ended, or running without a live process. */
const finished = or(sql`${job.status} <> 'running'`, stale)!;

/** Deletes the jobs `where` picks, with their result files, in one statement. */
async function deleteJobs(db: Db, where: SQL) {
  await db.execute(sql`with gone as (delete from ${job} where ${where} returning ${job.result_file_id} as file_id)
    delete from ${storedFile} where ${storedFile.id} in (select file_id from gone where file_id is not null)`);
}

/** Jobs that ended more than KEEP_SECONDS ago, of every user (any process may call it). */
export async function sweepOldJobs(db: Db) {
  await deleteJobs(db, sql`(${finished}) and coalesce(${job.ended_at}, ${job.heartbeat_at}) < now() - make_interval(secs => ${KEEP_SECONDS})`);
}

/**
 * Inserts a running job for the user, or answers 429 when the user already runs
 * MAX_RUNNING_PER_USER. The count and the insert happen under a per-user advisory lock in one
 * transaction, so two requests on two processes cannot both pass; the user's finished jobs beyond
 * KEEP_FINISHED_PER_USER go in the same transaction.
 */
export async function insertJob(db: Db, o: { userId: number; companyId: number | null; kind: string; total: number }): Promise<JobRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${JOB_LOCK}::int, ${o.userId}::int)`);
    const [{ running }] = await tx.select({ running: count() }).from(job).where(and(eq(job.user_id, o.userId), alive));
    if (running >= MAX_RUNNING_PER_USER) {
      throw tooMany(`You already have ${running} long jobs running (at most ${MAX_RUNNING_PER_USER}). Wait for them to finish.`);
    }
    const beyondKept = tx.select({ id: job.id }).from(job).where(and(eq(job.user_id, o.userId), finished))
      .orderBy(desc(sql`coalesce(${job.ended_at}, ${job.heartbeat_at})`)).offset(KEEP_FINISHED_PER_USER);
    await deleteJobs(tx, sql`${job.id} in (${beyondKept})`);
    const [row] = await tx.insert(job).values({ user_id: o.userId, company_id: o.companyId, kind: o.kind, total: o.total }).returning({ id: job.id });
    return { id: row.id, kind: o.kind, userId: o.userId, status: 'running', done: 0, total: o.total, filename: null, result: null, error: null, errorBody: null };
  });
}

/** Progress of a running job; also its heartbeat. */
export async function writeProgress(db: Db, id: string, done: number) {
  await db.update(job).set({ done, heartbeat_at: sql`now()` }).where(and(eq(job.id, id), eq(job.status, 'running')));
}

/** The heartbeat of running jobs this process runs. */
export async function writeHeartbeat(db: Db, ids: string[]) {
  if (ids.length) await db.update(job).set({ heartbeat_at: sql`now()` }).where(and(inArray(job.id, ids), eq(job.status, 'running')));
}

/**
 * Ends a job with its result. A job already taken for dead (or deleted) stays as it is, and its
 * file is not kept: the insert is rolled back with the update that matched nothing.
 */
export async function writeDone(db: Db, id: string, total: number, r: { file?: JobFile; value?: unknown }): Promise<boolean> {
  const gone = new Error('job no longer running');
  try {
    await db.transaction(async (tx) => {
      let fileId: string | null = null;
      if (r.file) {
        // No company and no uploader: the file is reached only through its job (owner-only), and
        // it does not count against the user's upload quota.
        const [f] = await tx.insert(storedFile).values({ name: r.file.filename, content_type: r.file.contentType, size: r.file.data.length, data: r.file.data }).returning({ id: storedFile.id });
        fileId = f.id;
      }
      const ended = await tx.update(job)
        .set({ status: 'done', done: total, result_file_id: fileId, result: r.value === undefined ? null : r.value, heartbeat_at: sql`now()`, ended_at: sql`now()` })
        .where(and(eq(job.id, id), eq(job.status, 'running'))).returning({ id: job.id });
      if (!ended.length) throw gone;
    });
    return true;
  } catch (e) {
    if (e === gone) return false;
    throw e;
  }
}

export async function writeFailed(db: Db, id: string, error: string, errorBody?: Record<string, unknown>) {
  await db.update(job).set({ status: 'failed', error, error_body: errorBody ?? null, heartbeat_at: sql`now()`, ended_at: sql`now()` })
    .where(and(eq(job.id, id), eq(job.status, 'running')));
}

/** Running jobs with a stale heartbeat are written failed (their process is gone); `where` narrows them. */
async function failStale(db: Db, where: SQL) {
  await db.update(job).set({ status: 'failed', error: STOPPED_MESSAGE, ended_at: sql`${job.heartbeat_at}` })
    .where(and(eq(job.status, 'running'), stale, where));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job of this user, or null (another user's job does not exist for this one). */
export async function findJob(db: Db, id: string, userId: number): Promise<JobRow | null> {
  if (!UUID.test(id)) return null;
  const read = () => db.select({
    id: job.id, kind: job.kind, userId: job.user_id, status: job.status, done: job.done, total: job.total,
    filename: storedFile.name, result: job.result, error: job.error, errorBody: job.error_body, stale: sql<boolean>`${stale}`,
  }).from(job).leftJoin(storedFile, eq(storedFile.id, job.result_file_id)).where(and(eq(job.id, id), eq(job.user_id, userId)));
  let [row] = await read();
  if (row && row.status === 'running' && row.stale) {
    await failStale(db, eq(job.id, id));
    [row] = await read();
  }
  if (!row) return null;
  const { stale: _s, ...j } = row;
  return { ...j, status: j.status as JobRow['status'], errorBody: j.errorBody as Record<string, unknown> | null };
}

/** The result file of a job that is done (the caller has found the job for its user). */
export async function jobFile(db: Db, id: string): Promise<JobFile | null> {
  const [f] = await db.select({ filename: storedFile.name, contentType: storedFile.content_type, data: storedFile.data })
    .from(job).innerJoin(storedFile, eq(storedFile.id, job.result_file_id)).where(and(eq(job.id, id), eq(job.status, 'done')));
  return f ?? null;
}

/** Marks the given running jobs failed at once (their process is stopping). */
export async function failStopped(db: Db, ids: string[]) {
  if (ids.length) await db.update(job).set({ status: 'failed', error: STOPPED_MESSAGE, ended_at: sql`now()` }).where(and(inArray(job.id, ids), eq(job.status, 'running')));
}
