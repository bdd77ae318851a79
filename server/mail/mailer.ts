/**
 * Outgoing mail. Every message is kept in the `mail_outbox` table and logged; when SMTP_URL is set it
 * is also delivered through nodemailer. So password reset works on a machine without a mail server.
 */
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { mailOutbox } from '../db/internal-tables';

export interface MailAttachment { filename: string; content: Buffer; contentType?: string }
export interface Mail { to: string; subject: string; text: string; attachments?: MailAttachment[] }

export interface Mailer { send(db: Db, mail: Mail): Promise<number> }

export function createMailer(o: { smtpUrl?: string; from: string }, log: FastifyBaseLogger): Mailer {
  const transport = o.smtpUrl ? nodemailer.createTransport(o.smtpUrl) : null;
  return {
    async send(db, mail) {
      const [row] = await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        body: mail.text,
        attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, size: a.content.length, contentType: a.contentType })),
        status: transport ? 'sending' : 'kept',
      }).returning({ id: mailOutbox.id });
      log.info({ mailId: row.id, to: mail.to, subject: mail.subject }, transport ? 'sending mail' : 'mail kept in outbox (no SMTP_URL)');
      if (transport) {
        try {
          await transport.sendMail({ from: o.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
          await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, row.id));
        } catch (e) {
          log.error({ mailId: row.id, err: e }, 'mail delivery failed');
          await db.update(mailOutbox).set({ status: 'failed', error: String((e as Error).message) }).where(eq(mailOutbox.id, row.id));
        }
      }
      return row.id;
    },
  };
}
