/**
 * PDFs rendered on worker threads: pdfmake takes 100-200 ms of pure CPU per document, and a print
 * of 72 tickets on the event loop stalled every other request for seconds. The gathering of the
 * data stays here (it is database work); the layout and rendering go to the pool. A job says which
 * document it is (`kind`): a ticket (or several combined), or a rail bill of lading from its
 * archived snapshot.
 */
import { WorkerPool } from '../jobs/pool';
import { renderPdf } from './pdf';
import { type Template, findTemplate } from './templates';
import { combineDocuments } from './combine';
import type { TicketDocData } from './ticket-data';
import { type RailBolJob, railBolDocument } from './rail-templates';
import type { InvoiceDocData } from './ticket-invoice-data';
import { ticketInvoiceDocument } from './ticket-invoice-doc';
import type { RailInvoiceDocData } from './rail-invoice-data';
import { railInvoiceDocument } from './rail-invoice-doc';
import type { CustomsDocData } from './customs-invoice-data';
import { customsInvoiceDocument } from './customs-invoice-doc';
import { type SwitchListDocData, type YardLayoutDocData, switchListDocument, yardLayoutDocument } from './yard-docs';

export interface RenderTicketInput {
  kind: 'ticket';
  /** One ticket, or several printed one after another into one PDF (combine.ts). */
  data: TicketDocData | TicketDocData[];
  template: { code: string; type: string; version: number };
  forceFooter: boolean;
  printedAt: string;
}

/** A ticket invoice from its gathered data (server/print/ticket-invoice-doc.ts). */
export interface RenderInvoiceJob { kind: 'ticket-invoice'; data: InvoiceDocData; printedAt: string }

/** A rail invoice or credit note from its gathered data (server/print/rail-invoice-doc.ts). */
export interface RenderRailInvoiceJob { kind: 'rail-invoice'; data: RailInvoiceDocData; printedAt: string }

/** A customs invoice from its gathered data (server/print/customs-invoice-doc.ts). */
export interface RenderCustomsJob { kind: 'customs-invoice'; data: CustomsDocData; printedAt: string }

/** A yard's layout or a switch list (server/print/yard-docs.ts). */
export type RenderYardJob = { kind: 'yard-layout'; data: YardLayoutDocData } | { kind: 'switch-list'; data: SwitchListDocData };

export type RenderJob = RenderTicketInput | RailBolJob | RenderInvoiceJob | RenderRailInvoiceJob | RenderCustomsJob | RenderYardJob;

let pool: WorkerPool<RenderJob, Uint8Array> | null = null;

export const renderPool = () => (pool ??= new WorkerPool<RenderJob, Uint8Array>(new URL('./render-worker.ts', import.meta.url)));

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
  return offThread({
    kind: 'ticket', data, template: { code: template.code, type: template.type, version: template.version }, forceFooter, printedAt: printedAt.toISOString(),
  });
}

/** The document a job describes, built on this thread (the worker's work, and PRINT_WORKERS=0's). */
export async function renderJob(job: RenderJob): Promise<Buffer> {
  if (job.kind === 'rail-bol') return renderPdf(railBolDocument(job));
  if (job.kind === 'ticket-invoice') return renderPdf(ticketInvoiceDocument(job.data, job.printedAt));
  if (job.kind === 'rail-invoice') return renderPdf(railInvoiceDocument(job.data, job.printedAt));
  if (job.kind === 'customs-invoice') return renderPdf(customsInvoiceDocument(job.data, job.printedAt));
  if (job.kind === 'yard-layout') return renderPdf(yardLayoutDocument(job.data));
  if (job.kind === 'switch-list') return renderPdf(switchListDocument(job.data));
  return renderPdf(ticketDocument(job.data, findTemplate(job.template.code, job.template.type, job.template.version), job.forceFooter, new Date(job.printedAt)));
}

async function offThread(job: RenderJob): Promise<Buffer> {
  if (inline()) return renderJob(job);
  const out = await renderPool().run(job);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** A rail bill of lading's PDF (server/print/rail-templates.ts), off the event loop. */
export const renderRailBolOffThread = (job: Omit<RailBolJob, 'kind'>) => offThread({ kind: 'rail-bol', ...job });

/** A ticket invoice's PDF; `printedAt` as the footer writes it (the company's local time). */
export const renderInvoiceOffThread = (data: InvoiceDocData, printedAt: string) => offThread({ kind: 'ticket-invoice', data, printedAt });
export const renderRailInvoiceOffThread = (data: RailInvoiceDocData, printedAt: string) => offThread({ kind: 'rail-invoice', data, printedAt });
export const renderCustomsOffThread = (data: CustomsDocData, printedAt: string) => offThread({ kind: 'customs-invoice', data, printedAt });
export const renderYardOffThread = (job: RenderYardJob) => offThread(job);

/** On server close: the workers end with it. */
export async function closeRenderPool() {
  const p = pool;
  pool = null;
  await p?.close();
}
