/**
 * Who may act on an account: the one rule every path that changes, deletes, copies, signs in as or
 * issues a token for a user account calls (user hooks, user actions).
 *
 * An account may be acted on only by someone who holds at least what it holds: its superuser flag
 * and every permission it has, directly or through its groups. Otherwise anyone with `change_user`
 * could set the password of (or take a token for) a stronger account and become it. A group is
 * compared by the permissions it confers: the only thing membership gives on the server, and what
 * the grant rule (hooks.ts) already uses to decide who may put a user into a group.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { Ctx } from '../engine/context';
import { forbidden } from '../engine/errors';
import { tableOf } from '../db/tables';
import { heldByUser } from './access';
import { user as userRes } from '../../src/resources/accounts/user';
import { permission as permissionRes } from '../../src/resources/accounts/permission';
import { hasPermissions } from '../../src/authProvider/permissions';

export const STRONGER_ACCOUNT = 'You cannot act on an account that holds access you do not hold.';
export const PERSON_ACCOUNT = 'API tokens for another account are issued only for service accounts.';

export interface AccountHoldings {
  isSuperuser: boolean;
  isServiceAccount: boolean;
  /** Effective permissions: direct and through groups. */
  permissions: { contentType: string; codename: string }[];
}

/** Read inside the caller's transaction, so the answer is the row being written, not a cached profile. */
export async function holdingsOf(db: Db, userId: number): Promise<AccountHoldings | null> {
  const u = tableOf(userRes);
  const [row] = await db.select({ su: u.is_superuser, service: u.is_service_account }).from(u).where(eq(u.id, userId));
  if (!row) return null;
  const p = tableOf(permissionRes);
  const perms = await db.select({ contentType: p.content_type, codename: p.codename }).from(p).where(heldByUser(userId));
  return { isSuperuser: row.su ?? false, isServiceAccount: row.service ?? false, permissions: perms };
}

/** What of `target` the caller lacks (empty: the caller may act on it). */
export function lacking(ctx: Ctx, target: AccountHoldings): string[] {
  if (ctx.user.isSuperuser) return [];
  if (target.isSuperuser) return ['superuser'];
  return target.permissions
    .filter((x) => !hasPermissions(ctx.user.profile, { [x.contentType]: [x.codename] }))
    .map((x) => x.codename);
}

/**
 * Refuses (403) unless the caller holds everything account `userId` holds; a superuser is acted on
 * only by a superuser. Answers the holdings for callers that check more (service accounts).
 * A missing account passes here: the caller's own lookup answers 404.
 */
export async function assertMayActOn(db: Db, ctx: Ctx, userId: number): Promise<AccountHoldings | null> {
  const target = await holdingsOf(db, userId);
  if (target && lacking(ctx, target).length) throw forbidden(STRONGER_ACCOUNT);
  return target;
}

/** Tokens for someone else's account only for integration accounts, never for a person's. */
export async function assertMayIssueTokenFor(db: Db, ctx: Ctx, userId: number): Promise<void> {
  const target = await assertMayActOn(db, ctx, userId);
  if (userId !== ctx.user.id && !target?.isServiceAccount) throw forbidden(PERSON_ACCOUNT);
}
