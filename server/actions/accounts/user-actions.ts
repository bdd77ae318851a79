/** User actions: switching company, setting passwords and issuing tokens (docs/api.md, Users and the session profile). */
import { eq, sql } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import { tableOf } from '../../db/tables';
import { user as userRes } from '../../../src/resources/accounts/user';
import { passwordProblems } from '../../../src/lib/password-policy';
import { badRequest } from '../../engine/errors';
import { hashPassword } from '../../auth/passwords';
import { issueToken, revokeAllTokens } from '../../auth/tokens';
import { invalidateAccess } from '../../auth/access';
import { assertMayActOn, assertMayIssueTokenFor } from '../../auth/account-guard';
import { storePassword } from '../../auth/password-store';
import { profileOf } from './profile';
import pkg from '../../../package.json' with { type: 'json' };

export const BACKEND_VERSION = process.env.BACKEND_VERSION ?? pkg.version;

export const backendVersion: ActionHandler = async () => ({ version: BACKEND_VERSION });

/** Switch the company the user acts for, among those it belongs to (the declared reference: one of them). */
export const changeCompany: ActionHandler = async ({ db, ctx, input }) => {
  const u = tableOf(userRes);
  await db.update(u).set({ company: input.company as number, version: sql`${u.version} + 1` }).where(eq(u.id, ctx.user.id));
  invalidateAccess();
  return profileOf(db, ctx.user.id);
};

/** Set another user's password (an administrator's action); the user's tokens and reset links die. */
export const setPassword: ActionHandler = async ({ db, ctx, record: target, input }) => {
  const pw = String(input.password);
  const problems = passwordProblems(pw, { email: String(target!.email) });
  if (problems.length) throw badRequest({ password: problems });
  const hash = await hashPassword(pw);
  await db.transaction(async (tx) => {
    await assertMayActOn(tx, ctx, target!.id as number);
    await storePassword(tx, target!.id as number, hash);
    if (target!.id !== ctx.user.id) await revokeAllTokens(tx, target!.id as number);
  });
  invalidateAccess();
  return { detail: 'Password set.' };
};

/** Revoke every token of the user and issue a fresh one (one's own, or a service account's). */
export const regenerateToken: ActionHandler = async ({ db, ctx, record: target }) => {
  const key = await db.transaction(async (tx) => {
    await assertMayIssueTokenFor(tx, ctx, target!.id as number);
    await revokeAllTokens(tx, target!.id as number);
    return (await issueToken(tx, target!.id as number, 'api')).key;
  });
  return { key };
};

/** Issue an API token for the service account with this email (integrations); answers `{key, user}`. */
export const userTokens: ActionHandler = async ({ db, ctx, input }) => {
  const email = String(input.email).trim().toLowerCase();
  const u = tableOf(userRes);
  const [row] = await db.select({ id: u.id, company: u.company }).from(u).where(eq(sql`lower(${u.email})`, email));
  // A user of another company does not exist for this caller.
  if (!row || (!ctx.user.isSuperuser && row.company !== ctx.user.companyId)) throw badRequest({ email: ['No user with this email.'] });
  await assertMayIssueTokenFor(db, ctx, row.id);
  const { key } = await issueToken(db, row.id, 'api');
  return { key, user: row.id };
};
