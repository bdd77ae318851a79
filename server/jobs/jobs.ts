/**
 * Long work answered at once with 202 and a job to follow: `GET /api/jobs/{id}/` reports progress
 * (done of total) and, when done, the result (a file at `/api/jobs/{id}/result/`, or a small JSON
 * value). Jobs are rows of the `job` table (server/jobs/job-store.ts), so whichever server process
 * a poll reaches answers it; the work runs in the process that started it, which writes its
 * progress (at most every PROGRESS_MS), a heartbeat (every HEARTBEAT_MS) and the result. Each user
 * has at most MAX_RUNNING_PER_USER jobs at a time, so long work cannot be queued without bound,
 * and KEEP_FINISHED_PER_USER finished ones for KEEP_SECONDS, so results cannot pile up.
 */
import type { Db } from '../db/connection';
import { ActionReply } from '../engine/action-reply';
import {
  type JobFile, type JobRow, failStopped, insertJob, sweepOldJobs, writeDone, writeFailed, writeHeartbeat, writeProgress,
} from './job-store';

export { KEEP_FINISHED_PER_USER, KEEP_SECONDS, MAX_RUNNING_PER_USER, STALE_SECONDS, type JobFile } from './job-store';
export type Job = JobRow;

/** Progress is written at most this often: a poll a quarter of a second late is still live. */
export const PROGRESS_MS = 250;
/** Well under STALE_SECONDS, so a slow statement or a busy event loop is not taken for death. */
export const HEARTBEAT_MS = 10_000;

export interface JobProgress { step(): void }
/** A job's work: calls `progress.step()` per item done; returns a file or a JSON value. */
export type JobWork = (progress: JobProgress) => Promise<{ file?: JobFile; value?: unknown }>;
interface Log { error(obj: object, msg: string): void }

/** Jobs running in this process: their database (tests run two apps in one process) and heartbeat timer. */
const local = new Map<string, { db: Db; beat: NodeJS.Timeout }>();

/**
 * Records the job (429 when the user already runs enough) and starts `work` in the background;
 * returns the job at once. `work` calls `progress.step()` per item done and returns a file or a
 * JSON value; a thrown error fails the job.
 */
export async function startJob(
  db: Db,
  o: { userId: number; companyId: number | null; kind: string; total: number; log: Log },
  work: JobWork,
): Promise<Job> {
  await sweepOldJobs(db);
  const job = await insertJob(db, o);
  run(db, job, o.log, work);
  return job;
}

function run(db: Db, job: Job, log: Log, work: JobWork) {
  const logged = (msg: string) => (err: unknown) => log.error({ err, jobId: job.id, kind: job.kind }, msg);
  let done = 0;
  let lastWrite = Date.now();
  // One progress write at a time, so they land in order and a slow database is not flooded.
  let writing: Promise<void> | null = null;
  const step = () => {
    done = Math.min(job.total, done + 1);
    if (writing || Date.now() - lastWrite < PROGRESS_MS) return;
    lastWrite = Date.now();
    writing = writeProgress(db, job.id, done).catch(logged('job progress not written')).finally(() => { writing = null; });
  };
  const beat = setInterval(() => { writeHeartbeat(db, [job.id]).catch(logged('job heartbeat not written')); }, HEARTBEAT_MS);
  beat.unref();
  local.set(job.id, { db, beat });
  const end = async (write: () => Promise<unknown>) => {
    clearInterval(beat);
    local.delete(job.id);
    await writing;
    await write();
  };
  work({ step }).then(
    (r) => end(() => writeDone(db, job.id, job.total, r)),
    (e: Error & { status?: number; body?: Record<string, unknown> }) => {
      const expected = e.status !== undefined && e.status < 500;
      if (!expected) log.error({ err: e, jobId: job.id, kind: job.kind }, 'job failed');
      return end(() => writeFailed(db, job.id, expected ? e.message : 'The job failed. The error was logged; quote the job id when you report it.', expected ? e.body : undefined));
    },
  ).catch(logged('job result not written'));
}

/** On close: this process's running jobs on `db` cannot finish; they read as failed at once. */
export async function failLocalJobs(db: Db) {
  const ids = [...local].filter(([, j]) => j.db === db).map(([id, j]) => { clearInterval(j.beat); local.delete(id); return id; });
  await failStopped(db, ids);
}

export const jobUrl = (j: Job) => `/api/jobs/${j.id}/`;

/** An action's answer when its work continues as this job: 202 with the job and where to follow it. */
export const jobAccepted = (j: Job) => new ActionReply(202, jobView(j), { location: jobUrl(j) });

/** What the API shows of a job. */
export function jobView(j: Job) {
  return {
    id: j.id, kind: j.kind, status: j.status, done: j.done, total: j.total, url: jobUrl(j),
    ...(j.filename ? { result_url: `${jobUrl(j)}result/`, filename: j.filename } : {}),
    ...(j.result !== null && j.result !== undefined ? { result: j.result } : {}),
    ...(j.error ? { error: j.error } : {}),
    ...(j.errorBody ? { errors: j.errorBody } : {}),
  };
}
