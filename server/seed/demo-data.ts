/** Demo data: a rail-served terminal company, its partner, and a user per role. */

export const DEMO_PASSWORD = 'demo12345';

export const COMPANIES = [
  { key: 'terminal', name: 'Prairie Bulk Terminals Ltd.', code: 'PBT', company_type: 'terminal', address: '11020 Petroleum Way, Fort Saskatchewan AB T8L 3T1', country: 'CA', tax_number: '84512 6789 RT0001',
    features: [{ name: 'rail', subscribed: true }, { name: 'terminalboss', subscribed: true }, { name: 'scheduler', subscribed: true }, { name: 'invoicing', subscribed: true }, { name: 'customs', subscribed: true }] },
  { key: 'partner', name: 'Northern Refining Partners Inc.', code: 'NRP', company_type: 'partner', address: '400 3 Ave SW, Calgary AB T2P 4H2', country: 'CA',
    features: [{ name: 'rail', subscribed: true }, { name: 'partner', subscribed: true }] },
] as const;

const tb = (...models: string[]) => models.map((m) => `terminalboss.${m}`);
/** Terminal master data an operator looks up while keying tickets. */
const TERMINAL_MASTER_DATA = tb(
  'site', 'measurementunit', 'companytype', 'company', 'companytypetable', 'companyhierarchy', 'product', 'gipproduct', 'location', 'locationproduct',
  'vehicle', 'driver', 'staff', 'gcanalysis', 'certification', 'certificatetype', 'usercertification', 'companycertification', 'vehiclecertification',
  'user', 'person', 'personcompany', 'route', 'limit', 'limitperiod', 'limitproperties', 'allocation', 'transferlimit',
);
// Tank gaugings go with the tickets: the operators who key loads gauge the tanks (docs/terminal.md, Mass balance).
const TICKETS = tb('ticket', 'ticketentry', 'ticketproperty', 'ticketattachment', 'ticketwastedisposal', 'unattachedfile', 'tankgauging');
/** The own-rows codenames a driver holds: his tickets (and their parts) and his driver record. */
export const DRIVER_OWN_ROWS = ['view_own_ticket', 'view_own_ticketentry', 'view_own_ticketproperty', 'view_own_ticketattachment', 'view_own_driver'];
/** The rail models a dispatcher reads, and the rail menu codes he holds (docs/rail.md §5.2). */
export const DISPATCH_RAIL_VIEWS = ['rail.contract'];
/** The rail models a dispatcher plans with (view, add, change and delete days; docs/rail.md §5.2). */
export const DISPATCH_RAIL_PLANS = ['rail.railshippingschedule', 'rail.railshippingscheduleentry'];
export const DISPATCH_RAIL_CODES = ['access_menu__contract', 'access_menu__contract_shipments', 'access_menu__gauge_table'];
/** The rail models a dispatcher ships and loads with (shipments, cars, templates, waybills, gauge tables): view, add and change, never delete (docs/rail.md §5.2). */
export const DISPATCH_RAIL_SHIPS = ['rail.railshipment', 'rail.loadedrailcar', 'rail.railshipmenttemplate', 'rail.waybill', 'rail.railcargaugetable'];
/** The shipment's own codenames a dispatcher holds: every move but void, schedules, prints, mails and history. */
export const DISPATCH_SHIPMENT_CODES = ['ship_railshipment', 'cancel_railshipment', 'correct_railshipment', 'assign_contract', 'print_railshipment', 'email_railshipment', 'can_view_railshipment_history'];
/** What an operator does at the loading rack: loads cars (view, add, change) and prints; he reads shipments. */
export const OPERATOR_RAIL_LOADS = ['rail.loadedrailcar'];
export const OPERATOR_RAIL_VIEWS = ['rail.railshipment', 'rail.railcargaugetable'];
export const OPERATOR_RAIL_CODES = ['print_railshipment', 'access_menu__gauge_table'];
/** The fleet's cars and their history (docs/fleet.md), seen by operators and dispatchers; drivers do not see the fleet. */
export const FLEET_MODELS = ['fleet.car', 'fleet.carevent'];

