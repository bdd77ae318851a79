/**
 * Long work answered at once with 202 and a job to follow: `GET /api/jobs/{id}/` reports progress
 * (done of total) and, when done, the result (a file at `/api/jobs/{id}/result/`, or a small JSON
 * value). Jobs live in the memory of the server process that started them, for an hour after they
 * end: with several server processes, a client must come back to the same one (sticky sessions),
 * or the jobs must move to a table. Each user has at most MAX_RUNNING_PER_USER jobs at a time, so
 * long work cannot be queued without bound, and KEEP_FINISHED_PER_USER finished ones, so their
 * results cannot pile up in memory.
 */
import { randomUUID } from 'node:crypto';
import { tooMany } from '../engine/errors';

export const MAX_RUNNING_PER_USER = 2;
export const KEEP_MS = 60 * 60 * 1000;
/** Finished jobs kept per user (their zips are held in memory): the oldest go first. */
export const KEEP_FINISHED_PER_USER = 5;

export interface JobFile { filename: string; contentType: string; data: Buffer }

export interface Job {
  id: string;
  kind: string;
  userId: number;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  file?: JobFile;
  value?: unknown;
  error?: string;
  /** For a failure the user can act on (a 4xx of the work): its answer body. */
  errorBody?: Record<string, unknown>;
  endedAt?: number;
}

export interface JobProgress { step(): void }

const jobs = new Map<string, Job>();

function sweep(userId: number) {
  const now = Date.now();
  for (const [id, j] of jobs) if (j.endedAt && now - j.endedAt > KEEP_MS) jobs.delete(id);
  const finished = [...jobs.values()].filter((j) => j.userId === userId && j.endedAt).sort((a, b) => b.endedAt! - a.endedAt!);
  for (const j of finished.slice(KEEP_FINISHED_PER_USER)) jobs.delete(j.id);
}

/**
 * Starts `work` in the background and returns its job at once. `work` calls `progress.step()` per
 * item done and returns a file or a JSON value; a thrown error fails the job.
 */
export function startJob(
  o: { userId: number; kind: string; total: number; log: { error(obj: object, msg: string): void } },
  work: (progress: JobProgress) => Promise<{ file?: JobFile; value?: unknown }>,
): Job {
  const { userId, kind, total } = o;
  sweep(userId);
  const running = [...jobs.values()].filter((j) => j.userId === userId && j.status === 'running').length;
  if (running >= MAX_RUNNING_PER_USER) throw tooMany(`You already have ${running} long jobs running (at most ${MAX_RUNNING_PER_USER}). Wait for them to finish.`);
  const job: Job = { id: randomUUID(), kind, userId, status: 'running', done: 0, total };
  jobs.set(job.id, job);
  work({ step: () => { job.done = Math.min(job.total, job.done + 1); } }).then(
    (r) => Object.assign(job, { status: 'done', file: r.file, value: r.value, done: job.total, endedAt: Date.now() }),
    (e: Error & { status?: number; body?: Record<string, unknown> }) => {
      const expected = e.status !== undefined && e.status < 500;
      if (!expected) o.log.error({ err: e, jobId: job.id, kind }, 'job failed');
      Object.assign(job, {
        status: 'failed', error: expected ? e.message : 'The job failed. The error was logged; quote the job id when you report it.',
        errorBody: expected ? e.body : undefined, endedAt: Date.now(),
      });
    },
  );
  return job;
}

/** A job of this user, or undefined (another user's job does not exist). */
export function findJob(id: string, userId: number): Job | undefined {
  const j = jobs.get(id);
  return j && j.userId === userId ? j : undefined;
}

export const jobUrl = (j: Job) => `/api/jobs/${j.id}/`;

/** What the API shows of a job. */
export function jobView(j: Job) {
  return {
    id: j.id, kind: j.kind, status: j.status, done: j.done, total: j.total, url: jobUrl(j),
    ...(j.file ? { result_url: `${jobUrl(j)}result/`, filename: j.file.filename } : {}),
    ...(j.value !== undefined ? { result: j.value } : {}),
    ...(j.error ? { error: j.error } : {}),
    ...(j.errorBody ? { errors: j.errorBody } : {}),
  };
}
