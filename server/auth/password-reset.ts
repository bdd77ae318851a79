/**
 * Password reset by mail: a single-use token (stored hashed) that expires, sent as a link to the SPA
 * route `auth/password-reset/{uid}/{token}/`. The answer never tells whether the email exists.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { tableOf } from '../db/tables';
import { passwordReset } from '../db/internal-tables';
import { user as userRes } from '../../src/resources/accounts/user';
import { passwordProblems } from '../../src/lib/password-policy';
import { badRequest, tooMany } from '../engine/errors';
import { countAttempt } from './throttle';
import { hashPassword } from './passwords';
import { storePassword } from './password-store';
import { hashKey, revokeAllTokens } from './tokens';
import { parseFields } from '../engine/action-input';
import { RESET_CONFIRM_INPUT, RESET_REQUEST_INPUT } from './auth-inputs';
import { invalidateAccess } from './access';
import { resetQueueOf } from './reset-queue';

const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
const decodeUid = (uid: string) => {
  const s = Buffer.from(uid, 'base64url').toString();
  return /^\d{1,10}$/.test(s) ? Number(s) : null;
};

export const RESET_SENT = 'Password reset e-mail has been sent.';

/**
 * Answers the same, after the same work, whether or not the email has an account: the lookup and
 * the mail happen afterwards in the reset queue (reset-queue.ts), so the answer's time tells nothing.
 */
export async function requestReset(s: Services, req: FastifyRequest) {
  const email = String(parseFields(RESET_REQUEST_INPUT, req.body).email).toLowerCase();
  const db = s.database.db;
  const window = 3600;
  if ((await countAttempt(db, `reset-ip:${req.ip}`, window)) > 20) throw tooMany('Too many password reset requests. Try again later.');
  // Per address: quietly stop mailing after 5 an hour, without telling whether it exists.
  if ((await countAttempt(db, `reset:${email}`, window)) > 5) return { detail: RESET_SENT };
  resetQueueOf(s).push('password reset mail', () => mailResetLink(s, email));
  return { detail: RESET_SENT };
}

/** The queued half: a link for an active account with this email, mailed; nothing for any other email. */
async function mailResetLink(s: Services, email: string) {
  const db = s.database.db;
  const u = tableOf(userRes);
  const [row] = await db.select({ id: u.id, name: u.name, active: u.is_active }).from(u).where(eq(sql`lower(${u.email})`, email));
  if (!row || !row.active) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordReset).values({ token_hash: hashKey(token), user_id: row.id, expires_at: new Date(Date.now() + s.config.passwordResetHours * 3600_000) });
  const link = `${s.config.publicUrl}/auth/password-reset/${encodeUid(row.id)}/${token}/`;
  await s.mailer.send(db, {
    to: email,
    subject: 'Reset your password',
    text: `Hello${row.name ? ` ${row.name}` : ''},\n\nSomeone asked to reset the password of your account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in ${s.config.passwordResetHours} hours. If you did not ask for this, ignore this mail; your password stays as it is.\n`,
  });
}

/** The new password from `new_password1`/`new_password2` (dj-rest-auth names) or `new_password`, of a parsed NEW_PASSWORD_INPUT. */
export function newPasswordOf(input: Record<string, unknown>, email?: string): string {
  const field = input.new_password1 !== undefined ? 'new_password1' : 'new_password';
  const pw = input[field];
  if (typeof pw !== 'string' || !pw) throw badRequest({ [field]: ['This field is required.'] });
  if (input.new_password2 !== undefined && input.new_password2 !== pw) throw badRequest({ new_password2: ["The two password fields didn't match."] });
  const problems = passwordProblems(pw, { email });
  if (problems.length) throw badRequest({ [field]: problems });
  return pw;
}

export async function confirmReset(s: Services, req: FastifyRequest) {
  const input = parseFields(RESET_CONFIRM_INPUT, req.body);
  const token = String(input.token);
  const userId = decodeUid(String(input.uid));
  if (userId === null) throw badRequest({ uid: ['Invalid value'] });
  const db = s.database.db;
  const u = tableOf(userRes);
  const [row] = await db.select({ email: u.email }).from(u).where(eq(u.id, userId));
  const password = newPasswordOf(input, row?.email);
  const hash = await hashPassword(password);
  const ok = await db.transaction(async (tx) => {
    // Consuming the token and changing the password happen together or not at all.
    const used = await tx.update(passwordReset).set({ used_at: sql`now()` })
      .where(and(eq(passwordReset.token_hash, hashKey(token)), eq(passwordReset.user_id, userId), isNull(passwordReset.used_at), gt(passwordReset.expires_at, sql`now()`)))
      .returning({ id: passwordReset.user_id });
    if (!used.length) return false;
    // Also ends the user's other reset links: an older one must not set a password after this.
    await storePassword(tx, userId, hash);
    await revokeAllTokens(tx, userId);
    return true;
  });
  if (!ok) throw badRequest({ token: ['This link is invalid or has expired. Ask for a new one.'] });
  invalidateAccess();
  return { detail: 'Password has been reset with the new password.' };
}
