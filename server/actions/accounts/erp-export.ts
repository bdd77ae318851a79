/**
 * ERP exports (docs/erp.md): a destination is complete for its kind before it is saved, and a test
 * send delivers one sample document the way an export would (a POST within the server's outbound
 * rules, or a mail through the outbox), then keeps how it went on the record.
 */
import { eq } from 'drizzle-orm';
import type { ResourceHooks } from '../../engine/hooks';
import type { ActionHandler } from '../../engine/action-handler';
import { ErrorBag } from '../../engine/errors';
import { tableOf } from '../../db/tables';
import { mailOutbox } from '../../db/internal-tables';
import { erpExport } from '../../../src/resources/accounts/erp-export';
import { company } from '../../../src/resources/accounts/company';
import { FetchRefused, answerExcerpt, guardedPost } from '../../http/outbound-fetch';
import { sampleDocument } from '../../erp/sample-document';

export const erpExportHooks: ResourceHooks = {
  beforeWrite({ input, current }) {
    const v = { ...current, ...input.values } as Record<string, unknown>;
    const errors = new ErrorBag();
    if (v.destination === 'http' || v.destination === 'jobutrax') {
      if (!v.url) errors.add('url', v.destination === 'jobutrax' ? 'The Jobutrax service needs its URL.' : 'An HTTPS endpoint needs its URL.');
      else if (!/^https?:\/\/[^\s/]+/i.test(String(v.url))) errors.add('url', 'Give a whole URL, starting with https:// (or http:// on a site\'s own network).');
    }
    if (v.destination === 'jobutrax' && v.documents !== 'ticket_invoices') errors.add('documents', 'Jobutrax takes ticket invoices.');
    if (v.destination === 'email' && !v.email_to) errors.add('email_to', 'A mailed export needs the address to mail it to.');
    errors.throwIfAny();
  },
};

export const testSend: ActionHandler = async ({ services, db, ctx, record }) => {
  const t = tableOf(erpExport);
  const [row] = await db.select({ authorization: t.authorization }).from(t).where(eq(t.id, record!.id as number));
  const c = tableOf(company);
  const [owner] = await db.select({ name: c.name }).from(c).where(eq(c.id, record!.company as number));
  const file = sampleDocument(record!.documents as never, record!.format as never, owner?.name ?? '');
  let ok = false;
  let status: number | null = null;
  let message: string;
  if (record!.destination === 'email') {
    const mailId = await services.mailer.send(db, {
      to: String(record!.email_to),
      subject: `Test export: ${String(record!.name)}`,
      text: `A test of the ERP export "${String(record!.name)}", sent by ${ctx.user.name || ctx.user.email}. The attached ${file.filename} is a sample marked as a test: do not import it.\n`,
      attachments: [{ filename: file.filename, content: file.body, contentType: file.contentType }],
    });
    const [kept] = await db.select({ status: mailOutbox.status, error: mailOutbox.error }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
    ok = kept?.status !== 'failed';
    message = ok ? `Mailed ${file.filename} to ${String(record!.email_to)}.` : `The mail server refused the mail: ${kept?.error ?? 'no reason given'}`;
  } else {
    try {
      const got = await guardedPost(String(record!.url), services.config.fetch, {
        contentType: file.contentType, body: file.body,
        headers: { 'x-erp-test': '1', 'content-disposition': `attachment; filename="${file.filename}"`, ...(row?.authorization ? { authorization: row.authorization } : {}) },
      });
      status = got.status;
      ok = got.status >= 200 && got.status < 300;
      message = ok ? `The endpoint took ${file.filename} (HTTP ${got.status}).` : `The endpoint answered HTTP ${got.status}${got.body.length ? `: ${answerExcerpt(got.body)}` : '.'}`;
    } catch (e) {
      if (!(e instanceof FetchRefused)) throw e;
      message = e.message;
    }
  }
  await db.update(t).set({ last_test_at: new Date(), last_test_ok: ok, last_test_message: message.slice(0, 500) }).where(eq(t.id, record!.id as number));
  return { ok, message, status, filename: file.filename };
};
