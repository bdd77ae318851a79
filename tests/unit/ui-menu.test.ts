/** The side menu and the home page as one user sees them (docs/shell.md, Navigation and Home). */
import { describe, expect, it } from 'vitest';
import { homeAreas, PLANNED_SECTION, visibleMenu } from '../../src/routes/visible-menu';
import { ACCOUNT_SECTION, MENU } from '../../src/routes/menu';
import { ALL_ROUTES, ROUTES } from '../../src/routes/table';
import { canReach } from '../../src/routes/guard';
import { buildPath } from '../../src/routes/params';
import { pageOf } from '../../src/page-registry';
import type { AccessProfile } from '../../src/authProvider/permissions';

const isBuilt = (r: (typeof ALL_ROUTES)[number]) => pageOf(r) !== undefined;
const TERMINAL = [{ name: 'terminalboss', subscribed: true }];
const profile = (codes: Record<string, string[]>, extra: Partial<AccessProfile> = {}): AccessProfile => ({
  is_superuser: false, groups: [], roles: [],
  user_access: Object.entries(codes).map(([ct, codenames]) => ({ app: ct.split('.')[0], models: [{ model: ct.split('.')[1], codenames }] })),
  company: { id: 1, name: 'Demo', features: TERMINAL },
  ...extra,
});
const entries = (sections: ReturnType<typeof visibleMenu>) => sections.flatMap((s) => s.entries);

// As the demo driver: his own tickets, the terminal menu codes, the scheduler's slots, and a view
// of the company's settings without the right to change them.
const driver = profile({
  'terminalboss.ticket': ['view_own_ticket'],
  'accounts.menu': ['access_menu__v3__overview', 'access_menu__v2__overview', 'access_menu__truck_scheduler_slots'],
  'accounts.applicationconfiguration': ['view_applicationconfiguration'],
  'schedule.slot': ['view_slot'],
}, { company: { id: 1, name: 'Demo', features: [...TERMINAL, { name: 'scheduler', subscribed: true }] } });
const superuser = profile({}, { is_superuser: true });

describe('the side menu', () => {
  it('shows an entry only when its route lets the user in, and built entries open pages', () => {
    for (const user of [driver, superuser, profile({})]) {
      for (const e of entries(visibleMenu(user, isBuilt))) {
        expect(canReach(user, e.route.access), e.to).toBe(true);
        expect(isBuilt(e.route), e.to).toBe(!e.planned);
      }
    }
  });

  it('gives the driver his tickets and profile, not the settings he may only look at', () => {
    const menu = visibleMenu(driver, isBuilt);
    const built = menu.filter((s) => s.label !== PLANNED_SECTION).map((s) => [s.label, s.entries.map((e) => e.label)]);
    expect(built).toEqual([[null, ['Home']], ['Terminal', ['Tickets']], ['Truck scheduler', ['Slots']], [ACCOUNT_SECTION, ['Profile']], ['Terminal (v2)', ['Tickets']]]);
    expect(entries(menu).map((e) => e.to)).not.toContain(buildPath(ROUTES.applicationConfiguration.path));
  });

  // Every screen of the menu is built now; the Planned section is shown with the customs screens taken as not built.
  const customsUnbuilt = (r: (typeof ALL_ROUTES)[number]) => isBuilt(r) && !r.path.startsWith('customs/');

  it('has no Planned section once every screen of the menu is built', () => {
    expect(MENU.flatMap((s) => s.entries).filter((e) => !isBuilt(e.route))).toEqual([]);
    expect(visibleMenu(superuser, isBuilt).map((s) => s.label)).not.toContain(PLANNED_SECTION);
  });

  it('gathers the screens not built yet in one folded Planned section at the end, naming their areas', () => {
    const isBuilt = customsUnbuilt;
    const menu = visibleMenu(superuser, isBuilt);
    const planned = menu.at(-1)!;
    expect(planned).toMatchObject({ label: PLANNED_SECTION, open: false });
    const unbuilt = MENU.flatMap((s) => s.entries.filter((e) => !isBuilt(e.route)).map(() => s.label));
    expect(planned.entries.map((e) => e.area)).toEqual(unbuilt);
    expect(planned.entries.length).toBeGreaterThan(0);
    expect(planned.entries.every((e) => e.planned)).toBe(true);
    expect(menu.slice(0, -1).flatMap((s) => s.entries).some((e) => e.planned)).toBe(false);
    // The driver reaches only built screens: he has no Planned section.
    expect(visibleMenu(driver, isBuilt).map((s) => s.label)).not.toContain(PLANNED_SECTION);
  });

  it('shows a superuser every entry of the declarations once, the unbuilt ones as planned', () => {
    const isBuilt = customsUnbuilt;
    const menu = visibleMenu(superuser, isBuilt);
    const declared = MENU.flatMap((s) => s.entries);
    expect(entries(menu)).toHaveLength(declared.length);
    expect(menu.find((s) => s.label === PLANNED_SECTION)!.entries).toHaveLength(declared.filter((e) => !isBuilt(e.route)).length);
    // Sections keep the declared order; a section whose entries are all planned is not shown empty.
    const labels = menu.map((s) => s.label);
    expect(labels.filter((l) => l !== PLANNED_SECTION)).toEqual(MENU.map((s) => s.label).filter((l) => labels.includes(l)));
    for (const section of menu.filter((s) => s.label !== PLANNED_SECTION)) expect(section.entries.some((e) => isBuilt(e.route)), String(section.label)).toBe(true);
    // Invoicing's customs screens, taken as not built, wait under Planned; its invoices stay in it.
    expect(menu.find((s) => s.label === 'Invoicing')!.entries.map((e) => e.route.path)).not.toContain('customs/invoices/');
    expect(menu.find((s) => s.label === 'Invoicing')!.entries.map((e) => e.route.path)).toContain('invoice/invoices/');
  });

  it('opens every section of a short menu, and only the declared ones of a long menu', () => {
    expect(visibleMenu(driver, isBuilt).every((s) => s.open)).toBe(true);
    const long = visibleMenu(superuser, isBuilt);
    expect(long.filter((s) => s.open).map((s) => s.label)).toEqual(MENU.filter((s) => s.open).map((s) => s.label));
  });

  it('hides sections the user reaches nothing in', () => {
    expect(visibleMenu(profile({}), isBuilt).map((s) => s.label)).toEqual([null, ACCOUNT_SECTION]);
  });
});

