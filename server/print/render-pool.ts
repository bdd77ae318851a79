/**
 * Ticket PDFs rendered on worker threads: pdfmake takes 100-200 ms of pure CPU per ticket, and a
 * print of 72 tickets on the event loop stalled every other request for seconds. The gathering of
 * the data stays here (it is database work); the layout and rendering go to the pool.
 */
import { WorkerPool } from '../jobs/pool';
import { renderPdf } from './pdf';
import type { Template } from './templates';
import { combineDocuments } from './combine';
import type { TicketDocData } from './ticket-data';

export interface RenderTicketInput {
  /** One ticket, or several printed one after another into one PDF (combine.ts). */
  data: TicketDocData | TicketDocData[];
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

/** The document of one ticket, or of several one after another, as the worker builds it. */
export function ticketDocument(data: TicketDocData | TicketDocData[], template: Pick<Template, 'build' | 'title'>, forceFooter: boolean, printedAt: Date) {
  const build = (d: TicketDocData) => template.build(d, { forceFooter, printedAt });
  return Array.isArray(data) ? combineDocuments(data.map(build), { title: `${template.title}: ${data.length} tickets` }) : build(data);
}

export async function renderTicketPdfOffThread(data: TicketDocData | TicketDocData[], template: Template, forceFooter: boolean, printedAt = new Date()): Promise<Buffer> {
  if (inline()) return renderPdf(ticketDocument(data, template, forceFooter, printedAt));
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
