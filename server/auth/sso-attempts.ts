/**
 * Single sign-on attempts (docs/security.md, Single sign-on): an ID token is accepted only as the
 * answer to an attempt this server started, once, within ATTEMPT_MINUTES.
 *
 * Starting, the browser gets a random `attempt` secret and its `nonce`, the SHA-256 of the secret,
 * which it sends to the provider; the provider signs the nonce into the ID token. Finishing, the
 * browser sends the token with the secret: the token's nonce must be the secret's hash, and the
 * attempt is deleted as it is used. So a token seen elsewhere (a log, a proxy, another app of the
 * same provider) cannot be replayed: without the secret it names no attempt, and its attempt is
 * used up once it signed someone in. Only the nonce is stored, and it is useless without the secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { ssoAttempt } from '../db/internal-tables';
import { badRequest } from '../engine/errors';

export const ATTEMPT_MINUTES = 10;

export const nonceOf = (attempt: string) => createHash('sha256').update(attempt).digest('base64url');

/** A new attempt for `provider` (by `userId` when connecting an identity to a signed-in user). */
export async function startAttempt(db: Db, provider: string, userId: number | null) {
  const attempt = randomBytes(32).toString('base64url');
  const nonce = nonceOf(attempt);
  await db.delete(ssoAttempt).where(lt(ssoAttempt.expires_at, sql`now()`));
  await db.insert(ssoAttempt).values({ nonce, provider, user_id: userId, expires_at: sql`now() + make_interval(mins => ${ATTEMPT_MINUTES})` });
  return { attempt, nonce, expires_in: ATTEMPT_MINUTES * 60 };
}

const AGAIN = 'Sign in with the provider again.';

/**
 * Uses the attempt the token answers: its nonce must be the secret's hash, and the attempt must be
 * this provider's (and this user's, connecting), unused and unexpired. Refused in words otherwise.
 */
export async function useAttempt(db: Db, provider: string, attempt: string, tokenNonce: unknown, userId: number | null): Promise<void> {
  const nonce = nonceOf(attempt);
  if (typeof tokenNonce !== 'string' || !tokenNonce) throw badRequest({ access_token: [`The sign-on token carries no nonce, so it cannot be tied to this sign-in. ${AGAIN}`] });
  if (tokenNonce !== nonce) throw badRequest({ access_token: [`The sign-on token was issued for another sign-in attempt. ${AGAIN}`] });
  const used = await db.delete(ssoAttempt).where(and(
    eq(ssoAttempt.nonce, nonce), eq(ssoAttempt.provider, provider), gt(ssoAttempt.expires_at, sql`now()`),
    userId === null ? isNull(ssoAttempt.user_id) : eq(ssoAttempt.user_id, userId),
  )).returning({ nonce: ssoAttempt.nonce });
  if (!used.length) throw badRequest({ access_token: [`This sign-in attempt was already used or has expired. ${AGAIN}`] });
}
