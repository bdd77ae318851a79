/**
 * The route table (docs/shell.md, Routes), in one place: path, breadcrumb label and required permissions.
 * Plain data that pages may import for their links: the pages themselves are attached by the page
 * registry (src/page-registry.ts), so no page module is reached from here. A route without a page
 * shows the "not built yet in this release" page inside the layout.
 * Parameter names decide their type (UUID -> string, Id -> number; see params.ts).
 */
import { route, type RouteDef } from './define-route';
import type { RouteAccess } from './guard';
import { scheduleTab } from './guard';
import { buildPath } from './params';
import { TERMINAL_SCREENS, screenOfPath } from './terminal-screens';
import { getResource } from '../resources/index';
import { TB_LOCATION, TERMINAL_FEATURE } from '../resources/terminal/common';
import { car } from '../resources/fleet/car';
import { carEvent } from '../resources/fleet/car-event';
import { contract } from '../resources/rail/contract';
import { RAIL_FEATURE } from '../resources/rail/common';
import { railShipment } from '../resources/rail/rail-shipment';
import { partnerRailContract } from '../resources/partner/rail-contract';
import { partnerRailShipment } from '../resources/partner/rail-shipment';
import { partnerTicket } from '../resources/partner/ticket';
import { scheduleLocation } from '../resources/schedule/location';
import { TB_ALLOCATION, transferLimit } from '../resources/terminal/allocation';
import { TB_PERIODIC_LIMIT } from '../resources/terminal/periodic-limit';
import { codename, contentType } from '../resources/define';
import { declaredScreenOf, screenAccess } from './declared-screens';

const code = (...anyCode: string[]): RouteAccess => ({ anyCode });
const perm = (model: string, ...codenames: string[]): RouteAccess => ({ required: { [model]: codenames } });
const both = (model: string, codename: string, ...anyCode: string[]): RouteAccess => ({ required: { [model]: [codename] }, anyCode });
/** A screen of a resource that belongs to a company feature: the guard asks for the subscription the server asks for. */
const featured = (feature: string | undefined, access: RouteAccess): RouteAccess => (feature ? { ...access, feature } : access);

const DASHBOARD = code('access_menu__dashboard');
const TRACE = code('access_menu__track_and_trace');
const TRIPS = featured(RAIL_FEATURE, both('trace.trip', 'view_trip', 'access_menu__track_and_trace'));
const FLEET = code('access_menu__fleet');
const CONTRACT_SCREENS = screenAccess(contract);
// The facility pages list shipments and their cars (docs/rail.md §11.7, §11.8): the shipment's guard (rail, view_railshipment, the menu code).
const FACILITY_SCREENS = screenAccess(railShipment);
// Every terminal screen, built or not, asks for the company's terminal subscription.
const V3 = featured(TERMINAL_FEATURE, code('access_menu__v3__overview'));
const V2 = featured(TERMINAL_FEATURE, code('access_menu__v2__overview'));
/** Bill of lading documents (docs/documents.md, Who may): the shipments menu and the right to read documents, in the rail subscription. */
const BOL = featured(RAIL_FEATURE, both('documents.billoflading', 'view_billoflading', 'access_menu__contract_shipments', 'access_menu__shipments'));
/** The gauge table screens: the menu code and the right to read gauge tables, which the server asks for. */
const GAUGE_TABLES = featured(RAIL_FEATURE, both('rail.railcargaugetable', 'view_railcargaugetable', 'access_menu__gauge_table'));
const SITE_ADMIN: RouteAccess = { role: 'Site Administration' };
/** An allocation's transfer limits: the v2 menu code and the right to read them, in the terminal subscription. */
const TRANSFER_LIMITS: RouteAccess = { ...screenAccess(transferLimit), anyCode: ['access_menu__v2__overview'] };
/** A schedule location's pages: its declared screens' guard. */
const SCHEDULE_LOCATIONS = screenAccess(scheduleLocation);
/** The partner order screens: the menu code, the rail subscription and the right to read shared contracts, as the server asks. */
const PARTNER_CONTRACTS = featured(RAIL_FEATURE, both(contentType(partnerRailContract), codename(partnerRailContract, 'view'), 'partner_rail_contracts'));
/** The partner's shipments: the same, with the right to read shared shipments. */
const PARTNER_SHIPMENTS = featured(RAIL_FEATURE, both(contentType(partnerRailShipment), codename(partnerRailShipment, 'view'), 'partner_rail_shipments'));
/** The partner's tickets (v2 and v3 screens of one view): the menu code and the right to read shared tickets; no subscription needed. */
const partnerTickets = (menuCode: string) => both(contentType(partnerTicket), codename(partnerTicket, 'view'), menuCode);

