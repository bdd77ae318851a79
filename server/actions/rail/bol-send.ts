/**
 * Bills of lading in bulk and by mail (docs/rail.md §10.3):
 * - `print_multiple/`: each shipment's current document in `bols.zip`, or with `combine` one PDF
 *   (each document on its own pages, numbered within itself);
 * - `email_multiple/`: one mail per recipient with the documents attached;
 * - `{id}/send_bol/`: an archived copy (the latest by default) to the recipients named, or to the
 *   shipment's contact preferences (its named parties' emails and its own addresses).
 * More than ten shipments are a job with progress. Mails go through the outbox, to the company's
 * contacts only, within the user's hourly limit shared with ticket mails.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { party } from '../../../src/resources/logistics/party';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { Db } from '../../db/connection';
import { railBolArchive } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import type { ActionArgs, ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { type Ctx, userLabel } from '../../engine/context';
import { badRequest, fieldError } from '../../engine/errors';
import { scopeOf, selectionOf } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import type { JobProgress } from '../../jobs/jobs';
import { nowOrAsJob } from '../../jobs/now-or-job';
import { renderRailBolOffThread } from '../../print/render-pool';
import { railBolVersion } from '../../print/rail-templates';
import { type NamedFile, zipFiles } from '../../print/zip';
import { checkDocumentMail } from '../terminal/ticket-mail-policy';
import { archivedPdf, bolFileName, type CurrentBol, currentBol, currentPart, currentPdf, latestArchive } from './bol-print';

const S = tableOf(railShipment);
const label = (row: Row) => String(row.bol_number || row.shipment_number);

/** The shipments asked for, as the caller may read them, in the order given; a cancelled one has no document to give. */
async function shipmentsOf(db: Db, ctx: Ctx, ids: number[]): Promise<Row[]> {
  const rows = await db.select(selectionOf(railShipment)).from(S).where(and(inArray(S.id, ids), scopeOf(ctx, railShipment)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is Row => Boolean(r));
  const cancelled = ordered.filter((r) => r.status === 'cancelled');
  if (cancelled.length) throw fieldError('shipment_ids', `${cancelled.map((r) => String(r.shipment_number)).join(', ')}: a cancelled shipment has no bill of lading.`);
  return ordered;
}

async function documents(a: ActionArgs): Promise<{ rows: Row[]; current: CurrentBol[] }> {
  const version = railBolVersion(a.input.code, undefined);
  const rows = await shipmentsOf(a.db, a.ctx, a.input.shipment_ids as number[]);
  const current: CurrentBol[] = [];
  for (const row of rows) current.push(await currentBol(a.db, a.ctx, row, version));
  return { rows, current };
}

async function files(db: Db, current: CurrentBol[], progress?: JobProgress): Promise<NamedFile[]> {
  const out: NamedFile[] = [];
  for (const c of current) {
    out.push({ filename: c.name, content: await currentPdf(db, c) });
    progress?.step();
  }
  return out;
}

/** One PDF, each document on its own pages: rendered from the snapshots together. */
const combined = (current: CurrentBol[]) => renderRailBolOffThread({ parts: current.map(currentPart), printedAt: new Date().toISOString() });

/** `POST rail_shipment/print_multiple/ {shipment_ids, code?, combine?}` -> bols.zip, or bols.pdf. */
const printMultiple: ActionHandler = async (a) => {
  const { current } = await documents(a);
  if (a.input.combine === true) {
    return nowOrAsJob(a, 'print_multiple', current.length,
      async () => download('bols.pdf', 'application/pdf', await combined(current)),
      async (progress) => {
        const data = await combined(current);
        for (let i = 0; i < current.length; i++) progress.step();
        return { file: { filename: 'bols.pdf', contentType: 'application/pdf', data } };
      });
  }
  return nowOrAsJob(a, 'print_multiple', current.length,
    async () => download('bols.zip', 'application/zip', await zipFiles(await files(a.db, current))),
    async (progress) => ({ file: { filename: 'bols.zip', contentType: 'application/zip', data: await zipFiles(await files(a.db, current, progress)) } }));
};

const bolMail = (ctx: Ctx, numbers: string[], message: unknown) => ({
  subject: numbers.length === 1 ? `Bill of lading ${numbers[0]}` : `Bills of lading ${numbers.slice(0, 5).join(', ')}${numbers.length > 5 ? ` and ${numbers.length - 5} more` : ''}`,
  text: `${typeof message === 'string' && message ? `${message}\n\n` : ''}Attached: the bill${numbers.length === 1 ? '' : 's'} of lading ${numbers.join(', ')}.\nSent by ${userLabel(ctx)}.`,
});

async function mailTo(a: ActionArgs, recipients: string[], numbers: string[], attached: NamedFile[], message?: unknown) {
  const mail = bolMail(a.ctx, numbers, message);
  for (const to of recipients) {
    await a.services.mailer.send(a.db, { to, ...mail, attachments: attached.map((f) => ({ ...f, contentType: 'application/pdf' })) });
  }
  return { sent: recipients.length };
}

const checkMail = (a: ActionArgs, recipients: string[]) =>
  checkDocumentMail(a.db, a.ctx, recipients, a.services.config.ticketMailsPerHour, { mayMailAnyone: false, documents: 'Bills of lading' });

/** `POST rail_shipment/email_multiple/ {shipment_ids, recipients, message?, code?}` -> `{sent}` (a job above ten). */
const emailMultiple: ActionHandler = async (a) => {
  const { rows, current } = await documents(a);
  const recipients = (a.input.recipients as string[]).map((x) => x.toLowerCase());
  await checkMail(a, recipients);
  const send = async (progress?: JobProgress) => mailTo(a, recipients, rows.map(label), await files(a.db, current, progress), a.input.message);
  return nowOrAsJob(a, 'email_multiple', rows.length, () => send(), async (progress) => ({ value: await send(progress) }));
};

/** The addresses a shipment's contact preferences name: its named parties' emails and its own. */
async function preferredRecipients(db: Db, shipment: Row): Promise<string[]> {
  const prefs = (shipment.contact_preferences ?? {}) as { parties?: string[]; to?: string[] };
  const ids = (prefs.parties ?? []).map((f) => shipment[f]).filter((v) => v !== null && v !== undefined) as number[];
  const p = tableOf(party);
  const emails = ids.length ? (await db.select({ email: p.email }).from(p).where(inArray(p.id, ids))).map((x) => x.email as string | null) : [];
  return [...new Set([...emails, ...(prefs.to ?? [])].filter((x): x is string => Boolean(x)).map((x) => x.toLowerCase()))];
}

/** `POST rail_shipment/{id}/send_bol/ {target?, archive_id?}` -> `{sent}`. */
const sendBol: ActionHandler = async (a) => {
  const shipment = a.record!;
  if (shipment.status === 'open' || shipment.status === 'cancelled') {
    throw fieldError('status', `A${shipment.status === 'open' ? 'n open' : ' cancelled'} shipment has no issued bill of lading to send.`);
  }
  const archived = a.input.archive_id !== undefined && a.input.archive_id !== null
    ? (await a.db.select().from(railBolArchive).where(and(eq(railBolArchive.id, a.input.archive_id as number), eq(railBolArchive.shipment_id, shipment.id as number))))[0]
    : await latestArchive(a.db, shipment.id as number, ['issued', 'corrected', 'void']);
  if (!archived) throw badRequest({ archive_id: ['No archived bill of lading of this shipment has this id.'] });
  const target = ((a.input.target as string[] | undefined) ?? []).map((x) => x.toLowerCase());
  const recipients = target.length ? target : await preferredRecipients(a.db, shipment);
  if (!recipients.length) throw fieldError('target', "Name a recipient, or set the shipment's contact preferences.");
  await checkMail(a, recipients);
  return mailTo(a, recipients, [archived.bol_number], [{ filename: bolFileName(archived), content: await archivedPdf(a.db, archived) }]);
};

export const bolSendActions = { print_multiple: printMultiple, email_multiple: emailMultiple, send_bol: sendBol };
