/**
 * The side menu: sections of entries pointing at routes of the table. An entry shows only when the
 * user passes its route's guard (docs/shell.md, Permissions: permissions and menu access codes); a section without
 * visible entries is hidden. `count` names a resource whose count is shown beside the entry.
 */
import type { RouteDef } from './define-route';
import { ROUTES, V3_ROUTES } from './table';

export type MenuIcon =
  | 'home' | 'dashboard' | 'contract' | 'shipment' | 'trace' | 'fleet' | 'report' | 'document' | 'terminal'
  | 'ticket' | 'gauge' | 'invoice' | 'customs' | 'scheduler' | 'partner' | 'invitation' | 'user' | 'party'
  | 'facility' | 'product' | 'settings' | 'form';

export interface MenuEntry { route: RouteDef; icon: MenuIcon; label?: string; count?: string }
export interface MenuSection { label: string | null; entries: MenuEntry[]; /** Unfolded until the user folds it. */ open?: boolean }

const R = ROUTES;

/** A generated v3 list route (`company/terminalboss/v3/{slug}/`). */
const v3 = (slug: string): RouteDef => {
  const found = V3_ROUTES.find((r) => r.path === `company/terminalboss/v3/${slug}/`);
  if (!found) throw new Error(`No v3 route ${slug}`);
  return found;
};

export const MENU: MenuSection[] = [
  { label: null, entries: [{ route: R.home, icon: 'home' }, { route: R.dashboard, icon: 'dashboard' }] },
  {
    label: 'Configuration', open: true, entries: [
      { route: R.configUser, icon: 'user', count: 'user' },
      { route: R.configParties, icon: 'party', count: 'party' },
      { route: R.configFacilities, icon: 'facility', count: 'facility' },
      { route: R.configProducts, icon: 'product', count: 'product' },
      { route: R.configContracts, icon: 'contract' },
      { route: R.configBol, icon: 'document' },
      { route: R.configCodeGenerators, icon: 'settings' },
      { route: R.configRisers, icon: 'settings' },
      { route: R.configRailRates, icon: 'settings' },
      { route: R.configForms, icon: 'form' },
      { route: R.configRoles, icon: 'user' },
      { route: R.applicationConfiguration, icon: 'settings' },
    ],
  },
  {
    label: 'Rail', entries: [
      { route: R.contracts, icon: 'contract' },
      { route: R.facilities, icon: 'shipment' },
      { route: R.traceOverview, icon: 'trace' },
      { route: R.traceCarHistory, icon: 'trace' },
      { route: R.fleet, icon: 'fleet' },
      { route: R.fleetCarsTable, icon: 'fleet', label: 'Fleet cars', count: 'car' },
      { route: R.reports, icon: 'report' },
      { route: R.massBalance, icon: 'report' },
      { route: R.bolList, icon: 'document' },
      { route: R.gaugeTable, icon: 'gauge' },
    ],
  },
  {
    label: 'Terminal', entries: [
      { route: R.tbDashboard, icon: 'terminal' },
      { route: R.tbTickets, icon: 'ticket', count: 'terminalboss/v3/ticket' },
      { route: R.tbWasteTicket, icon: 'ticket', label: 'Waste disposal' },
      { route: R.tbUnattachedFiles, icon: 'document' },
      { route: R.tbOverview, icon: 'terminal' },
    ],
  },
  {
    label: 'Terminal master data', entries: [
      { route: R.tbProducts, icon: 'product', count: 'terminalboss/v3/product' },
      { route: R.tbGipProduct, icon: 'product' },
      { route: v3('location'), icon: 'facility', count: 'terminalboss/v3/location' },
      { route: v3('site'), icon: 'terminal' },
      { route: v3('company'), icon: 'party' },
      { route: v3('vehicle'), icon: 'fleet', count: 'terminalboss/v3/vehicle' },
      { route: v3('driver'), icon: 'user', count: 'terminalboss/v3/driver' },
      { route: v3('staff'), icon: 'user' },
      { route: v3('user'), icon: 'user', label: 'Terminal users' },
      { route: v3('certification'), icon: 'document' },
      { route: v3('gcanalysis'), icon: 'gauge' },
      { route: v3('route'), icon: 'trace' },
      { route: v3('useraccess'), icon: 'settings' },
    ],
  },
  {
    label: 'Terminal (v2)', entries: [
      { route: R.tbV2Tickets, icon: 'ticket', label: 'Tickets' },
      { route: R.tbV2Products, icon: 'product', label: 'Products' },
      { route: R.tbV2Locations, icon: 'facility', label: 'Locations' },
      { route: R.tbV2Companies, icon: 'party', label: 'Companies' },
      { route: R.tbV2Drivers, icon: 'user', label: 'Drivers' },
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
    label: 'Truck scheduler', entries: [
      { route: R.schedulerSlots, icon: 'scheduler' },
      { route: R.schedulerLocations, icon: 'scheduler' },
      { route: R.schedulerTemplates, icon: 'scheduler' },
    ],
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
];

/** Counts beside menu entries only on wide windows (docs/shell.md, Navigation: above 1020 px). */
export const MENU_COUNT_MIN_WIDTH = 1021;
