/** `GET /api/jobs/{id}/` (progress, then the result) and `GET /api/jobs/{id}/result/` (the file). */
import type { FastifyInstance } from 'fastify';
import { notFound, HttpError } from '../engine/errors';
import { closeRenderPool } from '../print/render-pool';
import { findJob, jobView } from './jobs';

export function mountJobs(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/api/jobs/:id/', async (req, reply) => {
    const job = findJob(req.params.id, req.ctx!.user.id);
    if (!job) throw notFound();
    return reply.header('cache-control', 'no-store').send(jobView(job));
  });
  app.get<{ Params: { id: string } }>('/api/jobs/:id/result/', async (req, reply) => {
    const job = findJob(req.params.id, req.ctx!.user.id);
    if (!job) throw notFound();
    if (job.status !== 'done' || !job.file) throw new HttpError(409, { detail: job.status === 'running' ? 'The job is still running.' : 'This job has no file.' });
    return reply
      .header('content-type', job.file.contentType)
      .header('content-disposition', `attachment; filename="${job.file.filename}"`)
      .header('cache-control', 'no-store')
      .send(job.file.data);
  });
  app.addHook('onClose', async () => { await closeRenderPool(); });
}
