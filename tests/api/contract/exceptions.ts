/**
 * What the declarations cannot say and the contract suites need to know: rules that live in a
 * resource's hooks (server/actions/**). Each entry says why it exists; keep the table small, and
 * prefer a declaration (required, a pattern, a default) wherever one can say it.
 */
import type { Db } from '../../../server/db/connection';
import { notify } from '../../../server/notify/raise';
import type { Actor } from './world';
import type { Records } from './records';
import { registry } from '../../../src/resources/index';
import { TB_COMPANY, TB_CROSS_BORDER_CONTRACT, TB_SERVICE_CONTRACT, TB_SERVICE_CONTRACT_TICKET, TB_TICKET, TB_TICKET_INVOICE } from '../../../src/resources/terminal/common';
import { SWITCH_LIST, YARD, YARD_TRACK } from '../../../src/resources/yard/common';

export interface Fixture {
  why: string;
  /** An action run on the record a reference field points to once it is made (by field): e.g. an order sent before a nomination is made on it. */
  refActions?: Readonly<Record<string, { action: string; body?: Record<string, unknown> }>>;
  /** Optional fields that a valid record needs all the same (filled like required ones). */
  also?: readonly string[];
  /** Values for the record a reference field points to, by field (it is created with them). */
  refs?: Readonly<Record<string, Record<string, unknown>>>;
  /** Values a valid record needs together, by field (given instead of generated ones). */
  values?: Readonly<Record<string, unknown>>;
}

export const FIXTURES: Readonly<Record<string, Fixture>> = {
  waybill: {
    why: "a waybill's railroad is a railroad or carrier party (server/actions/rail/waybill.ts)",
    refs: { railroad: { party_type: 'railroad' } },
  },
  'terminalboss/v3/location': {
    why: 'the land rules need a name and a code unless a UWI names the location (server/actions/terminal/location-land.ts)',
    also: ['name', 'code'],
  },
  'terminalboss/v3/usercertification': {
    why: 'held by exactly one of a terminal user or a driver, and its certification must be of a user type (server/actions/terminal/certificates.ts)',
    also: ['user'],
    refs: { certification: { certificate_type: 'USR' } },
  },
  'terminalboss/v3/companycertification': {
    why: 'its certification must be of a company type (server/actions/terminal/certificates.ts)',
    refs: { certification: { certificate_type: 'COM' } },
  },
  car_event: {
    why: "a loaded release starts a trip, so the trip a test needs comes with the event (docs/trace.md, Trips)",
    also: ['loaded'],
    values: { event_code: 'W', loaded: true },
  },
  contract: {
    why: 'a contract ends on or after its start and runs at most 366 days; a whole year holds every generated date, so its schedule days fit it (server/actions/rail/contract-rules.ts, schedule.ts)',
    values: { start_date: '2025-01-01', end_date: '2025-12-31' },
  },
  rail_car_gauge_table: {
    why: 'a gauge table has at least two rows, the depth increasing and, for the default outage, the volume falling (src/lib/gauge-table.ts)',
    also: ['rows'],
    values: { rows: [{ depth: '0.00', volume: '100.00' }, { depth: '1.00', volume: '90.00' }] },
  },
  'partner/railorder': {
    why: "an order's window lies inside its contract (the world's shared contract runs through 2025) and takes no more cars than it has (server/actions/partner/orders.ts)",
    values: { start_date: '2025-01-01', end_date: '2025-01-31', number_of_cars: 1 },
  },
  'partner/railnomination': {
    why: 'a nomination is made on a sent order and is sent with at least one car on a day of its window (server/actions/partner/nominations.ts)',
    also: ['shipping_schedule'],
    values: { shipping_schedule: [{ date: '2025-01-02', quantity: 1 }] },
    refActions: { order: { action: 'send' } },
  },
  railstation: {
    why: "a station's zone is an IANA zone and its province one of its country's; its railroads are SCACs (server/actions/trace/rail-station.ts)",
    values: { timezone: 'America/Regina', country: 'CA', state_province: 'SK', railroads: ['CN'] },
  },
  railrate: {
    why: 'a rate names its commodity by STCC or product, runs over railroads named by SCAC and ends after it starts (server/actions/trace/rail-rate.ts)',
    also: ['stcc'],
    values: { stcc: '4930040', railroads: ['CN'], effective_from: '2025-01-01', effective_to: '2025-12-31' },
  },
  'terminalboss/v3/vehiclecertification': {
    why: 'its certification must be of a vehicle type (server/actions/terminal/certificates.ts)',
    refs: { certification: { certificate_type: 'VEH' } },
  },
  'schedule/slot': {
    why: "a slot ends after it starts, lasts at most a day and its day is its start's local date (America/Edmonton, the location's default zone); bookings are made only in slots that have not ended (server/actions/schedule/slot-rules.ts, booking-rules.ts)",
    values: { starts_at: '2030-01-02T16:00:00.000Z', ends_at: '2030-01-02T17:00:00.000Z', day: '2030-01-02' },
  },
  'schedule/booking': {
    why: "a booking names its carrier: one of the company's parties, or its name (server/actions/schedule/booking-rules.ts)",
    also: ['carrier_name'],
  },
  reports: {
    why: 'a report reads a source its writer may read, and its columns, groups and totals are column keys of it (server/reports/plan.ts); reports themselves are a source whoever writes them may read',
    values: { source: 'reports', columns: ['name'], group_by: [], totals: [] },
  },
  additional_fields: {
    why: 'a field is added to a resource that takes additional fields (docs/audit.md, Additional fields), under a fresh key',
    values: { model: 'product', kind: 'text' },
    also: ['model', 'kind'],
  },
  'terminalboss/v3/periodic-limit': {
    why: 'a limit on a volume or a weight names a unit of that kind; one counting loads needs none (server/actions/terminal/limits.ts)',
    values: { basis: 'load' },
    also: ['basis'],
  },
  unit_price: {
    why: "two prices of a party, invoice product and product never overlap, and a price's copy is the next period's, so it ends (server/actions/invoice/pricing-rules.ts)",
    values: { valid_from: '2025-01-01', valid_to: '2025-01-31' },
    also: ['valid_to'],
  },
  invoice: {
    why: 'an invoice is taxed by its party\'s province: a Canadian party needs one (server/actions/invoice/invoice-lines.ts)',
    refs: { party: { province: 'AB', country: 'CA' } },
  },
  erp_export: {
    why: 'a destination is complete for its kind (docs/erp.md): the generated one is a mailbox with its address',
    values: { destination: 'email', email_to: 'erp@example.com' },
    also: ['destination', 'email_to'],
  },
};