/**
 * What each demo role may do: `verbs` on `models` (`*` = every model, platform models view-only),
 * `view` alone on `viewModels`, and the further codenames in `codes` (`*` = all of them).
 * Terminal (docs/terminal.md "Demo terminal"): Site Administration holds everything, including
 * `can_change_ticket_status` and `can_view_ticket_api_history`; operators key tickets and change
 * their status and look up master data; drivers see their own loads. Fleet: operators and dispatchers view
 * the cars and the car history; Site Administration also keys them.
 */
/** Track and trace (docs/trace.md): dispatchers read trips and match them to loads; operators read them. */
export const TRACE_MODELS = ['trace.trip'];
/** Bill of lading documents (docs/documents.md): dispatchers upload them and tie them to trips; operators read them. */
export const DOCUMENT_MODELS = ['documents.billoflading', 'documents.billofladingattachment'];
/**
 * The rail reference lists (docs/trace.md, Stations, rates and commodity codes): stations, rail
 * rates and STCCs, read by dispatchers and operators; Site Administration keeps the company's
 * stations and rates, and only platform staff the shared STCC list (PLATFORM_MODELS).
 */
export const RAIL_REFERENCE_MODELS = ['trace.railstation', 'trace.railrate', 'trace.stcc'];
/**
 * The truck scheduler (docs/scheduler.md, Who may): dispatchers book, move and cancel trucks, make
 * and block slots and send carriers booking links; operators read the schedule and move bookings
 * along (check in, loading, loaded, no-show); drivers read the slots. Site Administration also
 * keeps the locations and their templates.
 */
export const SCHEDULE_BOOKINGS = ['schedule.booking', 'schedule.slot'];
export const SCHEDULE_SETUP = ['schedule.schedulelocation', 'schedule.slottemplate', 'schedule.schedulecompany', 'schedule.bookinglink'];
/** Reports (docs/reports.md): dispatchers and operators build, run and schedule their own over what they may read. */
export const REPORT_MODELS = ['reports.report'];
/**
 * Rail invoicing (docs/invoicing.md, Who may): Site Administration prices, invoices, issues and
 * voids; dispatchers read the invoices, the cars waiting for one and the prices, to answer a
 * customer; operators, drivers and partners see none of it.
 */
export const INVOICE_VIEWS = ['invoice.invoice', 'invoice.invoiceitem', 'invoice.unitprice', 'invoice.invoiceproduct', 'invoice.invoiceproductcondition'];
export const INVOICE_VIEW_CODES = ['access_menu__invoice', 'access_menu__invoice_car', 'access_menu__invoice_price'];
/**
 * Customs (docs/invoicing.md, Customs: who may): dispatchers ship the cars, so they make the
 * customs invoices, send them to the broker and record the entry; voiding one stays with Site
 * Administration. They read the cross-border contracts whose terms the invoices take.
 */
export const CUSTOMS_WORK = ['customs.customsinvoice'];
export const CUSTOMS_VIEWS = ['customs.customsitem', 'terminalboss.crossbordercontract'];
export const CUSTOMS_CODES = ['access_menu__customs_forms', 'access_menu__customs_cars', 'send_customsinvoice'];
export const SCHEDULE_CODES = ['access_menu__truck_scheduler_slots', 'access_menu__truck_scheduler_locations'];
/**
 * Rail yards (docs/yard.md, Who may): dispatchers plan the yards and make switch lists; operators
 * are the crew that works them (they execute the moves); Site Administration keeps the yards and
 * their tracks. Drivers and partners see no yard.
 */
export const YARD_VIEWS = ['rail.railyard', 'rail.railyardtrack', 'rail.railyardcar', 'rail.railyardmove', 'rail.railcarswitchlist'];

