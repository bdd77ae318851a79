/**
 * Printing tickets: `{id}/print/` (one PDF), `print_multiple/` (a zip of PDFs, or with `combine`
 * one PDF with the tickets one after another, server/print/combine.ts) and
 * `email_multiple/` (one mail per recipient with the PDFs attached, through the mail service:
 * kept in the outbox, delivered when SMTP is configured). Their input is declared on the ticket
 * and checked by the engine. PDFs are rendered on worker threads (server/print/render-pool.ts).
 * Up to SYNC_TICKETS tickets are answered directly; more are a job (202 with the job,
 * server/jobs/jobs.ts), so the request does not wait the whole render.
 */
import type { Resource } from '../../../src/resources/define';
import type { Db } from '../../db/connection';
import { download } from '../../engine/action-reply';
import { serializeRows } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { ticket } from '../../../src/resources/terminal/ticket';
import type { JobProgress } from '../../jobs/jobs';
import { SYNC_DOCUMENTS, nowOrAsJob } from '../../jobs/now-or-job';
import { zipFiles } from '../../print/zip';
import { renderPool, renderTicketPdfOffThread } from '../../print/render-pool';
import { type Template, findTemplate } from '../../print/templates';
import { loadTicketDocData } from '../../print/ticket-data';
import type { ActionArgs, ActionHandler } from '../../engine/action-handler';
import { type Ctx, userLabel } from '../../engine/context';
import { checkTicketMail } from './ticket-mail-policy';
import { visibleTickets } from './ticket-input';

export const TEMPLATE_CODE = 'ticketview';
/** More tickets than this are printed or mailed as a background job with progress. */
export const SYNC_TICKETS = SYNC_DOCUMENTS;

export const pdfName = (row: Row) => `ticket-${String(row.code || row.id).replace(/[^\w.-]+/g, '_')}.pdf`;

/** The ticket's PDF as `reader` may read it (docs/security.md, Reference labels). */
export async function ticketPdf(db: Db, reader: Ctx | null, row: Row, template: Template, forceFooter: boolean): Promise<Buffer> {
  return renderTicketPdfOffThread(await loadTicketDocData(db, row, reader), template, forceFooter);
}

const templateOf = (input: Record<string, unknown>) => findTemplate(TEMPLATE_CODE, input.template_type, input.version);

/**
 * How one kind of caller prints tickets: the resource it reads them through (its scope), whom the
 * document is printed for (`reader`: the caller's own staff see referenced rows as their roles
 * allow; null prints the document whole, as issued) and the check on mailing them.
 */
export interface TicketPrinting {
  through: Resource;
  reader: (ctx: Ctx) => Ctx | null;
  checkMail: (db: Db, ctx: Ctx, recipients: string[], perHour: number) => Promise<void>;
}

interface ManyRequest { reader: Ctx | null; rows: Row[]; template: Template; forceFooter: boolean }

/** The tickets asked for (each visible to the caller, in the order given) and how to print them. */
async function many(p: TicketPrinting, { db, ctx, input }: ActionArgs, ids: string[]): Promise<ManyRequest> {
  const template = templateOf(input);
  const rows = await serializeRows(db, ticket, await visibleTickets(db, ctx, ids, false, p.through));
  return { reader: p.reader(ctx), rows, template, forceFooter: input.force_footer === true };
}

/** Every ticket's PDF, in order; as many in flight as the pool has workers, plus one being gathered. */
async function renderAll(db: Db, m: ManyRequest, progress?: JobProgress): Promise<{ filename: string; content: Buffer }[]> {
  const out: { filename: string; content: Buffer }[] = new Array(m.rows.length);
  let next = 0;
  const lane = async () => {
    while (next < m.rows.length) {
      const i = next++;
      out[i] = { filename: pdfName(m.rows[i]), content: await ticketPdf(db, m.reader, m.rows[i], m.template, m.forceFooter) };
      progress?.step();
    }
  };
  await Promise.all(Array.from({ length: Math.min(m.rows.length, renderPool().size + 1) }, lane));
  return out;
}

