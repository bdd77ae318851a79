/**
 * Which page each route of the table shows: the one module that imports pages (lazily). The route
 * table stays plain data that pages import for their links; only the app's root imports this, so
 * no page can reach itself through the routes. A route without an entry shows "not built yet".
 */
import type { PageLoader, RouteDef } from './routes/define-route';
import { ROUTES, type RouteKey } from './routes/table';
import { terminalPage } from './custom/terminal/pages';

const PAGES: Partial<Record<RouteKey, PageLoader>> = {
  login: () => import('./pages/auth/LoginPage'),
  loginRedirect: () => import('./pages/auth/LoginRedirect'),
  passwordReset: () => import('./pages/auth/PasswordResetRequest'),
  passwordResetConfirm: () => import('./pages/auth/PasswordResetConfirm'),
  invitationLink: () => import('./pages/auth/InvitationPage'),
  bookingLink: () => import('./custom/scheduler/BookingLinkPage'),
  schedulerSlots: () => import('./custom/scheduler/SlotsPage'),
  schedulerLocations: () => import('./custom/scheduler/LocationsPage'),
  schedulerTemplates: () => import('./custom/scheduler/TemplatesPage'),
  schedulerTemplate: () => import('./custom/scheduler/TemplatePage'),
  schedulerLocationOverview: () => import('./custom/scheduler/LocationPage'),
  schedulerLocationSchedule: () => import('./custom/scheduler/LocationPage'),
  schedulerLocationSlots: () => import('./custom/scheduler/LocationPage'),
  schedulerLocationNotifications: () => import('./custom/scheduler/LocationPage'),
  home: () => import('./pages/home/HomeDashboard'),
  unauthorized: () => import('./pages/Unauthorized'),
  traceCarHistory: () => import('./custom/fleet/CarHistoryPage'),
  fleetCarsTable: () => import('./custom/fleet/FleetCarsPage'),
  configUser: () => import('./pages/config/ConfigUsers'),
  configParties: () => import('./pages/config/ConfigParties'),
  configFacilities: () => import('./pages/config/ConfigFacilities'),
  configProducts: () => import('./pages/config/ConfigProducts'),
  configRailRates: () => import('./pages/config/ConfigRailRates'),
  configCertificateTypes: () => import('./pages/config/ConfigCertificateTypes'),
  configAuditChanges: () => import('./pages/config/ConfigAuditChanges'),
  configAuditChange: () => import('./pages/config/AuditEntryPage'),
  configAuditRequests: () => import('./pages/config/ConfigAuditRequests'),
  userNotifications: () => import('./pages/user/NotificationsPage'),
  contracts: () => import('./custom/rail/contract/ContractsPage'),
  contractList: () => import('./custom/rail/contract/ContractListPage'),
  contractHome: () => import('./custom/rail/contract/ContractDashboardPage'),
  contract: () => import('./custom/rail/contract/ContractPage'),
  contractConnect: () => import('./custom/rail/contract/ConnectPage'),
  railShip: () => import('./custom/rail/shipment/ShipmentPage'),
  railLoadCar: () => import('./custom/rail/shipment/LoadCarPage'),
  bolContractHistory: () => import('./custom/rail/history/BolContractHistoryPage'),
  railBols: () => import('./custom/rail/shipment/BolsPage'),
  gaugeTable: () => import('./custom/rail/gauge/GaugeTablesPage'),
  gaugeTool: () => import('./custom/rail/gauge/GaugeToolPage'),
  printBol: () => import('./custom/rail/shipment/PrintBolPage'),
  facilities: () => import('./custom/rail/facility/FacilitiesPage'),
  facilityScheduleTab: () => import('./custom/rail/facility/FacilityPage'),
  configBol: () => import('./custom/rail/config/BolNumberingPage'),
  configCodeGenerators: () => import('./custom/rail/config/CodeGeneratorsPage'),
  configCodeGenerator: () => import('./custom/rail/config/CodeGeneratorsPage'),
  invitations: () => import('./custom/partner/InvitationsPage'),
  invitationsIncoming: () => import('./custom/partner/IncomingInvitationsPage'),
  partnerOrders: () => import('./custom/partner/OrdersPage'),
  partnerOrder: () => import('./custom/partner/ContractOrdersPage'),
  partnerShipments: () => import('./custom/partner/ShipmentsPage'),
  partnerTickets: () => import('./custom/partner/TicketsPage'),
  partnerV3Tickets: () => import('./custom/partner/TicketsPage'),
  fleet: () => import('./custom/fleet/FleetOverviewPage'),
  traceOverview: () => import('./custom/trace/TraceOverviewPage'),
  traceTripsTable: () => import('./custom/trace/TripsPage'),
  traceTripsMap: () => import('./custom/trace/TripsMapPage'),
  traceTripHistory: () => import('./custom/trace/TripHistoryPage'),
  fleetCarsMap: () => import('./custom/fleet/CarsMapPage'),
  bolList: () => import('./custom/documents/BolListPage'),
  bolUpload: () => import('./custom/documents/BolUploadPage'),
  bolDetail: () => import('./custom/documents/BolDetailPage'),
  bolAttachment: () => import('./custom/documents/BolAttachmentPage'),
  traceTrip: () => import('./custom/trace/TripPage'),
  traceWaybills: () => import('./custom/trace/WaybillsPage'),
  traceWaybillNew: () => import('./custom/trace/WaybillPage'),
  traceWaybill: () => import('./custom/trace/WaybillPage'),
  profile: () => import('./pages/user/UserProfile'),
  dashboard: () => import('./custom/reports/DashboardPage'),
  massBalance: () => import('./custom/terminal/MassBalancePage'),
  reports: () => import('./custom/reports/ReportsPage'),
  reportNew: () => import('./custom/reports/ReportPage'),
  report: () => import('./custom/reports/ReportPage'),
  applicationConfiguration: () => import('./pages/user/ApplicationConfigurationPage'),
  configRoles: () => import('./custom/config/roles/RolesPage'),
  configAdmin: () => import('./custom/config/AdminPage'),
  configErp: () => import('./custom/config/ErpPage'),
  configRisers: () => import('./custom/config/RisersPage'),
  configContracts: () => import('./custom/config/ContractDefaultsPage'),
  configForms: () => import('./pages/config/ConfigForms'),
};

const byPath = new Map<string, PageLoader>(
  Object.entries(PAGES).map(([key, loader]) => [ROUTES[key as RouteKey].path, loader]),
);

/** The page of a route: a named page of the table, else the terminal screen its path maps to. */
export function pageOf(def: RouteDef): PageLoader | undefined {
  return byPath.get(def.path) ?? terminalPage(def.path);
}