export const GROUP_RULES: Record<string, { models: string[] | '*'; verbs: string[]; codes: string[]; viewModels?: string[]; more?: { models: string[]; verbs: string[] }[] }> = {
  'Site Administration': { models: '*', verbs: ['view', 'add', 'change', 'delete'], codes: ['*'] },
  // Rail (docs/rail.md §5.2): dispatchers view contracts; they plan and ship, but neither edit contracts nor configure numbering.
  'Carrier/Dispatch': {
    models: DISPATCH_RAIL_PLANS, verbs: ['view', 'add', 'change', 'delete'],
    more: [
      { models: DISPATCH_RAIL_SHIPS, verbs: ['view', 'add', 'change'] }, { models: TRACE_MODELS, verbs: ['view', 'change'] }, { models: DOCUMENT_MODELS, verbs: ['view', 'add', 'change', 'delete'] },
      { models: SCHEDULE_BOOKINGS, verbs: ['view', 'add', 'change'] }, { models: REPORT_MODELS, verbs: ['view', 'add', 'change', 'delete'] },
      { models: CUSTOMS_WORK, verbs: ['view', 'add', 'change'] },
    ],
    viewModels: ['logistics.party', 'logistics.facility', 'logistics.product', 'accounts.applicationconfiguration', ...FLEET_MODELS, ...DISPATCH_RAIL_VIEWS, ...RAIL_REFERENCE_MODELS, ...SCHEDULE_SETUP, ...INVOICE_VIEWS, ...CUSTOMS_VIEWS, ...YARD_VIEWS],
    codes: ['access_menu__shipments', 'access_menu__fleet', 'access_menu__track_and_trace', 'can_view_car_history', 'can_view_trip_history', ...SCHEDULE_CODES, 'send_booking_links', 'access_menu__dashboard', 'access_menu__reports', 'configuration__parties',
      ...DISPATCH_RAIL_CODES, ...DISPATCH_SHIPMENT_CODES, 'can_view_record_history', ...INVOICE_VIEW_CODES, ...CUSTOMS_CODES, 'plan_railyard', 'switch_railyard'],
  },
  // A driver reads his own loads and his own driver record (docs/terminal.md, Drivers), and the
  // products he hauls; the names of the sites and parties on his tickets come with them.
  Driver: {
    models: ['logistics.product', 'logistics.facility', 'accounts.applicationconfiguration', 'schedule.slot', 'schedule.schedulelocation'], verbs: ['view'],
    viewModels: tb('product'),
    codes: ['access_menu__truck_scheduler_slots', 'access_menu__v3__overview', 'access_menu__v2__overview', 'access_menu__dashboard', ...DRIVER_OWN_ROWS],
  },
  Operator: {
    models: ['logistics.party', 'logistics.facility', 'logistics.product', 'accounts.applicationconfiguration', ...TICKETS, ...OPERATOR_RAIL_LOADS], verbs: ['view', 'add', 'change'],
    more: [{ models: ['schedule.booking'], verbs: ['view', 'change'] }, { models: REPORT_MODELS, verbs: ['view', 'add', 'change', 'delete'] }],
    viewModels: [...TERMINAL_MASTER_DATA, ...FLEET_MODELS, ...TRACE_MODELS, ...DOCUMENT_MODELS, ...DISPATCH_RAIL_PLANS, ...OPERATOR_RAIL_VIEWS, ...RAIL_REFERENCE_MODELS, 'schedule.slot', 'schedule.schedulelocation', ...YARD_VIEWS],
    codes: [...OPERATOR_RAIL_CODES, ...SCHEDULE_CODES, 'access_menu__shipments', 'access_menu__fleet', 'access_menu__track_and_trace', 'can_view_car_history', 'can_view_trip_history', 'access_menu__dashboard', 'access_menu__reports', 'access_menu__v3__overview', 'access_menu__v2__overview',
      'configuration__parties', 'configuration__facilities', 'configuration__products', 'can_change_ticket_status', 'show_save_button', 'can_view_record_history', 'access_menu__gip_mass_balance', 'switch_railyard'],
  },
};

export const USERS = [
  { email: 'admin@demo.test', name: 'Avery Admin', company: 'terminal', superuser: true, role: null },
  { email: 'siteadmin@demo.test', name: 'Sam Siteadmin', company: 'terminal', superuser: false, role: 'Site Administration' },
  { email: 'dispatcher@demo.test', name: 'Dana Dispatcher', company: 'terminal', superuser: false, role: 'Carrier/Dispatch' },
  { email: 'driver@demo.test', name: 'Drew Driver', company: 'terminal', superuser: false, role: 'Driver' },
  { email: 'operator@demo.test', name: 'Olivia Operator', company: 'terminal', superuser: false, role: 'Operator' },
  { email: 'partner@partner.test', name: 'Pat Partner', company: 'partner', superuser: false, role: 'Site Administration' },
] as const;