/**
 * Resources whose rows are never created, copied or deleted through the API, whatever the
 * permissions: the suite checks that those calls are refused with this status and change nothing.
 */
export const FIXED_ROWS: Readonly<Record<string, {
  why: string; refused: number; madeWith?: { resource: string; field: string };
  /**
   * Made by a collection action (POST), of this resource or of the one named `on`. Without `body`
   * it takes an uploaded file (in `file`): the suite sends its test PDF. With `body: 'input'` it
   * takes JSON derived from the action's declared input (with this resource's fixture). The new
   * record's id is answered under `idKey` (default `id`).
   */
  madeBy?: { action: string; on?: string; body?: 'input'; idKey?: string };
  /**
   * Changed only by its actions, never by a PATCH: the update case checks that a PATCH is refused
   * with `refused` and changes nothing, and that this detail action changes it (version +1).
   */
  changedBy?: { action: string; body: Record<string, unknown> };
  /** Made only by an action, but deleted as any record. */
  deletable?: boolean;
  /** A row exists once the actor has made one of this resource (an audit entry, a logged request). */
  after?: string;
  /** The server raises a row for the actor (a notification), as the areas do through their one function. */
  raise?: (db: Db, as: Pick<Actor, 'id' | 'company'>) => Promise<unknown>;
  /** Made through the API from other records the suite makes (an invoice from a priced ticket). */
  built?: (rec: Records, as: Actor) => Promise<unknown>;
}>> = {
  'terminalboss/v3/ticket-invoice': {
    why: 'an invoice is built from completed tickets that a service contract prices, by bulk_create_invoices/; a draft is deleted as any record (server/actions/terminal/ticket-invoices.ts)',
    refused: 400,
    deletable: true,
    built: async (rec, as) => {
      const shipper = await rec.refTarget(TB_COMPANY, as);
      const ticket = await rec.create(registry.get(TB_TICKET)!, as, { status: 'completed', shipper, ticket_date: '2025-06-01' });
      const contract = await rec.create(registry.get(TB_SERVICE_CONTRACT)!, as, { customer: shipper, effective_date: '2025-01-01', expiration_date: '2025-12-31' });
      await rec.create(registry.get(TB_SERVICE_CONTRACT_TICKET)!, as, { service_contract: contract.id, basis: 'load', unit_price: '10' });
      return rec.action(as, registry.get(TB_TICKET_INVOICE)!, 'bulk_create_invoices', { ticket_ids: [ticket.id] });
    },
  },
  'terminalboss/v3/ticket-invoice-line': {
    why: "an invoice's lines are written with it by the server, read only through the API (server/actions/terminal/ticket-invoices.ts)",
    refused: 404,
    madeWith: { resource: 'terminalboss/v3/ticket-invoice', field: 'invoice' },
  },
  invoice_item: {
    why: "an invoice's lines are made from shipped cars by invoice_cars/, read only through the API (server/actions/invoice/invoice-cars.ts)",
    refused: 404,
    built: async (rec, as) => {
      const made = (name: string, values: Record<string, unknown>) => rec.create(registry.get(name)!, as, values);
      const party = await rec.refTarget('party', as, { province: 'AB', country: 'CA' });
      const railroad = await rec.refTarget('party', as, { party_type: 'railroad', scac: 'CN' });
      const [origin, destination] = [await rec.refTarget('facility', as, { country: 'CA' }), await rec.refTarget('facility', as, { country: 'CA' })];
      const goods = await rec.refTarget('product', as, {});
      const shipment = await made('rail_shipment', { shipper: party, consignee: party, railroad, origin, destination, product: goods, ship_date: '2025-01-10' });
      const car = await made('loaded_rail_car', { rail_shipment: shipment.id, car_type: 'T', shell_capacity: '1000.00', volume_outage: '0.00', density: '1.0000' });
      await rec.recordAction(as, registry.get('rail_shipment')!, shipment.id, 'ship', {});
      const product = await made('invoice_product', { basis: 'per_car', unit: 'car' });
      await made('unit_price', { party, invoice_product: product.id, product: null, currency: 'CAD', price: '100', valid_from: '2025-01-01', valid_to: '2025-01-31' });
      return rec.action(as, registry.get('invoice')!, 'invoice_cars', { cars: [car.id], invoice_products: [product.id] });
    },
  },
  customs: {
    why: "a customs invoice is made from shipped cars crossing the border by create_invoice/, on a cross-border contract's terms, and sent only by send/; a draft is deleted as any record (server/actions/invoice/customs-make.ts, customs-rules.ts)",
    refused: 400,
    deletable: true,
    // A sale priced per barrel in US dollars, naming its cross-border contract; one car shipped from Canada into the US, whose broker the shipment names.
    built: async (rec, as) => {
      const made = (name: string, values: Record<string, unknown>) => rec.create(registry.get(name)!, as, values);
      const buyer = await rec.refTarget('party', as, { country: 'US' });
      const broker = await rec.refTarget('party', as, { party_type: 'customs_broker', country: 'US', email: `broker${rec.next()}@contract.test` });
      const railroad = await rec.refTarget('party', as, { party_type: 'railroad', scac: 'CN' });
      const [origin, destination] = [await rec.refTarget('facility', as, { country: 'CA' }), await rec.refTarget('facility', as, { country: 'US' })];
      const goods = await rec.refTarget('product', as, { harmonizedCode: '2709.00', density: '0.8500' });
      const terms = await made(TB_CROSS_BORDER_CONTRACT, { currency: 'USD' });
      const k = await made('contract', {
        contract_type: 'sale', status: 'active', party: buyer, product: goods, facility: origin, carrier: railroad,
        price: '75.50', price_unit: 'per_bbl', currency: 'USD', cross_border_contract: terms.id,
      });
      const [schedule] = await rec.get(as, `rail_schedule/list/?contract_id=${String(k.id)}`) as { id: number }[];
      const shipment = await rec.recordAction(as, registry.get('rail_schedule')!, schedule.id, 'create_shipment', { date: '2025-01-10' }) as { id: number; version: number };
      await rec.patch(as, registry.get('rail_shipment')!, shipment.id, { version: shipment.version, shipper: buyer, destination, custom_broker_us: broker });
      const car = await made('loaded_rail_car', { rail_shipment: shipment.id, car_type: 'T', shell_capacity: '1000.00', volume_outage: '0.00', density: '0.8500' });
      await rec.recordAction(as, registry.get('rail_shipment')!, shipment.id, 'ship', {});
      return rec.action(as, registry.get('customs')!, 'create_invoice', { cars: [car.id] });
    },
  },
  customs_item: {
    why: "a customs invoice's lines are its cars, written with it by create_invoice/, read only through the API (server/actions/invoice/customs-make.ts)",
    refused: 404,
    madeWith: { resource: 'customs', field: 'customs_invoice' },
  },
  'yard_management/rail_yard_car': {
    why: "a yard's cars are placed and taken by its actions (add_cars, remove_car, remove), never through the API's create, update or delete (server/actions/yard/yard-changes.ts)",
    refused: 404,
    built: (rec, as) => yardWithCars(rec, as),
  },
  'yard_management/rail_yard_move': {
    why: "a yard's history is written by the moves its actions make, never through the API (server/actions/yard/yard-state.ts)",
    refused: 404,
    built: (rec, as) => yardWithCars(rec, as),
  },
  rail_car_switch_list: {
    why: 'a switch list is made by make/ from a yard\'s layout and plan, and changes only by its steps done and cancel/ (server/actions/yard/switch-lists.ts)',
    refused: 404,
    built: async (rec, as) => {
      const { yard, to, layout } = await yardWithCars(rec, as);
      const planned = await rec.recordAction(as, registry.get(YARD)!, yard, 'move_cars', { cars: [layout.cars], to_track: to, scenario: 'planned', layout_version: layout.version }) as { yard: { layout_version: number } };
      return rec.action(as, registry.get(SWITCH_LIST)!, 'make', { yard, layout_version: planned.yard.layout_version });
    },
  },
  notification: {
    why: 'notifications are raised by the server for their user (server/notify/raise.ts), never through the API (docs/notifications.md)',
    refused: 404,
    raise: (db, as) => notify(db, as.company!, { users: [as.id] }, { kind: 'message', title: 'Contract suite notice' }),
  },
  'audit/crud': {
    why: 'the audit trail is written by the database as records change, never through the API (docs/audit.md)',
    refused: 404,
    after: 'product',
  },
  'audit/request': {
    why: 'the request log is written by the server as requests are answered, never through the API (docs/audit.md)',
    refused: 404,
    after: 'product',
  },
  permission: {
    why: 'permission rows are synchronised from the declarations at every start; only their name is edited (server/actions/accounts/hooks.ts)',
    refused: 400,
  },
  'partner/railcontract': {
    why: 'a view of the contracts shared with a partner: read only, written through the contract (src/resources/define.ts viewOf)',
    refused: 404,
  },
  trip: {
    why: "a trip is built from its car's events, never made or deleted through the API (server/actions/trace/trips.ts)",
    refused: 400,
    // A record of it is had by recording a loaded release, which starts one.
    madeWith: { resource: 'car_event', field: 'start_event' },
  },
  'partner/railshipment': {
    why: 'a view of the shipments on shared contracts: read only, written through the shipment (src/resources/define.ts viewOf)',
    refused: 404,
  },
  'partner/v3ticket': {
    why: 'a view of the terminal tickets shared with a partner: read only, written through the ticket (src/resources/define.ts viewOf)',
    refused: 404,
  },
  billoflading: {
    why: 'a bill of lading document is made by uploading its file (server/actions/documents/bills-of-lading.ts)',
    refused: 400,
    madeBy: { action: 'upload_bills_of_lading' },
    deletable: true,
  },
  billoflading_attachment: {
    why: "a document's files are added and removed through the document's actions (server/actions/documents/bills-of-lading.ts)",
    refused: 400,
    // A record of it is had by uploading a document, whose file it is.
    madeWith: { resource: 'billoflading', field: 'bill_of_lading' },
  },
  rail_schedule: {
    why: 'a schedule is made with its contract and goes with it (server/actions/rail/schedule.ts)',
    refused: 400,
    // A record of it is had by creating a contract and reading the contract's schedule.
    madeWith: { resource: 'contract', field: 'contract' },
  },
  'schedule/booking': {
    why: "a booking is made with create_booking/ and changed only by its actions, which take and give back its slot's loads and mail the carrier; it is cancelled, never deleted (server/actions/schedule/booking-rules.ts)",
    refused: 400,
    madeBy: { action: 'create_booking', body: 'input' },
    changedBy: { action: 'update_booking', body: { notes: 'Changed by the contract suite.' } },
  },
  'schedule/link': {
    why: "a booking link is made by the location's generate_token/, which shows its token once; only revoke/ changes it (server/actions/schedule/behaviours.ts)",
    refused: 400,
    madeBy: { action: 'generate_token', on: 'schedule/location', body: 'input', idKey: 'link' },
    changedBy: { action: 'revoke', body: {} },
    deletable: true,
  },
};

