/**
 * A rail shipment (docs/rail.md §4.3): the bill of lading's header, its parties, route and freight
 * terms, with its lifecycle (§3.2, src/resources/rail/rail-shipment-status.ts); and the shipment
 * template a user starts from (§4.5). Its rules beyond the declaration are in
 * server/actions/rail/shipment-rules.ts.
 */
import { defineResource } from '../define';
import { instant, int, listOf, maybe, obj, oneOf, recordOf, str } from '../answers';
import { bool, choice, date, datetime, decimal, integer, json, longText, ref, refs, tags, text } from '../fields';
import { shipmentStatus } from './rail-shipment-status';
import { LOADED_CAR_RECORDS, RAIL_HISTORY_ROW, railRecords } from './common';
import { MAX_BULK_CARS, PASTED_CARS, SCHEDULE_DAY } from './rail-schedule';

export const RAIL_SHIPMENT = 'rail_shipment';
export const RAIL_SHIPMENT_TEMPLATE = 'rail_shipment_template';
/** Bills of lading printed or mailed in one request (more than ten are a job). */
export const MAX_BOLS = 100;

export const FREIGHT_CHARGES = [['prepaid', 'Prepaid'], ['collect', 'Collect'], ['third_party', 'Third party']] as const;
export const BILLING_TYPES = [['Single', 'Single car'], ['Multiple', 'Multiple car'], ['Unit', 'Unit train']] as const;

/** The 20 parties of a bill of lading (02 §3), by form group. */
export const SHIPMENT_PARTIES = {
  Main: [['shipper', 'Shipper'], ['consignee', 'Consignee'], ['freight_payer', 'Freight payer'], ['ship_from', 'Ship from']],
  Delivery: [
    ['care_party', 'Care of'], ['pickup_party', 'Pickup party'], ['notify_party', 'Notify party'], ['notify_party_2', 'Notify party 2'],
    ['ultimate_consignee', 'Ultimate consignee'], ['monitoring_party', 'Monitoring party'], ['forwarder', 'Forwarder'],
  ],
  Accounts: [
    ['beneficial_owner', 'Beneficial owner'], ['account_of', 'Account of'], ['account_of_origin', 'Account of (origin)'],
    ['account_of_destination', 'Account of (destination)'],
  ],
  Customs: [
    ['custom_broker', 'Customs broker (Canada)'], ['custom_broker_us', 'Customs broker (US)'], ['custom_broker_mx', 'Customs broker (Mexico)'],
    ['importer', 'Importer'], ['exporter', 'Exporter'],
  ],
} as const;
export const PARTY_FIELDS: readonly string[] = Object.values(SHIPMENT_PARTIES).flat().map(([name]) => name);

/** A route as railroads and junctions alternating (`CN EMRSN BNSF`). */
export const ROUTING_PATTERN = {
  source: '[A-Za-z]{2,4}([ -]+[A-Za-z0-9]{1,9}[ -]+[A-Za-z]{2,4})*',
  message: 'Write the route as railroads and junctions: CN EMRSN BNSF.',
};

/** The fields a template keeps and a shipment is started from (docs/rail.md §4.5). */
export const TEMPLATE_FIELDS: readonly string[] = [
  ...PARTY_FIELDS, 'origin', 'destination', 'railroad', 'product', 'routing', 'accounting_rule_11', 'freight_charges', 'billing_type',
  'reference_number', 'contact_preferences',
];

const parties = Object.fromEntries(PARTY_FIELDS.map((name) => {
  const label = Object.values(SHIPMENT_PARTIES).flat().find(([n]) => n === name)![1];
  return [name, ref('party', { onDelete: 'restrict', label })];
}));
const reason = (label: string) => text({ max: 255, copy: false, label });