export const PARTIES = [
  { name: 'Canadian National Railway', code: 'CN', party_type: 'railroad', scac: 'CN', city: 'Montreal', province: 'QC', country: 'CA' },
  { name: 'CPKC', code: 'CPRS', party_type: 'railroad', scac: 'CPRS', city: 'Calgary', province: 'AB', country: 'CA' },
  { name: 'BNSF Railway', code: 'BNSF', party_type: 'railroad', scac: 'BNSF', city: 'Fort Worth', province: 'TX', country: 'US' },
  { name: 'Gulf Coast Refining LLC', code: 'GCR', party_type: 'consignee', city: 'Port Arthur', province: 'TX', country: 'US', email: 'receiving@gulfcoast.example' },
  { name: 'Great Lakes Propane Co.', code: 'GLP', party_type: 'consignee', city: 'Sarnia', province: 'ON', country: 'CA' },
  { name: 'Pacific Ag Exports', code: 'PAE', party_type: 'consignee', city: 'Vancouver', province: 'BC', country: 'CA' },
  { name: 'Border Customs Brokers Inc.', code: 'BCB', party_type: 'customs_broker', city: 'Coutts', province: 'AB', country: 'CA', phone: '+1 403 555 0142' },
  { name: 'Prairie Bulk Terminals Ltd.', code: 'PBT-SHIP', party_type: 'shipper', city: 'Fort Saskatchewan', province: 'AB', country: 'CA' },
  { name: 'Keystone Freight Audit', code: 'KFA', party_type: 'freight_payer', city: 'Winnipeg', province: 'MB', country: 'CA' },
  { name: 'Sweetgrass Customs Brokerage LLC', code: 'SCB', party_type: 'customs_broker', address: '1 Port of Entry Rd', city: 'Sweetgrass', province: 'MT', postal_code: '59484', country: 'US', phone: '+1 406 555 0177', email: 'entries@sweetgrass-customs.example' },
] as const;

export const FACILITIES = [
  { name: 'Fort Saskatchewan Terminal', code: 'FSK', facility_type: 'terminal', splc: '792410', railroad: 'CN', city: 'Fort Saskatchewan', province: 'AB', latitude: '53.712900', longitude: '-113.213300' },
  { name: 'Hardisty Rail Terminal', code: 'HRD', facility_type: 'terminal', splc: '793640', railroad: 'CPRS', city: 'Hardisty', province: 'AB', latitude: '52.675200', longitude: '-111.303900' },
  { name: 'Scotford Rail Yard', code: 'SCY', facility_type: 'rail_yard', splc: '792415', railroad: 'CN', city: 'Fort Saskatchewan', province: 'AB', latitude: '53.774100', longitude: '-113.116200' },
  { name: 'Edmonton Transload', code: 'ETL', facility_type: 'transload', splc: '792000', railroad: 'CPRS', city: 'Edmonton', province: 'AB', latitude: '53.546100', longitude: '-113.493800' },
] as const;

/**
 * The US buyers' plants the demo's export sales deliver to (docs/invoicing.md, Customs demo data): their
 * cars cross the border, so they wait for customs papers. By the buyer's party code.
 */
export const DELIVERY_FACILITIES = [
  { buyer: 'GCR', name: 'Gulf Coast Refining Port Arthur', code: 'PAR', facility_type: 'plant', splc: '674150', railroad: 'BNSF', city: 'Port Arthur', province: 'TX', latitude: '29.885000', longitude: '-93.940000', timezone: 'America/Chicago' },
  { buyer: 'GPP', name: 'Gulf Petrochemical Mont Belvieu', code: 'MBV', facility_type: 'plant', splc: '673820', railroad: 'BNSF', city: 'Mont Belvieu', province: 'TX', latitude: '29.847000', longitude: '-94.891000', timezone: 'America/Chicago' },
] as const;

