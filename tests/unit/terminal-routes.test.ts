import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, ROUTES } from '../../src/routes/table';
import { pageOf } from '../../src/page-registry';
import { MENU } from '../../src/routes/menu';
import { TERMINAL_SCREENS, screenOfPath, screenOfResource, terminalCreatePath, terminalListPath, terminalRecordPath, v2RecordPath } from '../../src/routes/terminal-screens';
import { createPathOf, listPathOf, recordPathOf } from '../../src/generic/home-paths';
import { getResource } from '../../src/resources/index';
import { canReach } from '../../src/routes/guard';
import type { AccessProfile } from '../../src/authProvider/permissions';

const tbRoutes = ALL_ROUTES.filter((r) => r.path.startsWith('company/terminalboss/'));
const profile = (codes: Record<string, string[]>, features = [{ name: 'terminalboss', subscribed: true }]): AccessProfile => ({
  is_superuser: false, groups: [], roles: [],
  user_access: Object.entries(codes).map(([ct, codenames]) => ({ app: ct.split('.')[0], models: [{ model: ct.split('.')[1], codenames }] })),
  company: { id: 1, name: 'Demo', features },
});

describe('terminal screen mapping', () => {
  it('every screen names a declared resource and its permission model', () => {
    for (const s of TERMINAL_SCREENS) expect(getResource(s.resource).perms.model).toBe(s.model);
  });

  it('every terminal route has a page: its mapped screen, or a page of its own (dashboards, allocations)', () => {
    for (const r of tbRoutes) expect(!!pageOf(r), r.path).toBe(true);
    // The limits, contracts and invoices of the terminal's commercial side are mapped screens (docs/terminal.md, Limits; Ticket invoices).
    for (const built of ['limit', 'service-contract', 'cross-border-contract', 'ticket-invoice']) {
      expect(screenOfPath(`company/terminalboss/v3/${built}/`), built).toBeDefined();
    }
    // The dashboards and the v2 allocations are pages of their own (docs/terminal.md, Terminal dashboards; Allocations).
    for (const own of [ROUTES.tbOverview, ROUTES.tbDashboard, ROUTES.tbContainerVolume, ROUTES.tbV2Allocations, ROUTES.tbV2Allocation, ROUTES.tbV2TransferLimit]) {
      expect(screenOfPath(own.path), own.path).toBeUndefined();
      expect(pageOf(own), own.path).toBeDefined();
    }
  });

  it('maps paths to screens and kinds', () => {
    expect(screenOfPath('company/terminalboss/v3/ticket/')).toMatchObject({ kind: 'list', screen: { slug: 'ticket' } });
    expect(screenOfPath('company/terminalboss/v3/ticket/:entityUUID/')).toMatchObject({ kind: 'detail' });
    expect(screenOfPath('company/terminalboss/v3/location-form/')).toMatchObject({ kind: 'form', screen: { slug: 'location' } });
    expect(screenOfPath('company/terminalboss/v3/product/tree/')).toMatchObject({ kind: 'list', screen: { slug: 'product' } });
    expect(screenOfPath('company/terminalboss/ticketview/:entityId/')).toMatchObject({ kind: 'v2', screen: { slug: 'ticket' } });
    expect(screenOfPath('company/terminalboss/v3/limit/:entityUUID/')).toMatchObject({ kind: 'detail', screen: { slug: 'limit', resource: 'terminalboss/v3/periodic-limit' } });
    expect(screenOfPath('company/terminalboss/v3/dashboard/')).toBeUndefined();
  });

  it('generic pages of terminal resources go to the terminal routes (lists, records, create)', () => {
    expect(listPathOf('terminalboss/v3/ticket')).toBe('/company/terminalboss/v3/ticket/');
    expect(recordPathOf('terminalboss/v3/ticket', 'a-b')).toBe('/company/terminalboss/v3/ticket/a-b/');
    expect(createPathOf('terminalboss/v3/location')).toBe('/company/terminalboss/v3/location-form/');
    expect(createPathOf('terminalboss/v3/site')).toBe('/company/terminalboss/v3/site/new/');
    expect(recordPathOf('terminalboss/v3/gipproduct', 'x')).toBeUndefined();
    expect(listPathOf('product')).toBe('/config/products/');
    expect(listPathOf('terminalboss/v3/barcode')).toBe('/terminalboss/v3/barcode');
    const product = screenOfResource('terminalboss/v3/product')!;
    expect(terminalListPath(product)).toBe('/company/terminalboss/v3/product/');
    expect(terminalRecordPath(product, 'u1')).toBe('/company/terminalboss/v3/product/u1/');
    expect(terminalCreatePath(product)).toBe('/company/terminalboss/v3/product-form/');
    expect(v2RecordPath(product, 7)).toBe('/company/terminalboss/product/7/');
  });

  it('each built route has a matching route in the table for its links', () => {
    // An optional `{entityUUID?}` route serves its list path too.
    const paths = new Set(tbRoutes.flatMap((r) => [`/${r.path}`, `/${r.path.replace(':entityUUID?/', '')}`]));
    for (const s of TERMINAL_SCREENS) {
      expect(paths.has(terminalListPath(s)), s.slug).toBe(true);
      if (s.detail !== false) expect(paths.has(`/company/terminalboss/v3/${s.slug}/:entityUUID/`) || paths.has(`/company/terminalboss/v3/${s.slug}/:entityUUID?/`), s.slug).toBe(true);
    }
  });

  it('a built route needs the v3 menu code and the view permission of its entity', () => {
    const ticket = ROUTES.tbTickets;
    expect(canReach(profile({ 'terminalboss.ticket': ['view_ticket'], 'accounts.menu': ['access_menu__v3__overview'] }), ticket.access)).toBe(true);
    expect(canReach(profile({ 'accounts.menu': ['access_menu__v3__overview'] }), ticket.access)).toBe(false);
    expect(canReach(profile({ 'terminalboss.ticket': ['view_ticket'] }), ticket.access)).toBe(false);
    expect(canReach(profile({ 'terminalboss.ticket': ['view_ticket'], 'accounts.menu': ['access_menu__v2__overview'] }), ROUTES.tbV2Tickets.access)).toBe(true);
  });

  it('a built route needs the company to subscribe to the terminal, as the server does', () => {
    const codes = { 'terminalboss.ticket': ['view_ticket'], 'accounts.menu': ['access_menu__v3__overview', 'access_menu__v2__overview'] };
    for (const features of [[], [{ name: 'terminalboss', subscribed: false }], [{ name: 'rail', subscribed: true }]]) {
      expect(canReach(profile(codes, features), ROUTES.tbTickets.access)).toBe(false);
      expect(canReach(profile(codes, features), ROUTES.tbV2Tickets.access)).toBe(false);
    }
  });

  it('the menu has the terminal sections', () => {
    const labels = MENU.map((s) => s.label);
    expect(labels).toEqual(expect.arrayContaining(['Terminal', 'Terminal master data', 'Terminal (v2)']));
    const tickets = MENU.flatMap((s) => s.entries).find((e) => e.route === ROUTES.tbTickets);
    expect(tickets?.count).toBe('terminalboss/v3/ticket');
  });
});