/** Terminal v3 screens not built yet: the route table keeps their places (list and record, by label). */
const V3_PLANNED: [string, string, string][] = [];

/** `Companies` -> `Company`, `Users` -> `User`: a screen label for one record. */
const singular = (label: string) => label.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

const tb = 'company/terminalboss';

/**
 * A terminal route: built screens (custom/terminal/screens.ts) need the menu code and the right to
 * read the entity's records as the server grants it (all of them, or a driver's own tickets); the
 * others keep the plain menu code (and get no page yet).
 */
function tbRoute<P extends string>(path: P, label: string, menu: RouteAccess) {
  const hit = screenOfPath(path);
  // The older v2 screens keep their own menu code; the v3 ones take what the resource declares.
  const codes = (hit && hit.kind !== 'v2' ? hit.screen.codes : undefined) ?? menu.anyCode ?? [];
  const access: RouteAccess = hit ? featured(TERMINAL_FEATURE, { reads: hit.screen.resource, anyCode: codes }) : menu;
  const record = hit && hit.kind !== 'v2' && path.includes(':entityUUID') ? hit.screen.resource : undefined;
  return route(path, { label, access, record });
}

/**
 * A route of a declared screen (declared-screens.ts): its guard is the resource's, and a record route
 * names the record its parameter holds, for the breadcrumb. A path no resource declares is a mistake.
 */
function declaredRoute<P extends string>(path: P, label: string) {
  const hit = declaredScreenOf(path);
  if (!hit) throw new Error(`No resource declares a screen at ${path}`);
  return route(path, { label, access: screenAccess(hit.resource), ...(hit.kind === 'record' ? { record: hit.resource.name } : {}) });
}