/**
 * Hazardous products carry their proper shipping name and the company's 24-hour emergency telephone
 * (a demo number), as a bill of lading prints them; a product with an ERAP number the telephone that
 * activates the plan (a demo number too). The further entries (docs/rail.md §10.7, §13): methanol's
 * subsidiary class 6.1 and, with sulphuric acid, RQ (both are hazardous substances, and one tank car
 * holds far more than the reportable quantity; their shipping names name them); molten sulphur is
 * shipped hot, but its name says so, so no HOT is printed. Crude oil, diesel, propane and butane are
 * not hazardous substances (petroleum and natural gas liquids are excluded, benzene in crude too), and
 * none of the products is a marine pollutant or poisonous by inhalation.
 */
export const PRODUCTS = [
  { name: 'Petroleum Crude Oil', code: 'CRUDE', stcc: '4910165', harmonizedCode: '2709.00', unCode: 'UN1267', class: '3', packingGroup: 'I', cas: '8002-05-9', density: '0.8700', commodity_group: 'crude', shipping_name: 'PETROLEUM CRUDE OIL', emergency_phone: '+1 780-555-0147', erap_number: '2-1027', erap_phone: '+1 780-555-0148', color: '#3b3b3b' },
  { name: 'Propane', code: 'C3', stcc: '4905781', harmonizedCode: '2711.12', unCode: 'UN1075', class: '2.1', packingGroup: null, cas: '74-98-6', density: '0.5080', shipping_name: 'PETROLEUM GASES, LIQUEFIED', emergency_phone: '+1 780-555-0147', erap_number: '2-0101', erap_phone: '+1 780-555-0148', color: '#1f77b4' },
  { name: 'Butane', code: 'C4', stcc: '4905782', harmonizedCode: '2711.13', unCode: 'UN1011', class: '2.1', packingGroup: null, cas: '106-97-8', density: '0.5840', shipping_name: 'BUTANE', emergency_phone: '+1 780-555-0147', erap_number: '2-0101', erap_phone: '+1 780-555-0148', color: '#17becf' },
  { name: 'Diesel Fuel', code: 'ULSD', stcc: '4915247', harmonizedCode: '2710.19', unCode: 'UN1202', class: '3', packingGroup: 'III', cas: '68476-34-6', density: '0.8450', commodity_group: 'refined', shipping_name: 'DIESEL FUEL', emergency_phone: '+1 780-555-0147', erap_number: null, color: '#ff7f0e' },
  { name: 'Methanol', code: 'MEOH', stcc: '4909230', harmonizedCode: '2905.11', unCode: 'UN1230', class: '3', packingGroup: 'II', cas: '67-56-1', density: '0.7920', shipping_name: 'METHANOL', subsidiary_classes: '6.1', rq: true, emergency_phone: '+1 780-555-0147', erap_number: '2-0550', erap_phone: '+1 780-555-0148', color: '#9467bd' },
  { name: 'Sulphur, Molten', code: 'SUL', stcc: '4945720', harmonizedCode: '2503.00', unCode: 'NA2448', class: '9', packingGroup: 'III', cas: '7704-34-9', density: '1.8000', shipping_name: 'SULFUR, MOLTEN', elevated_temperature: true, emergency_phone: '+1 780-555-0147', erap_number: null, color: '#bcbd22' },
  { name: 'Sulphuric Acid', code: 'H2SO4', stcc: '4930040', harmonizedCode: '2807.00', unCode: 'UN1830', class: '8', packingGroup: 'II', cas: '7664-93-9', density: '1.8300', shipping_name: 'SULFURIC ACID', rq: true, emergency_phone: '+1 780-555-0147', erap_number: '2-0340', erap_phone: '+1 780-555-0148', color: '#d62728' },
  { name: 'Canola Oil', code: 'CANOLA', stcc: '2092115', harmonizedCode: '1514.11', unCode: null, class: null, packingGroup: null, cas: '120962-03-0', density: '0.9150', shipping_name: null, emergency_phone: null, erap_number: null, color: '#2ca02c' },
  { name: 'Wheat', code: 'WHT', stcc: '0113710', harmonizedCode: '1001.99', unCode: null, class: null, packingGroup: null, cas: null, density: null, shipping_name: null, emergency_phone: null, erap_number: null, color: '#e7ba52' },
] as const;
