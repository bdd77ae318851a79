/**
 * Rules for accounts beyond the generic engine: emails are stored lower-case; nobody grants
 * permissions or groups they do not hold themselves (unless superuser); nobody changes, deletes or
 * copies an account holding more than they do (server/auth/account-guard.ts); only a superuser
 * turns an existing account into a service account; a new password ends the account's outstanding
 * reset links; access caches are dropped after any change that affects access.
 */
import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import type { ResourceHooks } from '../../engine/hooks';
import { invalidateAccess } from '../../auth/access';
import { tableOf, joinTableOf } from '../../db/tables';
import { permission } from '../../../src/resources/accounts/permission';
import { group } from '../../../src/resources/accounts/group';
import { user } from '../../../src/resources/accounts/user';
import { hasPermissions, isPlatformStaff } from '../../../src/authProvider/permissions';
import { badRequest, forbidden } from '../../engine/errors';
import { assertMayActOn } from '../../auth/account-guard';
import { endResetLinks } from '../../auth/password-store';
import type { Db } from '../../db/connection';
import type { Ctx } from '../../engine/context';

/** The codenames among these permissions that the caller does not hold (none for a superuser). */
async function notHeld(db: Db, ctx: Ctx, permissionIds: unknown[]): Promise<string[]> {
  if (ctx.user.isSuperuser || !permissionIds.length) return [];
  const p = tableOf(permission);
  const rows = await db.select({ ct: p.content_type, code: p.codename }).from(p).where(inArray(p.id, permissionIds));
  return rows.filter((r) => !hasPermissions(ctx.user.profile, { [r.ct]: [r.code] })).map((r) => r.code);
}

/** The permissions these groups give. */
async function groupPermissionIds(db: Db, groupIds: unknown[]): Promise<unknown[]> {
  const gp = joinTableOf(group, 'permissions');
  return (await db.select({ id: gp.target_id }).from(gp).where(inArray(gp.owner_id, groupIds))).map((x) => x.id);
}

async function checkGrantable(db: Db, ctx: Ctx, permissionIds: unknown[], field: string) {
  const denied = await notHeld(db, ctx, permissionIds);
  if (denied.length) throw badRequest({ [field]: [`You cannot grant permissions you do not hold: ${denied.join(', ')}.`] });
}

export const userHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, id, current }) {
    if (mode === 'update') {
      await assertMayActOn(db, ctx, id as number);
      // A person's account turned into a service account would let an administrator take its tokens.
      if (input.values.is_service_account === true && !current?.is_service_account && !ctx.user.isSuperuser) {
        throw forbidden('Only a superuser may turn an existing account into a service account.');
      }
      if (input.values.password !== undefined) await endResetLinks(db, id as number);
    }
    if (typeof input.values.email === 'string') input.values.email = input.values.email.trim().toLowerCase();
    if (input.links.user_permissions) await checkGrantable(db, ctx, input.links.user_permissions, 'user_permissions');
    if (input.links.groups?.length && !ctx.user.isSuperuser) await checkGrantable(db, ctx, await groupPermissionIds(db, input.links.groups), 'groups');
  },
  afterWrite: () => invalidateAccess(),
  beforeDelete: async ({ db, ctx, id }) => {
    if (id === ctx.user.id) throw badRequest({ non_field_errors: ['You cannot delete your own account.'] });
    await assertMayActOn(db, ctx, id as number);
    invalidateAccess();
  },
  // A copy starts from the source's access and data: only for accounts the caller may act on.
  beforeClone: ({ db, ctx, source }) => assertMayActOn(db, ctx, source.id as number).then(() => undefined),
};
/**
 * A group is changed or deleted only by someone holding every permission it gives now: otherwise
 * an administrator could strip the access of accounts stronger than itself through their group.
 */
async function assertHoldsGroup(db: Db, ctx: Ctx, groupId: unknown) {
  if (ctx.user.isSuperuser) return;
  const lacking = await notHeld(db, ctx, await groupPermissionIds(db, [groupId]));
  if (lacking.length) throw forbidden(`This group gives permissions you do not hold (${lacking.join(', ')}), so you cannot change it.`);
  await assertGroupIsOwn(db, ctx, groupId);
}

/**
 * Groups are the platform's, not a company's: a group that accounts of a company the caller does
 * not act for hold is changed or deleted by platform staff only, or one company's administrator
 * would change what another company's people may do (docs/security.md, Groups).
 */
async function assertGroupIsOwn(db: Db, ctx: Ctx, groupId: unknown) {
  if (isPlatformStaff(ctx.user.profile)) return;
  const ug = joinTableOf(user, 'groups');
  const uc = joinTableOf(user, 'companies');
  const u = tableOf(user);
  const members = db.select({ id: ug.owner_id }).from(ug).where(eq(ug.target_id, groupId as number));
  const mine = ctx.user.companyIds.length ? ctx.user.companyIds : [-1];
  const [foreign] = await db.select({ id: u.id }).from(u)
    .where(and(inArray(u.id, members), or(notInArray(u.company, mine), inArray(u.id, db.select({ id: uc.owner_id }).from(uc).where(notInArray(uc.target_id, mine))))))
    .limit(1);
  if (foreign) throw forbidden('Accounts of other companies hold this group: only platform staff change it. Make a group of your own for your company\'s people.');
}

export const groupHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, id }) {
    if (mode === 'update') await assertHoldsGroup(db, ctx, id);
    if (input.links.permissions) await checkGrantable(db, ctx, input.links.permissions, 'permissions');
  },
  afterWrite: () => invalidateAccess(),
  beforeDelete: async ({ db, ctx, id }) => {
    await assertHoldsGroup(db, ctx, id);
    invalidateAccess();
  },
};
export const companyHooks: ResourceHooks = {
  afterWrite: () => invalidateAccess(),
  // Deleting a company deletes the accounts acting for it (the foreign key cascades): only when the
  // caller may act on every one of them, e.g. not while a superuser acts for that company.
  beforeDelete: async ({ db, ctx, id }) => {
    if (!ctx.user.isSuperuser) {
      const u = tableOf(user);
      for (const member of await db.select({ id: u.id }).from(u).where(eq(u.company, id as number))) await assertMayActOn(db, ctx, member.id);
    }
    invalidateAccess();
  },
};
// Permission rows come from the declarations (synchronised at every start): only their name is edited here.
const DECLARED = 'Permissions come from the declarations of the product; they are not created or deleted here.';
export const permissionHooks: ResourceHooks = {
  beforeWrite: ({ mode }) => { if (mode === 'create') throw badRequest({ non_field_errors: [DECLARED] }); },
  afterWrite: () => invalidateAccess(),
  beforeDelete: () => { throw badRequest({ non_field_errors: [DECLARED] }); },
};
