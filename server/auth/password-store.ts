/**
 * Storing a new password, the one way every path (reset confirm, set_password, own change) writes
 * it, so what must follow a new password cannot be forgotten on one of them: every outstanding reset
 * link of the account dies. A link mailed before the change would otherwise still set a password
 * afterwards, e.g. one an attacker requested while holding the mailbox. (A PATCH of `password`
 * goes through the generic update; the user hooks call `endResetLinks` for it.)
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { passwordReset } from '../db/internal-tables';
import { tableOf } from '../db/tables';
import { user as userRes } from '../../src/resources/accounts/user';

/** Marks every unused reset link of the user as used. */
export async function endResetLinks(db: Db, userId: number) {
  await db.update(passwordReset).set({ used_at: sql`now()` }).where(and(eq(passwordReset.user_id, userId), isNull(passwordReset.used_at)));
}

/** Writes an already hashed password and ends the user's reset links; run it inside the caller's transaction. */
export async function storePassword(db: Db, userId: number, hash: string) {
  const u = tableOf(userRes);
  await db.update(u).set({ password: hash, version: sql`${u.version} + 1`, updated_at: sql`now()` }).where(eq(u.id, userId));
  await endResetLinks(db, userId);
}
