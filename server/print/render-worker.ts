/**
 * Worker thread of the ticket PDF pool (server/print/render-pool.ts): builds the document from a
 * ticket's gathered data and the chosen template, and renders it with pdfmake, off the server's
 * event loop. Templates hold functions (page footers), so the data crosses, not the document.
 */
import { parentPort } from 'node:worker_threads';
import { renderPdf } from './pdf';
import { findTemplate } from './templates';
import { type RenderTicketInput, ticketDocument } from './render-pool';

parentPort!.on('message', async (m: RenderTicketInput) => {
  try {
    const template = findTemplate(m.template.code, m.template.type, m.template.version);
    const pdf = await renderPdf(ticketDocument(m.data, template, m.forceFooter, new Date(m.printedAt)));
    parentPort!.postMessage({ ok: true, value: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: (e as Error).message });
  }
});