export const ROUTES = {
  // Auth: no layout, no session needed.
  login: route('auth/login/', { label: 'Sign in', public: true }),
  loginRedirect: route('auth/login/redirect/', { label: 'Signing in', public: true }),
  passwordReset: route('auth/password-reset/', { label: 'Reset password', public: true }),
  passwordResetConfirm: route('auth/password-reset/:uid/:token/', { label: 'Choose a new password', public: true }),
  invitationLink: route('auth/invitation/:invitationId/:token/', { label: 'Invitation', public: true }),

  home: route('', { label: 'Home' }),
  unauthorized: route('unauthorized/', { label: 'No access' }),

  // Company
  dashboard: route('company/dashboard/', { label: 'Dashboard', access: DASHBOARD }),
  massBalance: route('company/mass-balance-report/:reportDate?/:facilityUUID?/', { label: 'Mass balance report', access: featured(TERMINAL_FEATURE, code('access_menu__gip_mass_balance')) }),
  contracts: declaredRoute('company/contracts/:contractType?/', 'Contracts'),
  facilities: route('company/facilities/', { label: 'Shipments', access: FACILITY_SCREENS }),
  facilitiesInspection: route('company/facilities-inspection/', { label: 'Facility inspection', access: perm('rail.railcarinspectionform', 'view_railcarinspectionform') }),
  facilitiesRailyards: route('company/facilities-railyards/', { label: 'Rail yards', access: screenAccess(getResource('yard_management/rail_yard')) }),
  // The rail register of changes (docs/rail.md §11.11): the contract's history codename, in the rail subscription.
  bolContractHistory: route('company/history/bol_contract/', { label: 'BOL and contract history', access: featured(RAIL_FEATURE, perm('rail.contract', 'can_view_contract_history')) }),
  // The overview counts trips (docs/trace.md, Track and trace overview): the menu code and the right to read trips, in the rail subscription.
  traceOverview: route('company/trace/overview/', { label: 'Track and trace', access: TRIPS }),
  traceWaybills: declaredRoute('company/trace/waybills/', 'Waybills'),
  traceWaybillNew: declaredRoute('company/trace/waybills/new/', 'New waybill'),
  traceWaybill: declaredRoute('company/trace/waybills/:waybillId/', 'Waybill'),
  traceTripsTable: declaredRoute('company/trace/trips/table/', 'Trips'),
  traceTrip: declaredRoute('company/trace/trips/:tripId/', 'Trip'),
  traceTripsMap: route('company/trace/trips/map/', { label: 'Trips map', access: TRACE }),
  traceTripHistory: route('company/trace/history/trips/', { label: 'Trip history', access: featured(RAIL_FEATURE, both('trace.trip', 'view_trip', 'can_view_trip_history')) }),
  traceCarHistory: route('company/trace/history/cars/', {
    label: 'Car history', access: featured(carEvent.feature, both('fleet.carevent', 'view_carevent', 'can_view_car_history')),
  }),
  fleet: route('company/fleet/', { label: 'Fleet', access: featured(car.feature, both('fleet.car', 'view_car', 'access_menu__fleet')) }),
  fleetCarsTable: route('company/fleet/cars/table/', { label: 'Cars', access: featured(car.feature, both('fleet.car', 'view_car', 'access_menu__fleet')) }),
  fleetCarsMap: route('company/fleet/cars/map/', { label: 'Cars map', access: FLEET }),
  reports: declaredRoute('company/reports/', 'Reports'),
  reportNew: declaredRoute('company/reports/new/', 'New report'),
  report: declaredRoute('company/reports/:reportId/', 'Report'),
  bolList: route('company/documents/billoflading/list/', { label: 'Bills of lading', access: BOL }),
  bolUpload: route('company/documents/billoflading/upload/', { label: 'Upload bills of lading', access: BOL }),
  bolDetail: route('company/documents/billoflading/detail/', { label: 'Bill of lading', access: BOL }),
  bolAttachment: route('company/documents/billoflading/detail/attachment/', { label: 'Attachment', access: BOL }),

  // Terminal system
  // The dashboards (docs/terminal.md, Terminal dashboards) ask for the menu code and the right to read what they chiefly show.
  tbOverview: route(`${tb}/overview/`, { label: 'Terminal overview', access: featured(TERMINAL_FEATURE, { reads: TB_ALLOCATION, anyCode: ['access_menu__v2__overview'] }) }),
  tbDashboard: route(`${tb}/v3/dashboard/`, { label: 'Terminal dashboard', access: featured(TERMINAL_FEATURE, { reads: TB_PERIODIC_LIMIT, anyCode: ['access_menu__v3__overview'] }) }),
  tbContainerVolume: route(`${tb}/v3/dashboard/containervolumewidget/`, { label: 'Tank volumes', access: featured(TERMINAL_FEATURE, { reads: TB_LOCATION, anyCode: ['access_menu__v3__overview'] }) }),
  tbTickets: tbRoute(`${tb}/v3/ticket/`, 'Tickets', V3),
  tbTicket: tbRoute(`${tb}/v3/ticket/:entityUUID/`, 'Ticket', V3),
  tbWasteTicket: tbRoute(`${tb}/v3/ticketwastedisposal/:entityUUID?/`, 'Waste disposal ticket', V3),
  tbUnattachedFiles: tbRoute(`${tb}/v3/unattachedFiles/`, 'Unattached files', V3),
  tbProducts: tbRoute(`${tb}/v3/product/`, 'Products', V3),
  tbProductsTable: tbRoute(`${tb}/v3/product/table/`, 'Products table', V3),
  tbProductsTree: tbRoute(`${tb}/v3/product/tree/`, 'Products tree', V3),
  tbProduct: tbRoute(`${tb}/v3/product/:entityUUID/`, 'Product', V3),
  tbGipProduct: tbRoute(`${tb}/v3/gipproduct/`, 'GIP products', V3),
  tbProductForm: tbRoute(`${tb}/v3/product-form/`, 'Product form', V3),
  // Older v2 terminal screens
  tbV2Tickets: tbRoute(`${tb}/ticketview/table/`, 'Tickets (v2)', V2),
  tbV2Ticket: tbRoute(`${tb}/ticketview/:entityId/`, 'Ticket (v2)', V2),
  tbV2Drivers: tbRoute(`${tb}/driver/table/`, 'Drivers (v2)', V2),
  tbV2DriverCreate: tbRoute(`${tb}/driver/create/`, 'New driver (v2)', V2),
  tbV2Driver: tbRoute(`${tb}/driver/:entityId/`, 'Driver (v2)', V2),
  tbV2Products: tbRoute(`${tb}/product/table/`, 'Products (v2)', V2),
  tbV2Product: tbRoute(`${tb}/product/:entityId/`, 'Product (v2)', V2),
  tbV2Companies: tbRoute(`${tb}/company/table/`, 'Companies (v2)', V2),
  tbV2CompanyCreate: tbRoute(`${tb}/company/create/`, 'New company (v2)', V2),
  tbV2Company: tbRoute(`${tb}/company/:entityId/`, 'Company (v2)', V2),
  // Allocations exist only on the older screens (docs/terminal.md, Allocations); their transfer limits open inside them.
  tbV2Allocations: declaredRoute(`${tb}/allocation/table/`, 'Allocations (v2)'),
  tbV2AllocationCreate: declaredRoute(`${tb}/allocation/create/`, 'New allocation (v2)'),
  tbV2Allocation: declaredRoute(`${tb}/allocation/:entityId/`, 'Allocation (v2)'),
  tbV2TransferLimitCreate: route(`${tb}/allocation/:allocationId/transferlimit/create/`, { label: 'New transfer limit', access: TRANSFER_LIMITS }),
  tbV2TransferLimit: route(`${tb}/allocation/:allocationId/transferlimit/:entityId/`, { label: 'Transfer limit', access: TRANSFER_LIMITS, record: transferLimit.name }),
  tbV2Locations: tbRoute(`${tb}/location/table/`, 'Locations (v2)', V2),
  tbV2LocationCreate: tbRoute(`${tb}/location/create/`, 'New location (v2)', V2),
  tbV2Location: tbRoute(`${tb}/location/:entityId/`, 'Location (v2)', V2),

  // Contract
  // The contract screens ask what the contract's screen declares (docs/rail.md §11): the rail feature, view_contract and the menu code.
  contractHome: route('contract/', { label: 'Contract dashboard', access: CONTRACT_SCREENS }),
  contractList: route('contract/list/:partyFilter/:dateFilter/', { label: 'Contract list', access: CONTRACT_SCREENS }),
  yardManagement: route('contract/yard/:yardId/management/', { label: 'Yard management', access: screenAccess(getResource('yard_management/rail_yard')), record: 'yard_management/rail_yard' }),
  yardSwitchLists: route('contract/yard/:yardId/switchLists/', { label: 'Switch lists', access: screenAccess(getResource('yard_management/rail_yard')), record: 'yard_management/rail_yard' }),
  contractConnect: route('contract/connect/', { label: 'Connect contracts', access: CONTRACT_SCREENS }),
  contract: declaredRoute('contract/:contractId/', 'Contract'),

  // Configuration
  configUser: route('config/user/', { label: 'Users', access: both('accounts.user', 'view_user', 'configuration__user_administration') }),
  configParties: route('config/parties/', { label: 'Parties', access: both('logistics.party', 'view_party', 'configuration__parties') }),
  configFacilities: route('config/facilities/', { label: 'Facilities', access: both('logistics.facility', 'view_facility', 'configuration__facilities') }),
  configProducts: route('config/products/', { label: 'Products', access: both('logistics.product', 'view_product', 'configuration__products') }),
  configContracts: declaredRoute('config/contracts/', 'Contracts'),
  configAdmin: route('config/admin/', { label: 'Administration', access: SITE_ADMIN }),
  configRoles: route('config/roles/', { label: 'Roles', access: code('configuration__user_administration') }),
  configErp: declaredRoute('config/erp/', 'ERP'),
  configBol: declaredRoute('config/bol/', 'BOL numbers'),
  configCodeGenerators: declaredRoute('config/codeGenerators/', 'Code generators'),
  configCodeGenerator: declaredRoute('config/codeGenerators/:generatorId/', 'Code generator'),
  configCertificateTypes: declaredRoute('config/certificateTypes/', 'Certificate types'),
  configRisers: declaredRoute('config/risers/', 'Risers'),
  configAdditionalFields: declaredRoute('config/additionalFields/', 'Additional fields'),
  configRailRates: declaredRoute('config/railRates/', 'Rail rates'),
  configAuditChanges: declaredRoute('config/audit/changes/', 'Record changes'),
  configAuditChange: declaredRoute('config/audit/changes/:entryId/', 'Change'),
  configAuditRequests: declaredRoute('config/audit/requests/', 'Requests'),
  configForms: declaredRoute('config/list/', 'Forms'),

  // Facility
  facilitySchedule: route('facility/:facilityId/schedule/', {
    label: 'Schedule', access: FACILITY_SCREENS,
    redirect: (p) => buildPath('facility/:facilityId/schedule/:tabName/', { facilityId: p.facilityId, tabName: scheduleTab(globalThis.localStorage) }),
  }),
  facilityScheduleTab: route('facility/:facilityId/schedule/:tabName/', { label: 'Shipments at', access: FACILITY_SCREENS, record: 'facility' }),
  facilityInspection: route('facility/:facilityId/inspection-rail-car/', { label: 'Rail car inspection', access: perm('rail.railcarinspectionform', 'view_railcarinspectionform') }),

  // Rail
  railLoadCar: declaredRoute('rail/car/:railCarId?/', 'Load car'),
  railShip: declaredRoute('rail/ship/:shipmentId?/', 'Shipment'),
  // The BOL register (docs/rail.md §11.10): printing is its purpose, so the print codename opens it.
  // 01 §7: a bill of lading PDF opens in a new tab from here (docs/rail.md §10.3); whoever may print a shipment may open it.
  printBol: route('print/bol/:shipmentId/', { label: 'Bill of lading', bare: true, access: featured(RAIL_FEATURE, perm('rail.railshipment', 'print_railshipment')) }),
  railBols: route('rail/bols/', { label: 'Bills of lading', access: featured(RAIL_FEATURE, { required: { 'rail.railshipment': ['print_railshipment'] }, anyCode: ['access_menu__shipments'] }) }),
  gaugeTool: route('rail/gaugeTool/', { label: 'Gauge tool', access: GAUGE_TABLES }),
  gaugeTable: route('rail/gaugeTableView/', { label: 'Gauge tables', access: GAUGE_TABLES }),

  // Invoice
  // Rail invoicing (docs/invoicing.md, Screens): the declared screens, and the cars waiting for an invoice.
  invoices: declaredRoute('invoice/invoices/', 'Invoices'),
  invoice: declaredRoute('invoice/invoice/:targetInvoiceId/', 'Invoice'),
  invoiceCars: route('invoice/products/cars/', { label: 'Cars to invoice', access: { ...screenAccess(getResource('invoice')), anyCode: ['access_menu__invoice_car'] } }),
  invoicePrices: declaredRoute('invoice/pricing/prices/', 'Prices'),
  invoiceProducts: declaredRoute('invoice/invoice_products/', 'Invoice products'),

  // Customs
  // Customs (docs/invoicing.md, Customs screens): the declared screens, and the cars awaiting customs papers.
  customsInvoice: declaredRoute('customs/invoice/:targetInvoiceId/', 'Customs invoice'),
  customsInvoices: declaredRoute('customs/invoices/', 'Customs invoices'),
  customsCars: route('customs/cars/', { label: 'Customs cars', access: { ...screenAccess(getResource('customs')), anyCode: ['access_menu__customs_cars'] } }),

  // Truck scheduler
  schedulerSlots: declaredRoute('scheduler/slots/', 'Slots'),
  schedulerLocations: declaredRoute('scheduler/location/', 'Locations'),
  schedulerTemplates: declaredRoute('scheduler/template/', 'Templates'),
  schedulerTemplate: declaredRoute('scheduler/template/:templateId/', 'Template'),
  schedulerLocation: route('scheduler/location/:locationId/', {
    label: 'Location', access: SCHEDULE_LOCATIONS, record: scheduleLocation.name,
    redirect: (p) => buildPath('scheduler/location/:locationId/overview/', p),
  }),
  schedulerLocationOverview: declaredRoute('scheduler/location/:locationId/overview/', 'Overview'),
  schedulerLocationSchedule: route('scheduler/location/:locationId/schedule/', { label: 'Schedule', access: SCHEDULE_LOCATIONS, record: scheduleLocation.name }),
  schedulerLocationNotifications: route('scheduler/location/:locationId/notifications/', { label: 'Notifications', access: SCHEDULE_LOCATIONS, record: scheduleLocation.name }),
  schedulerLocationSlots: route('scheduler/location/:locationId/slots/', { label: 'Slots', access: SCHEDULE_LOCATIONS, record: scheduleLocation.name }),
  // The carrier's booking page: no session, the link's token in the address's fragment (docs/scheduler.md).
  bookingLink: route('book/', { label: 'Book a loading time', public: true }),

  // Partner
  partnerTickets: route('partner/ticketview/', { label: 'Partner tickets', access: partnerTickets('partner_tboss_v2_tickets') }),
  partnerV3Tickets: route('partner/v3ticket/', { label: 'Partner tickets (v3)', access: partnerTickets('partner_tboss_v3_tickets') }),
  partnerShipments: route('partner/shipments/', { label: 'Partner shipments', access: PARTNER_SHIPMENTS }),
  partnerOrders: route('partner/orders/', { label: 'Orders', access: PARTNER_CONTRACTS }),
  partnerOrder: route('partner/orders/:contractId/', { label: 'Contract orders', access: PARTNER_CONTRACTS }),
  invitations: route('partner/invitations/', { label: 'Invitations', access: code('access_menu__invitations') }),
  invitationsIncoming: route('partner/invitations/incoming/', { label: 'Incoming invitations', access: code('access_menu__invitations') }),

  // User
  profile: route('user/', { label: 'Profile' }),
  userNotifications: declaredRoute('user/notifications/', 'Notifications'),
  // The page is the company's settings form: it opens for those who may change them, not for view alone.
  applicationConfiguration: route('user/application_configuration/', {
    label: 'Application configuration', access: perm('accounts.applicationconfiguration', 'view_applicationconfiguration', 'change_applicationconfiguration'),
  }),

  // Forms
  formEditStructure: route('form/edit_structure/:formId?/', { label: 'Edit form structure', access: code('configuration__forms') }),
  formOpen: route('form/open/:formId?/', { label: 'Form', access: code('configuration__forms') }),

  // Yard management
  railcarInspection: route('yard-management/railcar-inspection/:railCarInspectionFormId?/:facilityId?/:formId?/:formDataId?/', {
    label: 'Rail car inspection', access: perm('rail.railcarinspectionform', 'view_railcarinspectionform'),
  }),
} satisfies Record<string, RouteDef>;

