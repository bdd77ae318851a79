/**
 * `GET /api/jobs/{id}/` (progress, then the result) and `GET /api/jobs/{id}/result/` (the file),
 * read from the `job` table, so any server process answers for a job another one runs. Only the
 * user who started a job sees it (404 for anyone else).
 */
import type { FastifyInstance } from 'fastify';
import { notFound, HttpError } from '../engine/errors';
import { closeRenderPool } from '../print/render-pool';
import { findJob, jobFile, sweepOldJobs } from './job-store';
import { failLocalJobs, jobView } from './jobs';

/** Old jobs also go when nobody starts a new one (each start sweeps too). */
const SWEEP_MS = 10 * 60 * 1000;

export function mountJobs(app: FastifyInstance) {
  const db = app.services.database.db;
  app.get<{ Params: { id: string } }>('/api/jobs/:id/', async (req, reply) => {
    const job = await findJob(db, req.params.id, req.ctx!.user.id);
    if (!job) throw notFound();
    return reply.header('cache-control', 'no-store').send(jobView(job));
  });
  app.get<{ Params: { id: string } }>('/api/jobs/:id/result/', async (req, reply) => {
    const job = await findJob(db, req.params.id, req.ctx!.user.id);
    if (!job) throw notFound();
    const file = job.status === 'done' && job.filename ? await jobFile(db, job.id) : null;
    if (!file) throw new HttpError(409, { detail: job.status === 'running' ? 'The job is still running.' : 'This job has no file.' });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.data);
  });
  const sweep = setInterval(() => { sweepOldJobs(db).catch((err: unknown) => app.log.error({ err }, 'old jobs not swept')); }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await failLocalJobs(db).catch((err: unknown) => app.log.error({ err }, 'stopped jobs not marked failed'));
    await closeRenderPool();
  });
}
