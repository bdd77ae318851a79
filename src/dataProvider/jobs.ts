/**
 * Following a long job (a print or mail of many tickets or bills of lading): the action answers
 * 202 with the job; `GET /api/jobs/{id}/` says how far it is, and the file of a print is fetched
 * from its `result_url` when done.
 */
import { getToken } from '../authProvider/token';
import { createHttp } from './http';
import { deliverFile } from './files';

export interface JobView {
  id: string;
  kind: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  url: string;
  result_url?: string;
  filename?: string;
  result?: unknown;
  error?: string;
}

export const isJob = (answer: unknown): answer is JobView =>
  !!answer && typeof answer === 'object' && typeof (answer as JobView).url === 'string' && (answer as JobView).url.startsWith('/api/jobs/');

const http = createHttp('/api', getToken);
const apiPath = (url: string) => url.replace(/^\/api\//, '');
const POLL_MS = 500;

/** Polls the job until it ends, reporting each answer; a print's zip is downloaded. Throws when it failed. */
export async function followJob(job: JobView, onProgress: (j: JobView) => void): Promise<JobView> {
  let current = job;
  onProgress(current);
  while (current.status === 'running') {
    await new Promise((r) => setTimeout(r, POLL_MS));
    current = await http.json<JobView>(apiPath(job.url));
    onProgress(current);
  }
  if (current.status === 'failed') throw new Error(current.error ?? 'The job failed.');
  if (current.result_url) await deliverFile(await http(apiPath(current.result_url)));
  return current;
}
