/**
 * Who may mail tickets, to whom, and how often:
 * - `email_multiple` itself needs `can_email_tickets` (declared on the action; the engine checks it);
 * - recipients must be known contacts of the user's company (an email address of its terminal
 *   companies, persons, drivers, staff, terminal users, logistics parties or users) unless the
 *   user holds `can_email_tickets_to_anyone`: tickets carry customer data, and the server's
 *   outgoing mail must not become a way to send it anywhere;
 * - each user sends at most TICKET_MAILS_PER_HOUR mails (one per recipient) per hour, counted in
 *   the database for every server process (ticket-mail-quota.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasPermissions } from '../../../src/authProvider/permissions';
import type { Resource } from '../../../src/resources/define';
import { user } from '../../../src/resources/accounts/user';
import { party } from '../../../src/resources/logistics/party';
import { driver } from '../../../src/resources/terminal/driver';
import { person } from '../../../src/resources/terminal/person';
import { staff } from '../../../src/resources/terminal/staff';
import { terminalCompany } from '../../../src/resources/terminal/terminal-company';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';
import { ticket } from '../../../src/resources/terminal/ticket';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { forbidden } from '../../engine/errors';
import { reserveTicketMails } from './ticket-mail-quota';

export const MAIL_ANYONE_CODE = 'can_email_tickets_to_anyone';
const CONTACT_SOURCES: Resource[] = [terminalCompany, person, driver, staff, terminalUser, party, user];

/** The recipients (lower-case) that are no contact of the user's company. */
async function unknownRecipients(db: Db, ctx: Ctx, recipients: string[]): Promise<string[]> {
  const known = new Set<string>();
  if (ctx.user.companyId !== null) {
    for (const r of CONTACT_SOURCES) {
      const t = tableOf(r);
      const email = sql<string>`lower(${t.email})`;
      const rows = await db.select({ email }).from(t).where(and(eq(t.company, ctx.user.companyId), inArray(email, recipients)));
      rows.forEach((x) => known.add(x.email));
    }
  }
  return recipients.filter((x) => !known.has(x));
}

/**
 * Throws 403 for recipients outside the company's contacts (unless `mayMailAnyone`) and 429 over
 * the user's hourly limit, which every document mail shares (tickets, bills of lading).
 */
export async function checkDocumentMail(db: Db, ctx: Ctx, recipients: string[], perHour: number, o: { mayMailAnyone: boolean; documents: string; anyone?: string }) {
  if (!o.mayMailAnyone) {
    const unknown = await unknownRecipients(db, ctx, recipients);
    if (unknown.length) {
      throw forbidden(`Not contacts of your company: ${unknown.join(', ')}. ${o.documents} go to the company's contacts (companies, people, drivers, staff, parties, users)${o.anyone ? `; mailing anyone else needs the "${o.anyone}" permission` : ''}.`);
    }
  }
  await reserveTicketMails(db, ctx.user.id, recipients.length, perHour);
}

/** Tickets: to contacts, or to anyone with `can_email_tickets_to_anyone`. */
export const checkTicketMail = (db: Db, ctx: Ctx, recipients: string[], perHour: number) => checkDocumentMail(db, ctx, recipients, perHour, {
  mayMailAnyone: hasPermissions(ctx.user.profile, { [`${ticket.perms.app}.${ticket.perms.model}`]: [MAIL_ANYONE_CODE] }),
  documents: 'Tickets', anyone: 'Can email tickets to anyone',
});