/**
 * One PDF of every ticket, in order: the tickets' data is gathered one by one (a step each, but
 * the last, which the render takes), then laid out and rendered together on one worker.
 */
async function renderCombined(db: Db, m: ManyRequest, progress?: JobProgress): Promise<Buffer> {
  const data = [];
  for (const row of m.rows) {
    data.push(await loadTicketDocData(db, row, m.reader));
    if (data.length < m.rows.length) progress?.step();
  }
  const pdf = await renderTicketPdfOffThread(data, m.template, m.forceFooter);
  progress?.step();
  return pdf;
}

/** `POST ticket/print_multiple/` `{ticket_ids, template_type?, version?, force_footer?, combine?}` -> tickets.zip, or tickets.pdf. */
const printMultiple = (p: TicketPrinting): ActionHandler => async (a) => {
  const m = await many(p, a, a.input.ticket_ids as string[]);
  if (a.input.combine === true) {
    return nowOrAsJob(a, 'print_multiple', m.rows.length,
      async () => download('tickets.pdf', 'application/pdf', await renderCombined(a.db, m)),
      async (progress) => ({ file: { filename: 'tickets.pdf', contentType: 'application/pdf', data: await renderCombined(a.db, m, progress) } }));
  }
  return nowOrAsJob(a, 'print_multiple', m.rows.length,
    async () => download('tickets.zip', 'application/zip', await zipFiles(await renderAll(a.db, m))),
    async (progress) => ({ file: { filename: 'tickets.zip', contentType: 'application/zip', data: await zipFiles(await renderAll(a.db, m, progress)) } }));
};

/** `POST ticket/email_multiple/` `{ticket_ids, recipients, message?, template_type?, ...}` -> `{sent: n}` (one mail per recipient). */
const emailMultiple = (p: TicketPrinting): ActionHandler => async (a) => {
  const { db, ctx, input, services } = a;
  const m = await many(p, a, input.ticket_ids as string[]);
  const recipients = input.recipients as string[];
  await p.checkMail(db, ctx, recipients, services.config.ticketMailsPerHour);
  const send = async (progress?: JobProgress) => {
    const files = await renderAll(db, m, progress);
    const codes = m.rows.map((r) => String(r.code ?? r.id));
    const note = typeof input.message === 'string' && input.message ? `${input.message}\n\n` : '';
    const subject = codes.length === 1 ? `Ticket ${codes[0]}` : `Tickets ${codes.slice(0, 5).join(', ')}${codes.length > 5 ? ` and ${codes.length - 5} more` : ''}`;
    const text = `${note}Attached: ${m.template.title} for ${codes.length === 1 ? 'ticket' : 'tickets'} ${codes.join(', ')}.\nSent by ${userLabel(ctx)}.`;
    for (const to of recipients) {
      await services.mailer.send(db, { to, subject, text, attachments: files.map((f) => ({ ...f, contentType: 'application/pdf' })) });
    }
    return { sent: recipients.length };
  };
  return nowOrAsJob(a, 'email_multiple', m.rows.length, () => send(), async (progress) => ({ value: await send(progress) }));
};

/** `GET ticket/{id}/print/?template_type=BOL&version=1&force_footer=true` -> application/pdf. */
const printOne = (p: TicketPrinting): ActionHandler => async (a) => {
  const m = await many(p, a, [String(a.record!.id)]);
  return download(pdfName(m.rows[0]), 'application/pdf', await ticketPdf(a.db, m.reader, m.rows[0], m.template, m.forceFooter));
};

/** `print/`, `print_multiple/` and `email_multiple/` for tickets read through `p.through`. */
export const ticketPrintActions = (p: TicketPrinting) => ({ print: printOne(p), print_multiple: printMultiple(p), email_multiple: emailMultiple(p) });

/** The terminal's own staff: their tickets, referenced rows as their roles allow, mail to contacts or anyone by permission. */
export const ownTicketPrinting: TicketPrinting = { through: ticket, reader: (ctx) => ctx, checkMail: checkTicketMail };