/**
 * Lifecycle moves that are made by an action rather than a PATCH, because the lifecycle field is
 * read-only (each move has its own checks and codename): per resource, per target state, the
 * action and its input. The final-state case moves the record with them, and, where the field is
 * read-only, only into the states listed here.
 */
export const MOVES_BY_ACTION: Readonly<Record<string, Readonly<Record<string, { why: string; action: string; body: Record<string, unknown>; by?: 'sharer' }>>>> = {
  rail_shipment: {
    cancelled: { why: 'a shipment moves only by its actions (server/actions/rail/shipments.ts)', action: 'cancel_shipment', body: { reason: 'Called off by the contract suite.' } },
  },
  'partner/railorder': {
    cancelled: { why: "an order moves only by its actions; the partner cancels it (server/actions/partner/orders.ts)", action: 'cancel', body: { reason: 'Called off by the contract suite.' } },
  },
  'partner/railnomination': {
    sent: { why: 'a nomination moves only by its actions; its partner sends it (server/actions/partner/nominations.ts)', action: 'send', body: {} },
    rejected: { why: "the contract's owner (the world's sharer) answers a sent nomination", action: 'reject', body: { reason: 'Rejected by the contract suite.' }, by: 'sharer' },
  },
  'partner/invitations': {
    revoked: { why: 'an invitation moves only by its actions (server/actions/partner/invitations.ts)', action: 'revoke-invitation', body: { reason: 'Revoked by the contract suite.' } },
  },
  'schedule/booking': {
    // Its nearest final state, no-show, is reached only once the slot has ended; the suite's slots are in 2030.
    cancelled: { why: 'a booking moves only by run_action/ and cancel_booking/, which takes a reason (server/actions/schedule/booking-actions.ts)', action: 'cancel_booking', body: { reason: 'Called off by the contract suite.' } },
  },
};

