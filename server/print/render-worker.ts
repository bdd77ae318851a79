/**
 * Worker thread of the PDF pool (server/print/render-pool.ts): builds the document a job
 * describes (a ticket from its gathered data and template, a rail bill of lading from its
 * snapshot) and renders it with pdfmake, off the server's event loop. Templates hold functions
 * (page footers), so the data crosses, not the document.
 */
import { parentPort } from 'node:worker_threads';
import { type RenderJob, renderJob } from './render-pool';

parentPort!.on('message', async (m: RenderJob) => {
  try {
    const pdf = await renderJob(m);
    parentPort!.postMessage({ ok: true, value: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).message });
  }
});
