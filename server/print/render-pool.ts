/**
 * Ticket PDFs rendered on worker threads: pdfmake takes 100-200 ms of pure CPU per ticket, and a
 * print of 72 tickets on the event loop stalled every other request for seconds. The gathering of
 * the data stays here (it is database work); the layout and rendering go to the pool.
 */
import { WorkerPool } from '../jobs/pool';
import { renderPdf } from './pdf';
import type { Template } from './templates';
import type { TicketDocData } from './ticket-data';

export interface RenderTicketInput {
  data: TicketDocData;
  template: { code: string; type: string; version: number };
  forceFooter: boolean;
  printedAt: string;
}

let pool: WorkerPool<RenderTicketInput, Uint8Array> | null = null;

export const renderPool = () => (pool ??= new WorkerPool<RenderTicketInput, Uint8Array>(new URL('./render-worker.ts', import.meta.url)));

/**
 * PRINT_WORKERS=0 renders on the server's own thread, as before the pool: for a machine where
 * worker threads cannot start, and for bench/print-load.ts to compare.
 */
const inline = () => process.env.PRINT_WORKERS === '0';

export async function renderTicketPdfOffThread(data: TicketDocData, template: Template, forceFooter: boolean, printedAt = new Date()): Promise<Buffer> {
  if (inline()) return renderPdf(template.build(data, { forceFooter, printedAt }));
  const out = await renderPool().run({
    data, template: { code: template.code, type: template.type, version: template.version }, forceFooter, printedAt: printedAt.toISOString(),
  });
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** On server close: the workers end with it. */
export async function closeRenderPool() {
  const p = pool;
  pool = null;
  await p?.close();
}
