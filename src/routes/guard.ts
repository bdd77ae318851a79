/**
 * Guard decisions (docs/shell.md, Guards) as a pure function, so the rules are unit-tested apart from
 * the router: auth routes are open; everything else needs a session; a permission requirement the
 * user lacks leads to the unauthorized page.
 */
import { type AccessProfile, type Required, canView, hasCodename, hasFeature, hasPermissions, hasRole } from '../authProvider/permissions';
import { getResource } from '../resources/index';

export interface RouteAccess {
  /** Per model (`app.model`), the codenames that are all required. */
  required?: Required;
  /** Menu or configuration codes: at least one must be held. */
  anyCode?: readonly string[];
  /** A role (group name or roles-list entry). */
  role?: string;
  /** A company feature that must be subscribed. */
  feature?: string;
  /**
   * A declared resource whose records the user must be able to read, by the rule the server reads
   * them with (`canView`: its view permission, or its own-rows permission where declared).
   */
  reads?: string;
}

export type GuardDecision = 'allow' | 'login' | 'unauthorized';

export function canReach(profile: AccessProfile | null | undefined, access: RouteAccess | undefined): boolean {
  if (!profile) return false;
  if (!access) return true;
  if (access.required && !hasPermissions(profile, access.required)) return false;
  if (access.anyCode?.length && !access.anyCode.some((c) => hasCodename(profile, c))) return false;
  if (access.role && !hasRole(profile, access.role)) return false;
  if (access.feature && !hasFeature(profile, access.feature)) return false;
  if (access.reads && !canView(profile, getResource(access.reads))) return false;
  return true;
}

export function decide(
  route: { public?: boolean; access?: RouteAccess },
  session: { authenticated: boolean; profile: AccessProfile | null | undefined },
): GuardDecision {
  if (route.public) return 'allow';
  if (!session.authenticated) return 'login';
  return canReach(session.profile, route.access) ? 'allow' : 'unauthorized';
}

/** Where a signed-out visitor goes: the login page, remembering where they wanted to be. */
export function loginRedirect(pathname: string, search: string): string {
  const next = pathname && pathname !== '/' && !pathname.startsWith('/auth/') ? `${pathname}${search}` : '';
  return next ? `/auth/login/?next=${encodeURIComponent(next)}` : '/auth/login/';
}

export const SCHEDULE_TAB_KEY = 'facility.schedule.tab';
export const DEFAULT_SCHEDULE_TAB = 'shipment';

/** `facility/{facilityId}/schedule` goes to the tab last stored locally, else `shipment`. */
export function scheduleTab(storage: Pick<Storage, 'getItem'> | undefined): string {
  try {
    const tab = storage?.getItem(SCHEDULE_TAB_KEY);
    return tab && /^[\w-]+$/.test(tab) ? tab : DEFAULT_SCHEDULE_TAB;
  } catch {
    return DEFAULT_SCHEDULE_TAB;
  }
}
