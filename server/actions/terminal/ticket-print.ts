/**
 * Printing tickets: `{id}/print/` (one PDF), `print_multiple/` (a zip of PDFs) and
 * `email_multiple/` (one mail per recipient with the PDFs attached, through the mail service:
 * kept in the outbox, delivered when SMTP is configured). PDFs are rendered on worker threads
 * (server/print/render-pool.ts). Up to SYNC_TICKETS tickets are answered directly; more are a job
 * (202 with the job, server/jobs/jobs.ts), so the request does not wait the whole render.
 */
import { ZipArchive } from 'archiver';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/connection';
import type { Ctx } from '../../engine/context';
import { ErrorBag, badRequest } from '../../engine/errors';
import { get, serializeRows } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { ticket } from '../../../src/resources/terminal/ticket';
import { type Job, type JobProgress, jobUrl, jobView, startJob } from '../../jobs/jobs';
import { renderPool, renderTicketPdfOffThread } from '../../print/render-pool';
import { type Template, findTemplate } from '../../print/templates';
import { loadTicketDocData } from '../../print/ticket-data';
import type { ActionHandler } from '../registry';
import { checkTicketMail } from './ticket-mail-policy';
import { bodyObject, ticketIdsError, ticketIdsOf, visibleTickets } from './ticket-input';

export const TEMPLATE_CODE = 'ticketview';
/** Enough for a day's loads at a busy site; more is a report, not a print job. */
export const MAX_PRINT_TICKETS = 100;
export const MAX_RECIPIENTS = 20;
/** More tickets than this are printed or mailed as a background job with progress. */
export const SYNC_TICKETS = 10;

const truthy = (v: unknown) => ['1', 'true', 'yes', 'on'].includes(String(v ?? '').toLowerCase()) || v === true;
const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

export const pdfName = (row: Row) => `ticket-${String(row.code || row.id).replace(/[^\w.-]+/g, '_')}.pdf`;

export async function ticketPdf(db: Db, row: Row, template: Template, forceFooter: boolean): Promise<Buffer> {
  return renderTicketPdfOffThread(await loadTicketDocData(db, row), template, forceFooter);
}

/** `GET ticket/{id}/print/?template_type=BOL&version=1&force_footer=true` -> application/pdf. */
export const printTicket: ActionHandler = async ({ db, ctx, resource, id, query, reply }) => {
  const row = await get(db, ctx, resource, id!);
  const template = findTemplate(TEMPLATE_CODE, one(query.template_type), one(query.version));
  const pdf = await ticketPdf(db, row, template, truthy(one(query.force_footer)));
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdfName(row)}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
};

interface ManyRequest { rows: Row[]; template: Template; forceFooter: boolean }

/** Shared checks of the multiple-ticket calls; `extra` validates the call's own fields into the same 400. */
async function parseMany(db: Db, ctx: Ctx, body: unknown, extra: (b: Record<string, unknown>, errors: ErrorBag) => void): Promise<ManyRequest> {
  const b = bodyObject(body);
  const errors = new ErrorBag();
  const idsError = ticketIdsError(b.ticket_ids, MAX_PRINT_TICKETS);
  if (idsError) errors.add('ticket_ids', idsError);
  let template: Template | null = null;
  try {
    template = findTemplate(TEMPLATE_CODE, b.template_type ?? undefined, b.version ?? undefined);
  } catch (e) {
    for (const [k, msgs] of Object.entries((e as { body: Record<string, string[]> }).body)) msgs.forEach((m) => errors.add(k, m));
  }
  extra(b, errors);
  errors.throwIfAny();
  const rows = await serializeRows(db, ticket, await visibleTickets(db, ctx, ticketIdsOf(b.ticket_ids, MAX_PRINT_TICKETS)));
  return { rows, template: template!, forceFooter: truthy(b.force_footer) };
}

/** Every ticket's PDF, in order; as many in flight as the pool has workers, plus one being gathered. */
async function renderAll(db: Db, m: ManyRequest, progress?: JobProgress): Promise<{ filename: string; content: Buffer }[]> {
  const out: { filename: string; content: Buffer }[] = new Array(m.rows.length);
  let next = 0;
  const lane = async () => {
    while (next < m.rows.length) {
      const i = next++;
      out[i] = { filename: pdfName(m.rows[i]), content: await ticketPdf(db, m.rows[i], m.template, m.forceFooter) };
      progress?.step();
    }
  };
  await Promise.all(Array.from({ length: Math.min(m.rows.length, renderPool().size + 1) }, lane));
  return out;
}