export const railShipment = defineResource({
  name: RAIL_SHIPMENT,
  label: 'Rail shipment',
  ...railRecords('railshipment'),
  timeZone: { path: ['origin', 'timezone'] },
  // One route makes and edits a shipment (docs/rail.md §11.9); its lists are the contract's and the facility's tabs.
  screen: { at: 'rail', slug: 'ship', codes: ['access_menu__shipments'], paths: { list: 'rail/ship/:shipmentId?/', record: 'rail/ship/:shipmentId?/' } },
  extraCodenames: {
    ship_railshipment: 'Can ship rail shipment',
    cancel_railshipment: 'Can cancel rail shipment',
    void_railshipment: 'Can void rail shipment',
    correct_railshipment: 'Can open rail shipment for correction',
    assign_contract: 'Can assign rail shipment to a schedule',
    print_railshipment: 'Can print rail shipment',
    email_railshipment: 'Can email rail shipment',
    can_view_railshipment_history: 'Can view rail shipment history',
  },
  fields: {
    shipment_number: text({ max: 30, readOnly: true, copy: false, label: 'Shipment number' }),
    status: shipmentStatus(),
    bol_number: text({ max: 30, readOnly: true, copy: false, label: 'BOL number' }),
    bol_revision: integer({ readOnly: true, copy: false, default: 0, max: 999, label: 'BOL revision', help: '0 = original; one more at each corrected bill of lading.' }),
    ship_date: date({ label: 'Ship date', help: 'The day the cars are released to the railroad.' }),
    shipped_at: datetime({ readOnly: true, copy: false, label: 'Shipped at' }),
    railroad: ref('party', { onDelete: 'restrict', label: 'Railroad', help: 'The origin carrier: a railroad or carrier party.' }),
    origin: ref('facility', { onDelete: 'restrict' }),
    destination: ref('facility', { onDelete: 'restrict' }),
    product: ref('product', { onDelete: 'restrict' }),
    routing: text({ max: 120, upper: true, pattern: ROUTING_PATTERN, help: 'Railroads and junctions: CN EMRSN BNSF.' }),
    accounting_rule_11: bool({ default: false, label: 'Rule 11', help: 'Each railroad bills its own part of the route.' }),
    freight_charges: choice(FREIGHT_CHARGES, { required: true, default: 'prepaid', label: 'Freight charges' }),
    billing_type: choice(BILLING_TYPES, { required: true, default: 'Multiple', label: 'Billing type' }),
    reference_number: text({ max: 40, label: 'Reference number', help: "The shipper's reference or PO." }),
    export_permit: text({ max: 40, label: 'Export permit' }),
    export_declaration: text({ max: 40, label: 'Export declaration' }),
    ...parties,
    is_master_billing: bool({ readOnly: true, default: false, label: 'Master billing' }),
    master_billing: ref(RAIL_SHIPMENT, { readOnly: true, onDelete: 'restrict', label: 'Master billing' }),
    schedule: ref('rail_schedule', { readOnly: true, onDelete: 'restrict' }),
    contract: ref('contract', { readOnly: true, onDelete: 'restrict' }),
    hazardous_certificate_person: text({ max: 120, trim: true, label: 'Dangerous goods certified by' }),
    // A tank car unloaded but not cleaned still carries the hazardous material (49 CFR 172.203(e)(2); docs/rail.md §10.7).
    residue: bool({
      default: false, label: 'Residue only',
      help: 'The cars are empty of the product but not cleaned: the bill of lading reads RESIDUE: LAST CONTAINED before the description.',
    }),
    contact_preferences: json({ readOnly: true, default: {}, label: 'Contact preferences' }),
    data: json({ default: {}, label: 'Integration data' }),
    cancel_reason: reason('Why cancelled'),
    void_reason: reason('Why void'),
    correction_reason: reason('Why corrected'),
    counted_cars: integer({ readOnly: true, copy: false, label: 'Counted cars' }),
    counted_date: date({ readOnly: true, copy: false, label: 'Counted on' }),
    car_count: integer({ computed: true, readOnly: true, label: 'Cars' }),
    net_volume_total: decimal({ digits: 14, places: 2, unit: 'USgal', computed: true, readOnly: true, label: 'Net volume' }),
    weight_total: decimal({ digits: 14, places: 1, unit: 'kg', computed: true, readOnly: true, label: 'Weight' }),
  },
  unique: [['company', 'shipment_number'], ['company', 'bol_number']],
  labelFields: [['shipment_number', 'id'], { field: 'bol_number', before: '(BOL ', after: ')' }],
  large: true,
  list: {
    columns: ['shipment_number', 'bol_number', 'status', 'ship_date', 'contract', 'shipper', 'consignee', 'origin', 'destination', 'product', 'car_count'],
    compact: ['shipment_number', 'status', 'ship_date'],
    search: ['shipment_number', 'bol_number', 'reference_number'],
    ordering: ['-ship_date', '-shipment_number'],
  },
  form: {
    sections: [
      { label: 'Route', fields: ['origin', 'destination', 'railroad', 'routing', 'accounting_rule_11', 'ship_date'] },
      { label: 'Parties', fields: SHIPMENT_PARTIES.Main.map(([n]) => n) },
      { label: 'More parties', fields: [...SHIPMENT_PARTIES.Delivery, ...SHIPMENT_PARTIES.Accounts, ...SHIPMENT_PARTIES.Customs].map(([n]) => n) },
      { label: 'Product', fields: ['product', 'residue', 'hazardous_certificate_person'] },
      { label: 'Freight and billing', fields: ['freight_charges', 'billing_type', 'reference_number', 'export_permit', 'export_declaration'] },
    ],
  },
  actions: {
    cancel_shipment: {
      on: 'detail', method: 'POST', permission: 'cancel_railshipment', label: 'Cancel', result: 'record', writes: ['status'],
      input: { reason: text({ required: true, max: 255, trim: true, label: 'Reason' }) },
    },
    ship: {
      on: 'detail', method: 'POST', permission: 'ship_railshipment', label: 'Ship', result: 'record',
      writes: ['status', 'shipped_at', 'bol_number', 'bol_revision', 'counted_cars', 'counted_date'],
      input: { hazardous_certificate_person: text({ max: 120, trim: true, label: 'Dangerous goods certified by', help: 'Needed for a hazardous product unless the shipment names one.' }) },
    },
    void_shipment: {
      on: 'detail', method: 'POST', permission: 'void_railshipment', label: 'Void', result: 'record', writes: ['status', 'counted_cars', 'counted_date'],
      input: { reason: text({ required: true, max: 255, trim: true, label: 'Reason' }) },
    },
    open_for_correction: {
      on: 'detail', method: 'POST', permission: 'correct_railshipment', label: 'Open for correction', result: 'record',
      writes: ['status', 'counted_cars', 'counted_date', 'correction_reason'],
      input: { reason: text({ max: 255, trim: true, label: 'Reason' }) },
    },
    history: { on: 'detail', method: 'GET', permission: 'can_view_railshipment_history', label: 'History', result: 'list', answer: RAIL_HISTORY_ROW },
    print: {
      on: 'detail', method: 'GET', permission: 'print_railshipment', label: 'Print BOL', result: 'file',
      input: {
        code: text({ max: 40, help: 'The template code: rail-bol-custom (the default).' }),
        version: integer({ min: 1, max: 100, help: "The template's version; left out: the latest, or an archived copy's own." }),
      },
    },
    bol_archives: {
      on: 'detail', method: 'GET', permission: 'print_railshipment', label: 'Archived BOLs', result: 'list',
      // A document the bill of lading has been, oldest first.
      answer: obj({
        id: int('Its id for `bol_archive/?bolArchiveId=` and `send_bol/`.'), seq: int('1, 2, ... within the shipment.'),
        kind: oneOf(['issued', 'corrected', 'void'], 'issued when shipped, corrected at each re-ship after a correction, void the void copy.'), bol_number: str(), revision: int('0 = original; one more at each corrected bill of lading.'),
        issued_at: instant(), issued_by: maybe(str('Who issued it, as named then.')), template: str('The template and its version: rail-bol-custom v4.'),
        sha256: maybe(str('Of its PDF; null until first rendered.')), size: maybe(int('Bytes of its PDF; null until first rendered.')), file_name: str(),
      }),
    },
    edi_404: { on: 'detail', method: 'GET', permission: 'print_railshipment', label: 'EDI 404', result: 'file' },
    create_master_billing: { on: 'detail', method: 'POST', permission: 'add', label: 'Make master billing', result: 'record', writes: ['is_master_billing', 'master_billing'] },
    create_sub_billing: {
      on: 'detail', method: 'POST', permission: 'add', label: 'New sub-billing', result: 'record', writes: ['master_billing'],
      input: { consignee: ref('party', { label: 'Consignee' }), reference_number: text({ max: 40, label: 'Reference number' }) },
    },
    get_sub_billings: { on: 'detail', method: 'GET', permission: 'view', label: 'Sub-billings', result: 'list', answer: recordOf(RAIL_SHIPMENT) },
    print_multiple: {
      on: 'collection', method: 'POST', permission: 'print_railshipment', label: 'Print BOLs', result: 'job',
      input: {
        shipment_ids: refs(RAIL_SHIPMENT, { required: true, max: MAX_BOLS, label: 'Shipments' }),
        code: text({ max: 40, help: 'The template code: rail-bol-custom (the default).' }),
        combine: bool({ label: 'One PDF', help: 'One PDF with the bills of lading one after another, instead of a zip of one PDF each.' }),
      },
    },
    email_multiple: {
      on: 'collection', method: 'POST', permission: 'email_railshipment', label: 'Email BOLs', result: 'job',
      input: {
        shipment_ids: refs(RAIL_SHIPMENT, { required: true, max: MAX_BOLS, label: 'Shipments' }),
        recipients: tags({ required: true, max: 20, format: 'email', label: 'Recipients' }),
        message: text({ max: 2000, help: 'Said above the list of attached bills of lading.' }),
        code: text({ max: 40, help: 'The template code: rail-bol-custom (the default).' }),
      },
    },
    send_bol: {
      on: 'detail', method: 'POST', permission: 'email_railshipment', label: 'Send BOL', result: 'object',
      input: {
        target: tags({ max: 20, format: 'email', label: 'Recipients', help: "Left empty: the shipment's contact preferences." }),
        archive_id: integer({ min: 1, label: 'Archived copy', help: 'Left out: the latest.' }),
      },
      answer: obj({ sent: int('The mails sent: one per recipient.') }),
    },
    bol_archive: {
      on: 'collection', method: 'GET', permission: 'print_railshipment', label: 'Archived BOL', result: 'file',
      input: { bolArchiveId: integer({ required: true, min: 1, label: 'Archived BOL' }) },
    },
    cars: { on: 'detail', method: 'GET', permission: 'view', label: 'Cars', result: 'list', answer: recordOf('loaded_rail_car') },
    // Cars pasted onto this shipment (docs/rail.md §6.3): the right is the one loading a car needs.
    add_cars: {
      on: 'detail', method: 'POST', permission: 'add', of: LOADED_CAR_RECORDS, label: 'Paste cars', result: 'object',
      input: {
        cars: text({
          required: true, max: MAX_BULK_CARS * 64, label: 'Cars',
          help: `One car a line, as written (TILX 1234, TILX1234, TILX-1234) or a spreadsheet's mark and number cells; 1 to ${MAX_BULK_CARS} cars.`,
        }),
      },
      answer: PASTED_CARS,
    },
    // The spec's path form (02 §7): the shipment with its schedule and the day it ships on.
    route: {
      on: 'detail', method: 'GET', permission: 'view', path: 'route/{id}', label: 'Shipment with its schedule', result: 'object',
      answer: obj({
        shipment: recordOf(RAIL_SHIPMENT),
        schedule: maybe(obj({
          id: int(), contract: int(), contract_number: str(), cars: int("The contract's number of cars."),
          entries: listOf(SCHEDULE_DAY, 'Every day of the schedule, by date.'),
        }, { description: 'Its schedule; null when it is on none.' })),
        day: maybe({ ...SCHEDULE_DAY, description: 'The schedule day it ships on; null when it is on no schedule or its ship date is no day of it.' }),
      }),
    },
    assign_to_schedule: {
      on: 'detail', method: 'POST', permission: 'assign_contract', label: 'Assign to schedule', result: 'record', writes: ['schedule', 'contract'],
      input: { schedule_id: ref('rail_schedule', { label: 'Schedule', help: 'The schedule of an active contract of its product; null unassigns it.' }) },
    },
    create_template: {
      on: 'detail', method: 'POST', permission: 'view', label: 'Save as template', result: 'record', returns: 'rail_shipment_template',
      input: { name: text({ required: true, max: 80, trim: true }) },
    },
    update_contact_preferences: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Contact preferences', result: 'record', writes: ['contact_preferences'],
      input: { preferences: json({ required: true, label: 'Preferences', help: '{parties: [party field names], to: [up to 20 emails]}' }) },
    },
  },
});

export const railShipmentTemplate = defineResource({
  name: RAIL_SHIPMENT_TEMPLATE,
  label: 'Shipment template',
  ...railRecords('railshipmenttemplate'),
  fields: {
    name: text({ required: true, max: 80, trim: true }),
    description: longText(),
    values: json({ readOnly: true, default: {}, help: "The shipment's copyable fields when the template was saved." }),
  },
  unique: [['company', 'name']],
  labelFields: ['name'],
  list: { columns: ['name', 'description', 'updated_at'], ordering: ['name'] },
  actions: {
    create_shipment: {
      on: 'detail', method: 'POST', permission: 'view', label: 'Create shipment', result: 'object',
      answer: obj({
        shipment: recordOf(RAIL_SHIPMENT),
        dropped: listOf(oneOf(TEMPLATE_FIELDS), 'The template\'s references left out because their records are gone (or not the caller\'s to see).'),
      }),
    },
  },
});