describe('the home page', () => {
  it('groups what the user can open by area, each screen once, built only, without itself or the v2 screens', () => {
    const areas = homeAreas(superuser, isBuilt);
    const all = areas.flatMap((a) => a.entries);
    expect(new Set(all.map((e) => e.to)).size).toBe(all.length);
    expect(all.every((e) => !e.planned && isBuilt(e.route))).toBe(true);
    expect(all.map((e) => e.to)).not.toContain('/');
    // The unnamed first area holds the dashboard, beside home in the menu.
    expect(areas.map((a) => a.label)).toEqual([null, 'Terminal', 'Terminal master data', 'Rail and fleet', 'Invoicing', 'Truck scheduler', 'Partner', 'Configuration', ACCOUNT_SECTION]);
    expect(areas[0].entries.map((e) => e.label)).toEqual(['Dashboard']);
    // Within an area every name is distinct (the v2 "Tickets" beside the v3 one is gone).
    for (const a of areas) expect(new Set(a.entries.map((e) => e.label)).size, a.label ?? '').toBe(a.entries.length);
  });

  it('carries the counts the menu declares', () => {
    const all = homeAreas(superuser, isBuilt).flatMap((a) => a.entries);
    expect(all.find((e) => e.to === buildPath(ROUTES.tbTickets.path))?.count).toBe('terminalboss/v3/ticket');
    expect(all.find((e) => e.to === buildPath(ROUTES.configProducts.path))?.count).toBe('product');
    expect(all.find((e) => e.to === buildPath(ROUTES.profile.path))?.count).toBeUndefined();
  });

  it('shows the driver his tickets, the scheduler\'s slots and his profile only', () => {
    expect(homeAreas(driver, isBuilt).map((a) => [a.label, a.entries.map((e) => e.label)])).toEqual([['Terminal', ['Tickets']], ['Truck scheduler', ['Slots']], [ACCOUNT_SECTION, ['Profile']]]);
  });

  it('follows the company subscription: no terminal screens without the terminal', () => {
    const unsubscribed = { ...driver, company: { id: 1, name: 'Demo', features: [{ name: 'terminalboss', subscribed: false }] } };
    expect(homeAreas(unsubscribed, isBuilt).map((a) => a.label)).toEqual([ACCOUNT_SECTION]);
    expect(visibleMenu(unsubscribed, isBuilt).flatMap((s) => s.entries).some((e) => e.to.includes('terminalboss'))).toBe(false);
  });
});
