/**
 * The hourly ticket mail limit, counted in the database so it holds across server processes:
 * each accepted `email_multiple` reserves its mails (one per recipient) as a `ticket_mail_send`
 * row before any is rendered or sent, so a bulk send that runs as a job counts from the moment it
 * is accepted. The sum of the last hour and the new row are read and written under a per-user
 * advisory lock in one transaction, so two requests on two processes cannot both pass.
 */
import { lt, sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/connection';
import { ticketMailSend } from '../../db/internal-tables';
import { tooMany } from '../../engine/errors';

/** Key space of pg_advisory_xact_lock(MAIL_LOCK, user id). */
const MAIL_LOCK = 72_210_003;

/** Counts `n` mails for the user now, or answers 429 when they would pass `perHour`. */
export async function reserveTicketMails(db: Db, userId: number, n: number, perHour: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_LOCK}::int, ${userId}::int)`);
    // What is older than an hour no longer counts: every user's old rows go, so the table holds one hour.
    await tx.delete(ticketMailSend).where(lt(ticketMailSend.sent_at, sql`now() - interval '1 hour'`));
    const [used] = await rawRows<{ mails: string | number; free_in: string | number | null }>(tx, sql`
      select coalesce(sum(${ticketMailSend.mails}), 0) as mails,
             extract(epoch from min(${ticketMailSend.sent_at}) + interval '1 hour' - now()) as free_in
      from ${ticketMailSend} where ${ticketMailSend.user_id} = ${userId} and ${ticketMailSend.sent_at} >= now() - interval '1 hour'`);
    const sent = Number(used.mails);
    if (sent + n > perHour) {
      const wait = used.free_in === null ? 60 : Math.max(1, Math.ceil(Number(used.free_in) / 60));
      throw tooMany(`You may send at most ${perHour} ticket mails per hour (one per recipient); you sent ${sent} in the last hour, and this would send ${n}. Try again in ${wait} minute${wait === 1 ? '' : 's'}.`);
    }
    await tx.insert(ticketMailSend).values({ user_id: userId, mails: n });
  });
}
