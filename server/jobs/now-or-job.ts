/**
 * Work on many documents answered now when it is small, else run as a background job of the
 * caller with progress (202 with the job, docs/api.md Jobs), so a request never waits a long render.
 */
import type { ActionArgs } from '../engine/action-handler';
import { type JobWork, jobAccepted, startJob } from './jobs';

/** More documents than this are printed or mailed as a job. */
export const SYNC_DOCUMENTS = 10;

export async function nowOrAsJob(a: ActionArgs, kind: string, total: number, now: () => Promise<unknown>, asJob: JobWork) {
  if (total <= SYNC_DOCUMENTS) return now();
  return jobAccepted(await startJob(a.db, { userId: a.ctx.user.id, companyId: a.ctx.user.companyId, kind, total, log: a.log }, asJob));
}
