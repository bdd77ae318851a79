import { describe, expect, expectTypeOf, it } from 'vitest';
import { type RouteParams, buildPath, paramKind, paramSpecs, parseParams } from '../../src/routes/params';
import { ALL_ROUTES, ROUTES } from '../../src/routes/table';
import { canReach, decide, loginRedirect, scheduleTab, SCHEDULE_TAB_KEY } from '../../src/routes/guard';
import { breadcrumbs } from '../../src/routes/breadcrumbs';
import type { AccessProfile } from '../../src/authProvider/permissions';

const profile = (codes: Record<string, string[]>, extra: Partial<AccessProfile> = {}): AccessProfile => ({
  is_superuser: false, groups: [], roles: [],
  user_access: Object.entries(codes).map(([ct, codenames]) => ({ app: ct.split('.')[0], models: [{ model: ct.split('.')[1], codenames }] })),
  ...extra,
});

describe('route parameters (docs/shell.md, Routes)', () => {
  it('types UUID names as strings and Id names as numbers', () => {
    expectTypeOf<RouteParams<'company/reports/:reportId/'>['reportId']>().toEqualTypeOf<number>();
    expectTypeOf<RouteParams<'v3/ticket/:entityUUID/'>['entityUUID']>().toEqualTypeOf<string>();
    expectTypeOf<RouteParams<'mass/:reportDate?/:facilityUUID?/'>>().toMatchObjectType<{ reportDate?: string; facilityUUID?: string }>();
    expectTypeOf<RouteParams<'auth/password-reset/:uid/:token/'>>().toMatchObjectType<{ uid: string; token: string }>();
    // @ts-expect-error an Id parameter is a number, not a string
    const wrong: RouteParams<'contract/:contractId/'> = { contractId: '3' };
    expect(wrong).toBeTruthy();
    expect(paramKind('facilityUUID')).toBe('string');
    expect(paramKind('railCarInspectionFormId')).toBe('number');
    expect(paramKind('tabName')).toBe('string');
  });

  it('parses numbers, rejects malformed ones, and allows missing optional params', () => {
    expect(parseParams('company/reports/:reportId/', { reportId: '12' })).toEqual({ ok: true, params: { reportId: 12 } });
    expect(parseParams('company/reports/:reportId/', { reportId: 'abc' })).toEqual({ ok: false, param: 'reportId' });
    expect(parseParams('rail/car/:railCarId?/', {})).toEqual({ ok: true, params: {} });
    expect(parseParams('x/:entityUUID/', { entityUUID: '2f1c' })).toEqual({ ok: true, params: { entityUUID: '2f1c' } });
    expect(paramSpecs('a/:b?/:cId/')).toEqual([{ name: 'b', optional: true, kind: 'string' }, { name: 'cId', optional: false, kind: 'number' }]);
  });

  it('builds paths, dropping optional params without a value', () => {
    expect(buildPath('company/reports/:reportId/', { reportId: 3 })).toBe('/company/reports/3/');
    expect(buildPath('company/mass-balance-report/:reportDate?/:facilityUUID?/', {})).toBe('/company/mass-balance-report/');
    expect(buildPath('')).toBe('/');
    expect(() => buildPath('contract/:contractId/', {})).toThrow(/contractId/);
  });

  it('declares every path once, and every top-level group of the route table', () => {
    const paths = ALL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const group of ['auth', 'company', 'contract', 'facility', 'rail', 'invoice', 'partner', 'customs', 'scheduler', 'user', 'config', 'form', 'yard-management', 'unauthorized']) {
      expect(paths.some((p) => p.startsWith(`${group}/`)), group).toBe(true);
    }
    expect(ALL_ROUTES.every((r) => r.label.length > 0)).toBe(true);
    // Pages without a session: signing in, and a carrier's booking link (docs/scheduler.md).
    expect(ALL_ROUTES.filter((r) => r.public).every((r) => r.path.startsWith('auth/') || r.path === 'book/')).toBe(true);
  });
});