const written = new Set<string>(Object.values(ROUTES).map((r) => r.path));

/**
 * The v3 screens the resources declare (their list, record and form routes) that the table above
 * does not write out for extra routes of their own, and the planned ones.
 */
const V3_ENTITIES: [string, string, string][] = [
  ...TERMINAL_SCREENS.flatMap((s): [string, string, string][] => {
    const r = getResource(s.resource);
    const one = s.label ? singular(s.label) : r.label;
    return [[s.slug, s.label ?? r.pluralLabel, one], ...(s.form ? [[s.form, `${one} form`, `${one} form`] as [string, string, string]] : [])];
  }).filter(([slug]) => !written.has(`${tb}/v3/${slug}/`)),
  ...V3_PLANNED,
];

export const V3_ROUTES: RouteDef[] = V3_ENTITIES.flatMap(([slug, label, one]) => [
  tbRoute(`${tb}/v3/${slug}/`, label, V3),
  tbRoute(`${tb}/v3/${slug}/:entityUUID/`, one, V3),
]);

export type RouteKey = keyof typeof ROUTES;

export const ALL_ROUTES: RouteDef[] = [...Object.values(ROUTES), ...V3_ROUTES];

/** First path segment -> breadcrumb label of the group. */
export const GROUP_LABELS: Record<string, string> = {
  auth: 'Account', company: 'Company', contract: 'Contracts', facility: 'Facility', rail: 'Rail', invoice: 'Invoicing',
  partner: 'Partner', customs: 'Customs', scheduler: 'Truck scheduler', user: 'User', config: 'Configuration',
  form: 'Forms', 'yard-management': 'Yard management',
};
