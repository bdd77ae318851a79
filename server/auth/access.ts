/**
 * Loads what a user may do: permissions (own and through groups), groups, roles and the companies it
 * may act for, as the profile shape the shared permission rules read. Cached briefly per user, and
 * dropped as soon as any process changes what it is read from (`watchAccess`).
 */
import { type SQL, eq, inArray, sql } from 'drizzle-orm';
import type { AccessProfile, UserAccess } from '../../src/authProvider/permissions';
import type { Database, Db } from '../db/connection';
import type { Subscription } from '../db/notifications';
import { tableOf, joinTableOf } from '../db/tables';
import { user as userRes } from '../../src/resources/accounts/user';
import { group as groupRes } from '../../src/resources/accounts/group';
import { company as companyRes } from '../../src/resources/accounts/company';
import { permission as permissionRes } from '../../src/resources/accounts/permission';
import type { AuthUser } from '../engine/context';

export interface LoadedUser extends Omit<AuthUser, 'tokenId'> {
  username: string | null;
  isActive: boolean;
  groups: { id: number; name: string }[];
  roles: string[];
  companies: { id: number; name: string; subscribed: boolean; features: { name: string; subscribed: boolean }[] }[];
  uiConfig: unknown;
  appConfig: unknown;
}

const TTL_MS = 5_000;
type Cached = { at: number; value: LoadedUser | null };
/** Per database, then per user: a process serving two databases (the tests run many) never reads one's users for the other's. */
let cache = new WeakMap<Db, Map<number, Cached>>();

/** Forget cached access after a change to users, groups, permissions or companies. */
export function invalidateAccess() {
  cache = new WeakMap();
}

/**
 * Drops the cache whenever any process (or plain SQL) changes users, groups, permissions or
 * companies: a trigger notifies `access_changed` at commit (migration 0007). The TTL stays as the
 * bound for a notification lost with its connection (the subscription then resets the cache too).
 */
export function watchAccess(database: Database): Subscription {
  return database.subscribe('access_changed', { message: invalidateAccess, reset: invalidateAccess });
}

export async function loadUser(db: Db, userId: number): Promise<LoadedUser | null> {
  let users = cache.get(db);
  if (!users) cache.set(db, (users = new Map()));
  const hit = users.get(userId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = await readUser(db, userId);
  // Into the map taken before the read: a change meanwhile has replaced it, so this value is dropped with it.
  users.set(userId, { at: Date.now(), value });
  return value;
}

function groupAccess(rows: { content_type: string; codename: string }[]): UserAccess[] {
  const apps = new Map<string, Map<string, string[]>>();
  for (const { content_type, codename } of rows) {
    const [app, model] = content_type.split('.');
    const models = apps.get(app) ?? new Map<string, string[]>();
    models.set(model, [...(models.get(model) ?? []), codename]);
    apps.set(app, models);
  }
  return [...apps].map(([app, models]) => ({ app, models: [...models].map(([model, codenames]) => ({ model, codenames })) }));
}

/** `permission.id in (...)`: the permissions a user holds, directly and through its groups. */
export function heldByUser(userId: number): SQL {
  const up = joinTableOf(userRes, 'user_permissions');
  const ug = joinTableOf(userRes, 'groups');
  const gp = joinTableOf(groupRes, 'permissions');
  return sql`${tableOf(permissionRes).id} in (
    select ${up.target_id} from ${up} where ${up.owner_id} = ${userId}
    union select ${gp.target_id} from ${gp} join ${ug} on ${ug.target_id} = ${gp.owner_id} where ${ug.owner_id} = ${userId})`;
}

async function readUser(db: Db, userId: number): Promise<LoadedUser | null> {
  const u = tableOf(userRes);
  const [row] = await db.select({
    id: u.id, email: u.email, name: u.name, username: u.username, isActive: u.is_active, isSuperuser: u.is_superuser,
    companyId: u.company, roles: u.roles, uiConfig: u.ui_config, appConfig: u.app_config,
  }).from(u).where(eq(u.id, userId));
  if (!row) return null;
  const ug = joinTableOf(userRes, 'groups');
  const uc = joinTableOf(userRes, 'companies');
  const g = tableOf(groupRes);
  const p = tableOf(permissionRes);
  const c = tableOf(companyRes);
  const [groups, perms, companyLinks] = await Promise.all([
    db.select({ id: g.id, name: g.name }).from(g).innerJoin(ug, eq(ug.target_id, g.id)).where(eq(ug.owner_id, userId)).orderBy(g.name),
    db.select({ content_type: p.content_type, codename: p.codename }).from(p).where(heldByUser(userId)).orderBy(p.content_type, p.codename),
    db.select({ id: uc.target_id }).from(uc).where(eq(uc.owner_id, userId)),
  ]);
  const companyIds = [...new Set([row.companyId, ...companyLinks.map((l) => l.id)].filter((x): x is number => x !== null))];
  const companies = companyIds.length
    ? await db.select({ id: c.id, name: c.name, subscribed: c.subscribed, features: c.features }).from(c).where(inArray(c.id, companyIds)).orderBy(c.name)
    : [];
  const current = companies.find((x) => x.id === row.companyId);
  const profile: AccessProfile = {
    is_superuser: row.isSuperuser,
    groups: groups.map((x) => ({ name: x.name })),
    roles: row.roles ?? [],
    user_access: groupAccess(perms),
    company: current ? { id: current.id, name: current.name, features: (current.features as never) ?? [] } : null,
  };
  return {
    id: row.id, email: row.email, name: row.name, username: row.username, isActive: row.isActive ?? false,
    isSuperuser: row.isSuperuser ?? false, companyId: row.companyId, companyIds, profile,
    groups, roles: row.roles ?? [], uiConfig: row.uiConfig ?? {}, appConfig: row.appConfig ?? {},
    companies: companies.map((x) => ({ id: x.id, name: x.name, subscribed: x.subscribed ?? false, features: (x.features as never) ?? [] })),
  };
}