/**
 * The field a copy changes to be a valid record where the first member of a unique key would not
 * do: a loaded car copied onto another open shipment is the same car on two open shipments, so its
 * copy is another car (server/actions/rail/loaded-car-rules.ts).
 */
export const CLONE_CHANGES: Readonly<Record<string, { why: string; field: string }>> = {
  additional_fields: { why: 'a copy adds the same field to the same resource under another key (the resource is kept: a copy keeps its resource)', field: 'name' },
  loaded_rail_car: { why: 'a car is on one open shipment at a time (server/actions/rail/loaded-car-rules.ts)', field: 'car_number' },
  'terminalboss/v3/service-contract-ticket': { why: 'a contract charges a thing once for the same tickets (server/actions/terminal/service-contracts.ts)', field: 'description' },
  unit_price: { why: "a copy for another party keeps the period; a plain copy is the next period's (server/actions/invoice/pricing-rules.ts)", field: 'party' },
};

/** Resources whose records are not copied (their hook refuses it with 400): the copy case checks the refusal. */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  'partner/railnomination': 'a version is made from the one before it by revise/, never copied (server/actions/partner/nominations.ts)',
};

/**
 * Action cases that fail because of a fault outside the engine files this suite may fix (the
 * actions and their declarations are being reworked elsewhere). Each runs as `it.fails`: it must
 * keep failing, so the day it is fixed the suite says so and the entry goes. Keyed
 * `<resource>.<action>: <case>`; the value says what is wrong.
 */
export const KNOWN_FAULTS: Readonly<Record<string, string>> = {
};

/** A yard with two tracks and a car arrived on the first (a move in its history): what yard cars, moves and switch lists are made from. */
async function yardWithCars(rec: Records, as: Actor): Promise<{ yard: number; to: number; layout: { cars: string; version: number } }> {
  const yard = await rec.create(registry.get(YARD)!, as, { length_unit: 'ft', lead_length: null });
  const track = (name: string) => rec.create(registry.get(YARD_TRACK)!, as, { yard: yard.id, name, length: '500.00' });
  const [from, to] = [await track('A'), await track('B')];
  const car = `CNTX ${rec.next()}`;
  const after = await rec.recordAction(as, registry.get(YARD)!, yard.id, 'add_cars', { car_marks: [car], scenario: 'actual', track: from.id, layout_version: 0 }) as { yard: { layout_version: number } };
  return { yard: Number(yard.id), to: Number(to.id), layout: { cars: car, version: after.yard.layout_version } };
}