/** 202 with the job: where to follow it. */
const accepted = (reply: FastifyReply, job: Job) => reply.code(202).header('location', jobUrl(job)).send(jobView(job));

/** The job record of a bulk call by this user. */
const jobOf = (ctx: Ctx, kind: string, total: number, log: JobLog) => ({ userId: ctx.user.id, companyId: ctx.user.companyId, kind, total, log });
type JobLog = Parameters<typeof startJob>[1]['log'];

async function zip(files: { filename: string; content: Buffer }[]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => { archive.on('end', () => resolve()); archive.on('error', reject); });
  for (const f of files) archive.append(f.content, { name: f.filename });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** `POST ticket/print_multiple/` `{ticket_ids, template_type?, version?, force_footer?}` -> tickets.zip. */
export const printMultiple: ActionHandler = async ({ db, ctx, body, reply, request }) => {
  const m = await parseMany(db, ctx, body, (b, errors) => {
    for (const k of Object.keys(b)) if (!['ticket_ids', 'template_type', 'version', 'force_footer'].includes(k)) errors.add(k, 'Unknown field.');
  });
  if (m.rows.length > SYNC_TICKETS) {
    return accepted(reply, await startJob(db, jobOf(ctx, 'print_multiple', m.rows.length, request.log), async (progress) => ({
      file: { filename: 'tickets.zip', contentType: 'application/zip', data: await zip(await renderAll(db, m, progress)) },
    })));
  }
  const archive = await zip(await renderAll(db, m));
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', 'attachment; filename="tickets.zip"')
    .header('cache-control', 'no-store')
    .send(archive);
};

const email = z.email();

/** `POST ticket/email_multiple/` `{ticket_ids, recipients, template_type?, ...}` -> `{sent: n}` (one mail per recipient). */
export const emailMultiple: ActionHandler = async ({ db, ctx, body, services, reply, request }) => {
  let recipients: string[] = [];
  const m = await parseMany(db, ctx, body, (b, errors) => {
    for (const k of Object.keys(b)) if (!['ticket_ids', 'recipients', 'template_type', 'version', 'force_footer', 'message'].includes(k)) errors.add(k, 'Unknown field.');
    const r = b.recipients;
    if (!Array.isArray(r) || !r.length) errors.add('recipients', 'Give a non-empty list of email addresses.');
    else if (r.length > MAX_RECIPIENTS) errors.add('recipients', `At most ${MAX_RECIPIENTS} recipients.`);
    else {
      const bad = r.filter((x) => typeof x !== 'string' || !email.safeParse(x.trim()).success);
      if (bad.length) errors.add('recipients', `Not valid email addresses: ${bad.map(String).join(', ')}.`);
      recipients = [...new Set(r.map((x) => String(x).trim().toLowerCase()))];
    }
    if (b.message !== undefined && (typeof b.message !== 'string' || b.message.length > 2000)) errors.add('message', 'A text of at most 2000 characters.');
  });
  if (!m.rows.length) throw badRequest({ ticket_ids: ['Nothing to send.'] });
  await checkTicketMail(db, ctx, recipients, services.config.ticketMailsPerHour);
  const send = async (progress?: JobProgress) => {
    const files = await renderAll(db, m, progress);
    const codes = m.rows.map((r) => String(r.code ?? r.id));
    const note = typeof (body as Record<string, unknown>).message === 'string' ? `${(body as Record<string, string>).message}\n\n` : '';
    const subject = codes.length === 1 ? `Ticket ${codes[0]}` : `Tickets ${codes.slice(0, 5).join(', ')}${codes.length > 5 ? ` and ${codes.length - 5} more` : ''}`;
    const text = `${note}Attached: ${m.template.title} for ${codes.length === 1 ? 'ticket' : 'tickets'} ${codes.join(', ')}.\nSent by ${ctx.user.name || ctx.user.email}.`;
    for (const to of recipients) {
      await services.mailer.send(db, { to, subject, text, attachments: files.map((f) => ({ ...f, contentType: 'application/pdf' })) });
    }
    return { sent: recipients.length };
  };
  if (m.rows.length > SYNC_TICKETS) return accepted(reply, await startJob(db, jobOf(ctx, 'email_multiple', m.rows.length, request.log), async (progress) => ({ value: await send(progress) })));
  return send();
};
