/**
 * What the side menu and the home page show one user (docs/shell.md, Navigation and Home), derived
 * from the menu's declarations (menu.ts, whose terminal entries come from the resources' `screen`)
 * and the route guards, so both show the same entries under the same names:
 * - an entry shows only when the user passes its route's guard, the same rule the route applies;
 * - in the menu, screens not built yet leave their sections for one folded "Planned" section at the
 *   end, each naming the area it belongs to;
 * - the home page shows built screens only, each once, without the home page itself and without the
 *   older (v2) screens over records that newer screens show.
 */
import type { AccessProfile } from '../authProvider/permissions';
import type { RouteDef } from './define-route';
import { canReach } from './guard';
import { buildPath } from './params';
import { MENU, type MenuEntry, type MenuIcon, type MenuSection } from './menu';
import { ROUTES } from './table';

export interface ShownEntry {
  route: RouteDef;
  /** Where the entry leads (the route's path without its optional parameters). */
  to: string;
  label: string;
  icon: MenuIcon;
  /** The resource whose record count may show beside the entry. */
  count?: string;
  /** The screen is not built yet: the route shows the "not built yet" page. */
  planned: boolean;
  /** The section the entry is declared in (the Planned section names it, as labels repeat across areas). */
  area: string | null;
}

export interface ShownSection { label: string | null; entries: ShownEntry[]; /** Unfolded until the user folds it. */ open: boolean }

export const PLANNED_SECTION = 'Planned';

/** A menu of at most this many working entries starts with every section open: folding it would only hide it. */
export const SHORT_MENU = 10;

export type IsBuilt = (route: RouteDef) => boolean;

const shown = (section: MenuSection, e: MenuEntry, planned: boolean): ShownEntry => ({
  route: e.route,
  to: buildPath(e.route.path),
  label: e.label ?? e.route.label,
  icon: e.icon,
  ...(e.count ? { count: e.count } : {}),
  planned,
  area: section.label,
});

const reachable = (profile: AccessProfile | null | undefined, section: MenuSection) =>
  section.entries.filter((e) => canReach(profile, e.route.access));

/**
 * The side menu of one user: their built entries in the declared sections (all open when the menu
 * is short), then the planned ones in one folded section.
 */
export function visibleMenu(profile: AccessProfile | null | undefined, isBuilt: IsBuilt): ShownSection[] {
  const planned: ShownEntry[] = [];
  const sections: ShownSection[] = [];
  for (const section of MENU) {
    const entries: ShownEntry[] = [];
    for (const e of reachable(profile, section)) {
      if (isBuilt(e.route)) entries.push(shown(section, e, false));
      else planned.push(shown(section, e, true));
    }
    if (entries.length) sections.push({ label: section.label, entries, open: Boolean(section.open) });
  }
  const short = sections.reduce((n, s) => n + s.entries.length, 0) <= SHORT_MENU;
  const built = short ? sections.map((s) => ({ ...s, open: true })) : sections;
  return planned.length ? [...built, { label: PLANNED_SECTION, entries: planned, open: false }] : built;
}

/** The home page of one user: the areas they can open, grouped as the menu groups them, each screen once. */
export function homeAreas(profile: AccessProfile | null | undefined, isBuilt: IsBuilt): ShownSection[] {
  const seen = new Set<string>();
  const areas: ShownSection[] = [];
  for (const section of MENU.filter((s) => !s.older)) {
    const entries = reachable(profile, section)
      .filter((e) => e.route !== ROUTES.home && isBuilt(e.route))
      .map((e) => shown(section, e, false))
      .filter((e) => !seen.has(e.to) && seen.add(e.to));
    if (entries.length) areas.push({ label: section.label, entries, open: true });
  }
  return areas;
}
