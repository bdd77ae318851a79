/**
 * The permission rules of the product (docs/shell.md, Permissions) as pure functions over the session profile.
 * The server enforces with these same functions; the browser uses them only to show the right things.
 */

import { type ActionDecl, type Resource, actionCodenames, actionModel, codename, contentType, ownCodename } from '../resources/define';
import type { Field } from '../resources/fields';

export interface UserAccess { app: string; models: { model: string; codenames: string[] }[] }

export interface FeatureEntry { name: string; subscribed: boolean }

export interface AccessProfile {
  is_superuser: boolean;
  groups: { name: string }[];
  roles: string[];
  user_access: UserAccess[];
  company?: { id: number; name: string; features?: FeatureEntry[] } | null;
}

/** `{'logistics.product': ['view_product']}`: per model (app.model), the codenames that are all required. */
export type Required = Record<string, string[]>;

/** The name of the company whose users are treated as the platform's own staff. */
export const SPECIAL_COMPANY_NAME = 'Platform Operations';

const indexes = new WeakMap<AccessProfile, Map<string, Set<string>>>();

function accessIndex(p: AccessProfile): Map<string, Set<string>> {
  let idx = indexes.get(p);
  if (!idx) {
    idx = new Map();
    for (const app of p.user_access ?? []) {
      for (const m of app.models) {
        const key = `${app.app}.${m.model}`.toLowerCase();
        const set = idx.get(key) ?? new Set<string>();
        m.codenames.forEach((c) => set.add(c.toLowerCase()));
        idx.set(key, set);
      }
    }
    indexes.set(p, idx);
  }
  return idx;
}

/** Superusers pass; otherwise, for each required model, all required codenames (case-insensitive) must be held. */
export function hasPermissions(p: AccessProfile | null | undefined, required: Required | undefined): boolean {
  if (!p) return false;
  if (p.is_superuser) return true;
  if (!required) return true;
  const idx = accessIndex(p);
  return Object.entries(required).every(([model, codenames]) => {
    const held = idx.get(model.toLowerCase());
    return codenames.every((c) => held?.has(c.toLowerCase()) ?? false);
  });
}

/**
 * May list and read a declared resource's records (all of them, or only the user's own where the
 * resource declares own rows): its feature when it has one, and its view permission (as the
 * server's `can`). This one rule decides what a role may read (docs/security.md, Own rows).
 */
export const canView = (p: AccessProfile | null | undefined, r: Pick<Resource, 'perms' | 'feature' | 'own'>) =>
  hasResourceFeature(p, r) && (r.own?.personal ? Boolean(p) : readsAll(p, r) || (Boolean(r.own) && hasPermissions(p, { [contentType(r)]: [ownCodename(r)] })));

/** Reads every row of the resource in the user's company, not only the user's own (never personal rows). */
export const readsAll = (p: AccessProfile | null | undefined, r: Pick<Resource, 'perms' | 'own'>) =>
  !r.own?.personal && hasPermissions(p, { [contentType(r)]: [codename(r, 'view')] });

/**
 * Reads rows of more than one company at once (superusers: the server applies no tenancy to them),
 * so lists of company records show which company each row is of.
 */
export const seesManyCompanies = (p: AccessProfile | null | undefined) => Boolean(p?.is_superuser);

/** Holds one codename, on whichever model carries it (menu and configuration codes). */
export function hasCodename(p: AccessProfile | null | undefined, codename: string): boolean {
  if (!p) return false;
  if (p.is_superuser) return true;
  const c = codename.toLowerCase();
  for (const set of accessIndex(p).values()) if (set.has(c)) return true;
  return false;
}

/** Membership of a named group, or the role list containing the role. */
export function hasRole(p: AccessProfile | null | undefined, role: string): boolean {
  if (!p) return false;
  if (p.is_superuser) return true;
  return p.groups.some((g) => g.name === role) || p.roles.includes(role);
}

/** The company's feature entry must exist and be subscribed. */
export function hasFeature(p: AccessProfile | null | undefined, feature: string): boolean {
  if (!p) return false;
  if (p.is_superuser) return true;
  return (p.company?.features ?? []).some((f) => f.name === feature && f.subscribed);
}

/** Users of the platform operator's own company are a special user type. */
export function isSpecialCompanyUser(p: AccessProfile | null | undefined): boolean {
  return p?.company?.name === SPECIAL_COMPANY_NAME;
}

/** Platform staff: superusers, and users acting for the platform operator's own company. */
export function isPlatformStaff(p: AccessProfile | null | undefined): boolean {
  return Boolean(p?.is_superuser) || isSpecialCompanyUser(p);
}

/** May this user write the field at all (before any per-record rule)? Read-only and staff-only fields aside. */
export function canWriteField(p: AccessProfile | null | undefined, f: Field): boolean {
  return !f.readOnly && (!f.staffOnly || isPlatformStaff(p));
}

/**
 * A resource of a feature (e.g. the terminal) is open only to companies subscribed to it: the
 * server refuses every route of it otherwise, and the screens hide it.
 */
export function hasResourceFeature(p: AccessProfile | null | undefined, r: Pick<Resource, 'feature'>): boolean {
  return !r.feature || hasFeature(p, r.feature);
}

/**
 * May this user call the declared action: the resource's feature, then the action's codename (none
 * for an `authenticated` action). The server refuses by this rule; metadata, form configuration
 * and the screens offer only what it allows.
 */
export function mayCallAction(p: AccessProfile | null | undefined, r: Resource, a: ActionDecl): boolean {
  const m = actionModel(r, a);
  if (!hasResourceFeature(p, r) || !hasResourceFeature(p, m)) return false;
  const codes = actionCodenames(r, a);
  return codes === null || codes.some((code) => hasPermissions(p, { [contentType(m)]: [code] }));
}
