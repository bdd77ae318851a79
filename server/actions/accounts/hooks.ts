/**
 * Rules for accounts beyond the generic engine: emails are stored lower-case; nobody grants
 * permissions or groups they do not hold themselves (unless superuser); nobody changes, deletes or
 * copies an account holding more than they do (server/auth/account-guard.ts); only a superuser
 * turns an existing account into a service account; a new password ends the account's outstanding
 * reset links; access caches are dropped after any change that affects access.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ResourceHooks } from '../../engine/hooks';
import { invalidateAccess } from '../../auth/access';
import { tableOf, joinTableOf } from '../../db/tables';
import { permission } from '../../../src/resources/accounts/permission';
import { group } from '../../../src/resources/accounts/group';
import { user } from '../../../src/resources/accounts/user';
import { hasPermissions } from '../../../src/authProvider/permissions';
import { ROLES } from '../../../src/resources/accounts/roles';
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
 * (Whose group it is, the platform's or the company's, the engine decides: server/engine/platform-rows.ts.)
 */
async function assertHoldsGroup(db: Db, ctx: Ctx, groupId: unknown) {
  if (ctx.user.isSuperuser) return;
  const lacking = await notHeld(db, ctx, await groupPermissionIds(db, [groupId]));
  if (lacking.length) throw forbidden(`This group gives permissions you do not hold (${lacking.join(', ')}), so you cannot change it.`);
}

/**
 * Role checks pass on membership of a group of the name (docs/shell.md, Permissions), so a company's own
 * role never takes a role's name or the name of one of the platform's groups: a company's
 * "Site Administration" would pass the platform's Site Administration checks. Platform groups'
 * names are unique among themselves (the database's key covers a company's own).
 */
async function checkGroupName(db: Db, name: unknown, company: unknown, id: unknown) {
  if (typeof name !== 'string') return;
  const g = tableOf(group);
  const taken = (ROLES as readonly string[]).some((r) => r.toLowerCase() === name.trim().toLowerCase() && company !== null)
    || (await db.select({ id: g.id }).from(g).where(and(isNull(g.company), sql`lower(${g.name}) = lower(${name})`, id === undefined ? undefined : ne(g.id, id as number))).limit(1)).length > 0;
  if (taken) throw badRequest({ name: [company === null ? 'Another platform group has this name.' : 'This is the name of one of the platform\'s roles: give your company\'s role a name of its own.'] });
}

export const groupHooks: ResourceHooks = {
  async beforeWrite({ db, ctx, input, mode, id, current }) {
    if (mode === 'update') await assertHoldsGroup(db, ctx, id);
    const company = input.values.company !== undefined ? input.values.company : current?.company ?? null;
    if (input.values.name !== undefined || input.values.company !== undefined) await checkGroupName(db, input.values.name ?? current?.name, company, id);
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