describe('guards', () => {
  const driver = profile(
    { 'logistics.product': ['view_product'], 'accounts.menu': ['access_menu__truck_scheduler_slots'], 'schedule.slot': ['view_slot'] },
    { company: { id: 1, name: 'Demo', features: [{ name: 'scheduler', subscribed: true }] } },
  );
  const operator = profile({ 'logistics.product': ['view_product', 'add_product'], 'accounts.configuration': ['configuration__products'] });

  it('auth routes are open; the rest need a session', () => {
    expect(decide(ROUTES.login, { authenticated: false, profile: null })).toBe('allow');
    expect(decide(ROUTES.passwordResetConfirm, { authenticated: false, profile: null })).toBe('allow');
    expect(decide(ROUTES.home, { authenticated: false, profile: null })).toBe('login');
    expect(decide(ROUTES.configProducts, { authenticated: false, profile: null })).toBe('login');
  });

  it('a missing permission or menu code leads to unauthorized', () => {
    expect(decide(ROUTES.configParties, { authenticated: true, profile: driver })).toBe('unauthorized');
    expect(decide(ROUTES.configProducts, { authenticated: true, profile: driver })).toBe('unauthorized');
    expect(decide(ROUTES.configProducts, { authenticated: true, profile: operator })).toBe('allow');
    expect(decide(ROUTES.schedulerSlots, { authenticated: true, profile: driver })).toBe('allow');
    expect(decide(ROUTES.home, { authenticated: true, profile: driver })).toBe('allow');
  });

  it('superusers pass every check; roles count by group or roles list', () => {
    const su = profile({}, { is_superuser: true });
    expect(ALL_ROUTES.every((r) => decide(r, { authenticated: true, profile: su }) === 'allow')).toBe(true);
    expect(canReach(profile({}, { roles: ['Site Administration'] }), ROUTES.configAdmin.access)).toBe(true);
    expect(canReach(profile({}, { groups: [{ name: 'Site Administration' }] }), ROUTES.configAdmin.access)).toBe(true);
    expect(canReach(driver, ROUTES.configAdmin.access)).toBe(false);
  });

  it('facility schedule goes to the stored tab, else shipment', () => {
    expect(scheduleTab(undefined)).toBe('shipment');
    expect(scheduleTab({ getItem: () => null })).toBe('shipment');
    expect(scheduleTab({ getItem: (k: string) => (k === SCHEDULE_TAB_KEY ? 'rail' : null) })).toBe('rail');
    expect(scheduleTab({ getItem: () => '../evil' })).toBe('shipment');
    expect(ROUTES.facilitySchedule.redirect!({ facilityId: 4 })).toBe('/facility/4/schedule/shipment/');
    expect(ROUTES.schedulerLocation.redirect!({ locationId: 2 })).toBe('/scheduler/location/2/overview/');
  });

  it('login redirect remembers where the visitor was going', () => {
    expect(loginRedirect('/config/products/', '?q=1')).toBe('/auth/login/?next=%2Fconfig%2Fproducts%2F%3Fq%3D1');
    expect(loginRedirect('/', '')).toBe('/auth/login/');
    expect(loginRedirect('/auth/login/', '')).toBe('/auth/login/');
  });
});

describe('breadcrumbs', () => {
  it('runs from home through the group and parent routes', () => {
    expect(breadcrumbs(ROUTES.report, { reportId: 7 })).toEqual([
      { label: 'Home', to: '/' }, { label: 'Company' }, { label: 'Reports', to: '/company/reports/' }, { label: 'Report 7' },
    ]);
    expect(breadcrumbs(ROUTES.configProducts, {})).toEqual([{ label: 'Home', to: '/' }, { label: 'Configuration' }, { label: 'Products' }]);
    expect(breadcrumbs(ROUTES.home, {})).toEqual([{ label: 'Home' }]);
    // A shown record is named by its label, not its id.
    expect(breadcrumbs(ROUTES.tbTicket, { entityUUID: '6f0c1a2b' }, 'T-000012').at(-1)).toEqual({ label: 'Ticket T-000012' });
    expect(breadcrumbs(ROUTES.tbTicket, { entityUUID: '6f0c1a2b' }).at(-1)).toEqual({ label: 'Ticket 6f0c1a2b' });
    // A full UUID is no label a person reads: the trail names the route and the readable parameters.
    expect(breadcrumbs(ROUTES.massBalance, { reportDate: '2026-11-30', facilityUUID: 'd78f6314-b480-4d35-8915-7970be4a9009' }).at(-1)).toEqual({ label: 'Mass balance report 2026-11-30' });
  });
});

describe('after sign-in', () => {
  it('goes to ?next=, else where react-admin was sent from, else home; never off-site', async () => {
    const { nextPath } = await import('../../src/pages/auth/LoginPage');
    expect(nextPath({ search: '?next=%2Fconfig%2Fproducts%2F' })).toBe('/config/products/');
    expect(nextPath({ search: '?next=%2F%2Fevil.example' })).toBe('/');
    expect(nextPath({ search: '?next=https%3A%2F%2Fevil.example' })).toBe('/');
    expect(nextPath({ search: '', state: { nextPathname: '/user/', nextSearch: '?a=1' } })).toBe('/user/?a=1');
    expect(nextPath({ search: '', state: { nextPathname: '/auth/login/' } })).toBe('/');
    expect(nextPath({ search: '' })).toBe('/');
  });
});
