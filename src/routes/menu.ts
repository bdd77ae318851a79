/**
 * The side menu's declarations: sections of entries pointing at routes of the table, in the order
 * the menu and the home page show them. What one user sees is derived in visible-menu.ts
 * (docs/shell.md, Navigation): an entry shows only when the user passes its route's guard, a
 * section without visible entries is hidden, screens not built yet gather under "Planned".
 * `count` names a resource whose count is shown beside the entry.
 */
import type { MenuIcon } from '../resources/define';
import { resources } from '../resources/index';
import type { RouteDef } from './define-route';
import { ALL_ROUTES, ROUTES } from './table';

export type { MenuIcon };

export interface MenuEntry { route: RouteDef; icon: MenuIcon; label?: string; count?: string }
export interface MenuSection {
  label: string | null;
  entries: MenuEntry[];
  /** Unfolded until the user folds it. */
  open?: boolean;
  /** Older screens over records that newer screens show: in the menu, never on the home page. */
  older?: boolean;
}

const R = ROUTES;

/** The route a declared screen's menu entry opens: its list (or the list with an optional record). */
function listRoute(at: string, slug: string): RouteDef {
  const list = `${at}/${slug}/`;
  const found = ALL_ROUTES.find((r) => r.path === list) ?? ALL_ROUTES.find((r) => r.path === `${list}:entityUUID?/`);
  if (!found) throw new Error(`No route ${list} for a declared screen`);
  return found;
}

/** The entries the resources declare for a section (`screen.menu`), in their declared order. */
function declared(section: string): MenuEntry[] {
  return resources
    .filter((r) => r.screen?.menu?.section === section)
    .sort((a, b) => a.screen!.menu!.order - b.screen!.menu!.order)
    .map((r) => {
      const { at, slug, menu } = r.screen!;
      return { route: listRoute(at, slug), icon: menu!.icon, ...(menu!.label ? { label: menu!.label } : {}), ...(menu!.count ? { count: r.name } : {}) };
    });
}

/** The user's own pages (the profile): everyone's, so the home page does not count them as an area reached. */
export const ACCOUNT_SECTION = 'Account';

export const MENU: MenuSection[] = [
  { label: null, entries: [{ route: R.home, icon: 'home' }, { route: R.dashboard, icon: 'dashboard' }] },
  {
    label: 'Terminal', open: true, entries: [
      { route: R.tbDashboard, icon: 'terminal' },
      ...declared('Terminal'),
      // A site's tanks balanced against their gaugings (docs/terminal.md, Mass balance).
      { route: R.massBalance, icon: 'report' },
      { route: R.tbOverview, icon: 'terminal' },
    ],
  },
  {
    label: 'Terminal master data', entries: declared('Terminal master data'),
  },
  {
    label: 'Rail and fleet', entries: [
      { route: R.contractHome, icon: 'dashboard', label: 'Contract progress' },
      { route: R.contracts, icon: 'contract', count: 'contract' },
      { route: R.facilities, icon: 'shipment' },
      { route: R.facilitiesRailyards, icon: 'facility' },
      { route: R.railLoadCar, icon: 'fleet', label: 'Load car' },
      { route: R.railBols, icon: 'document', label: 'Rail bills of lading' },
      { route: R.traceOverview, icon: 'trace' },
      { route: R.traceTripsTable, icon: 'trace', count: 'trip' },
      { route: R.traceTripsMap, icon: 'map' },
      { route: R.traceWaybills, icon: 'document', count: 'waybill' },
      { route: R.traceCarHistory, icon: 'trace' },
      { route: R.traceTripHistory, icon: 'trace' },
      { route: R.fleet, icon: 'fleet' },
      { route: R.fleetCarsTable, icon: 'fleet', label: 'Fleet cars', count: 'car' },
      { route: R.fleetCarsMap, icon: 'map' },
      { route: R.reports, icon: 'report' },
      { route: R.bolList, icon: 'document', count: 'billoflading' },
      { route: R.bolContractHistory, icon: 'document', label: 'BOL history' },
      { route: R.gaugeTable, icon: 'gauge' },
      { route: R.gaugeTool, icon: 'gauge' },
    ],
  },
  {
    label: 'Invoicing', entries: [
      { route: R.invoices, icon: 'invoice' },
      { route: R.invoiceCars, icon: 'invoice' },
      { route: R.invoicePrices, icon: 'invoice' },
      { route: R.invoiceProducts, icon: 'invoice' },
      { route: R.customsInvoices, icon: 'customs' },
      { route: R.customsCars, icon: 'customs' },
    ],
  },
  {
    label: 'Truck scheduler', entries: declared('Truck scheduler'),
  },
  {
    label: 'Partner', entries: [
      { route: R.partnerTickets, icon: 'ticket' },
      { route: R.partnerV3Tickets, icon: 'ticket' },
      { route: R.partnerShipments, icon: 'partner' },
      { route: R.partnerOrders, icon: 'partner' },
      { route: R.invitations, icon: 'invitation' },
    ],
  },
  {
    label: 'Configuration', open: true, entries: [
      { route: R.configUser, icon: 'user', count: 'user' },
      { route: R.configParties, icon: 'party', count: 'party' },
      { route: R.configFacilities, icon: 'facility', count: 'facility' },
      { route: R.configProducts, icon: 'product', count: 'product' },
      { route: R.configContracts, icon: 'contract' },
      { route: R.configBol, icon: 'document' },
      { route: R.configCodeGenerators, icon: 'settings' },
      { route: R.configCertificateTypes, icon: 'settings' },
      { route: R.configRisers, icon: 'settings' },
      { route: R.configRailRates, icon: 'settings' },
      { route: R.configForms, icon: 'form' },
      { route: R.configAdditionalFields, icon: 'settings' },
      { route: R.configRoles, icon: 'user' },
      { route: R.configAdmin, icon: 'settings' },
      { route: R.configErp, icon: 'settings' },
      { route: R.configAuditChanges, icon: 'document' },
      { route: R.configAuditRequests, icon: 'document' },
      { route: R.applicationConfiguration, icon: 'settings' },
    ],
  },
  { label: ACCOUNT_SECTION, entries: [{ route: R.profile, icon: 'account' }] },
  {
    label: 'Terminal (v2)', older: true, entries: [
      { route: R.tbV2Tickets, icon: 'ticket', label: 'Tickets' },
      { route: R.tbV2Products, icon: 'product', label: 'Products' },
      { route: R.tbV2Locations, icon: 'facility', label: 'Locations' },
      { route: R.tbV2Companies, icon: 'party', label: 'Companies' },
      { route: R.tbV2Drivers, icon: 'user', label: 'Drivers' },
      { route: R.tbV2Allocations, icon: 'contract', label: 'Allocations' },
    ],
  },
];

/** Counts beside menu entries only on wide windows (docs/shell.md, Navigation: above 1020 px). */
export const MENU_COUNT_MIN_WIDTH = 1021;
