import { defineResource } from '../define';
import { type FileField, bool, choice, date, datetime, decimal, longText, ref, refs, tags, text } from '../fields';
import { type Shape, anything, either, instant, int, listOf, mapOf, maybe, obj, oneOf, oneOfChoices, str } from '../answers';
import { MEASUREMENT_UNIT, SITE, TB_COMPANY, TB_DRIVER, TB_LOCATION, TB_PRODUCT, TB_TICKET, TB_TICKET_INVOICE, TB_VEHICLE, legacyNumber, terminalRecords, terminalScreen } from './common';
import { TICKET_STATUSES, ticketStatus } from './ticket-status';
import { ATTACHMENT_KINDS, ticketAttachment } from './ticket-parts';

/** Enough for a day's loads at a busy site; more is a report, not a print job. */
export const MAX_PRINT_TICKETS = 100;

const ticketIds = (max: number) => refs(TB_TICKET, { required: true, max, label: 'Tickets' });

/** Which printed form: its type (`BOL` by default) and version (the latest by default), and whether every page has the footer. */
export const printOptions = {
  template_type: text({ max: 20, upper: true, label: 'Template' }),
  version: text({ max: 10, help: 'A version number, or "latest".' }),
  force_footer: bool({ label: 'Footer on every page' }),
};

/** What a ticket history entry records: its creation, an edit, a status change, a customs invoice or an attachment. */
export const TICKET_HISTORY_ACTIONS = ['create', 'update', 'status', 'customs_invoice', 'attachment'] as const;

/** A changed field's values, `[before, after]`. */
const pair = (values: Shape, description: string) => ({ ...listOf(values, description), minItems: 2, maxItems: 2 });

/** One entry of a ticket's history, newest first. */
const HISTORY_ENTRY = obj({
  at: instant(),
  user: maybe(str('Who made the change, by name or email as it was then.')),
  user_id: maybe(int()),
  action: oneOf(TICKET_HISTORY_ACTIONS),
  via: str('The call that made the change, e.g. `POST terminalboss/v3/ticket/update-tickets-status/`.'),
  changes: mapOf(pair(anything(), '[before, after] as stored'), 'By field, the values before and after (before null on creation).'),
  _labels: mapOf(
    pair(either(maybe(str()), listOf(maybe(str()))), '[before, after]: a label, a list of labels, or null (no value, or a record since gone)'),
    'For each changed reference field, the labels of its values before and after.',
  ),
});

export const TICKET_TYPES = [['receipt', 'Receipt'], ['delivery', 'Delivery'], ['transfer', 'Transfer'], ['waste_disposal', 'Waste disposal']] as const;

/**
 * A terminal ticket (run ticket / scale ticket): one truck load received or delivered at a site,
 * with what was measured. Entries (meter or gauge readings) and properties (free measurements)
 * hang off it; printed it is the load's bill of lading.
 */
export const ticket = defineResource({
  name: TB_TICKET,
  label: 'Ticket',
  ...terminalRecords('ticket'),
  screen: terminalScreen('ticket', { v2: 'ticketview', menu: { section: 'Terminal', icon: 'ticket', order: 2, count: true } }),
  // Its times are the site's; its date is the start's date there (docs/terminal.md, Site time).
  timeZone: { path: ['created_by_server', 'timezone'], localDates: { ticket_date: 'start_time' } },
  // A driver's own loads: tickets whose driver record is his account (docs/terminal.md, Drivers).
  own: { path: ['driver', 'account'] },
  extraCodenames: {
    can_change_ticket_status: 'Can change ticket status',
    can_edit_contract_when_approved: 'Can edit contract when approved',
    show_save_button: 'Show save button on tickets',
    show_save_button_inventory: 'Show save button on inventory tickets',
    can_view_ticket_api_history: 'Can view ticket API history',
    can_email_tickets: 'Can email tickets',
    can_email_tickets_to_anyone: 'Can email tickets to addresses outside the company\'s contacts',
  },
  fields: {
    legacy_id: legacyNumber(),
    code: text({ max: 30, index: true, copy: false, help: 'Ticket number; assigned on save when left empty.' }),
    status: ticketStatus({ permission: 'can_change_ticket_status', requires: { void: { void_reason: 'Give the reason for voiding the ticket.' } } }),
    ticket_type: choice(TICKET_TYPES, { required: true, default: 'receipt', index: true }),
    created_by_server: ref(SITE, { required: true, onDelete: 'restrict', label: 'Site', index: true }),
    ticket_date: date({ required: true, index: true }),
    start_time: datetime(),
    end_time: datetime(),
    product: ref(TB_PRODUCT, { required: true, onDelete: 'restrict', index: true }),
    source_location: ref(TB_LOCATION, { label: 'From', index: true }),
    destination_location: ref(TB_LOCATION, { label: 'To', index: true }),
    shipper: ref(TB_COMPANY, { index: true, help: 'Company whose product it is.' }),
    consignee: ref(TB_COMPANY),
    producer: ref(TB_COMPANY),
    carrier: ref(TB_COMPANY, { index: true }),
    vehicle: ref(TB_VEHICLE, { label: 'Truck' }),
    trailer: ref(TB_VEHICLE),
    driver: ref(TB_DRIVER, { index: true }),
    volume_unit: ref(MEASUREMENT_UNIT),
    // Volumes are in the ticket's own unit (m³, bbl, US gal): docs/terminal.md, Printed tickets.
    gross_volume: decimal({ digits: 14, places: 3, unitField: 'volume_unit' }),
    net_volume: decimal({ digits: 14, places: 3, unitField: 'volume_unit', help: 'Gross volume corrected to 15 °C, less sediment and water.' }),
    water_volume: decimal({ digits: 14, places: 3, unitField: 'volume_unit' }),
    bsw_percent: decimal({ digits: 6, places: 3, label: 'BS&W', unit: '%' }),
    temperature: decimal({ digits: 7, places: 2, unit: '°C', label: 'Observed temperature' }),
    pressure: decimal({ digits: 9, places: 2, unit: 'kPa' }),
    observed_density: decimal({ digits: 10, places: 3, unit: 'kg/m³' }),
    density_15c: decimal({ digits: 10, places: 3, unit: 'kg/m³', label: 'Density at 15 °C' }),
    correction_factor: decimal({ digits: 8, places: 5, label: 'Volume correction factor (CTL)' }),
    gross_weight: decimal({ digits: 12, places: 1, unit: 'kg' }),
    tare_weight: decimal({ digits: 12, places: 1, unit: 'kg' }),
    net_weight: decimal({ digits: 12, places: 1, unit: 'kg' }),
    bol_number: text({ max: 40, label: 'BOL number', index: true }),
    po_number: text({ max: 40, label: 'PO number' }),
    seal_numbers: text({ max: 120 }),
    customs_invoice: text({ max: 60, readOnly: true, help: 'Set by "add customs invoice".' }),
    // The open (not void) ticket invoice it is billed on (docs/terminal.md, Ticket invoices): derived from the invoice lines.
    invoice: ref(TB_TICKET_INVOICE, { computed: true, readOnly: true, copy: false, help: 'The invoice the ticket is billed on; empty while it is not invoiced.' }),
    driver_signature: text({ max: 120, label: 'Signed by driver', copy: false }),
    operator_signature: text({ max: 120, label: 'Signed by operator', copy: false }),
    comments: longText(),
    void_reason: text({ max: 255, copy: false }),
    limit_warning: text({ max: 1000, readOnly: true, copy: false, help: 'What a limit said of this load when it was let through past its warning level (docs/terminal.md, Limits at the load).' }),
  },
  unique: [['company', 'code']],
  // The ticket list: a company's tickets by status or site, newest first.
  large: true,
  indexes: [['company', 'ticket_date'], ['company', 'status', 'ticket_date'], ['company', 'created_by_server', 'ticket_date']],
  labelFields: [['code', 'id']],
  list: {
    columns: ['code', 'ticket_date', 'status', 'ticket_type', 'created_by_server', 'product', 'shipper', 'carrier', 'net_volume'],
    search: ['code', 'bol_number', 'po_number'],
    ordering: ['-ticket_date', '-code'],
  },
  actions: {
    update_tickets_status: {
      on: 'collection', method: 'POST', permission: 'can_change_ticket_status', path: 'update-tickets-status', label: 'Change status', result: 'object',
      answer: obj({
        updated: int('How many tickets moved (all those given: otherwise none does).'),
        tickets: listOf(obj({ id: str(), code: maybe(str()), status: oneOfChoices(TICKET_STATUSES), version: int() })),
      }),
      input: {
        ticket_ids: ticketIds(500),
        status: choice(TICKET_STATUSES, { required: true }),
        void_reason: text({ max: 255, help: 'Why the tickets are voided (only when voiding).' }),
      },
    },
    history: { on: 'detail', method: 'GET', permission: 'can_view_ticket_api_history', label: 'History', result: 'list', answer: HISTORY_ENTRY },
    print: { on: 'detail', method: 'GET', permission: 'view', label: 'Print', result: 'file', input: printOptions },
    print_multiple: {
      on: 'collection', method: 'POST', permission: 'view', label: 'Print tickets', result: 'job',
      input: {
        ticket_ids: ticketIds(MAX_PRINT_TICKETS), ...printOptions,
        combine: bool({ label: 'One PDF', help: 'One PDF with the tickets one after another, instead of a zip of one PDF per ticket.' }),
      },
    },
    email_multiple: {
      on: 'collection', method: 'POST', permission: 'can_email_tickets', label: 'Email tickets', result: 'job',
      input: {
        ticket_ids: ticketIds(MAX_PRINT_TICKETS),
        recipients: tags({ required: true, max: 20, format: 'email', label: 'Recipients' }),
        message: text({ max: 2000, help: 'Said above the list of attached tickets.' }),
        ...printOptions,
      },
    },
    upload_attachment: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Upload attachment', result: 'record', returns: 'terminalboss/v3/ticketattachment',
      input: {
        file: { ...ticketAttachment.fields.attachment, label: 'File' } as FileField,
        name: text({ max: 200, trim: true, help: 'The file name when left out.' }),
        kind: choice(ATTACHMENT_KINDS, { default: 'other' }),
        description: longText(),
      },
    },
    add_customs_invoice: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Add customs invoice', result: 'record', writes: ['customs_invoice'],
      input: {
        invoice: text({
          required: true, max: 60, trim: true, label: 'Customs invoice',
          pattern: { source: '[A-Za-z0-9][A-Za-z0-9 ./_#-]*', message: 'Letters, digits, spaces and . / _ # - only, starting with a letter or digit.' },
        }),
      },
    },
  },
  form: {
    sections: [
      { label: 'Ticket', fields: ['code', 'ticket_type', 'status', 'created_by_server', 'ticket_date', 'start_time', 'end_time', 'bol_number', 'po_number', 'seal_numbers'] },
      { label: 'Product and parties', fields: ['product', 'source_location', 'destination_location', 'shipper', 'consignee', 'producer', 'carrier', 'vehicle', 'trailer', 'driver'] },
      { label: 'Measurement', fields: ['volume_unit', 'gross_volume', 'net_volume', 'water_volume', 'bsw_percent', 'temperature', 'pressure', 'observed_density', 'density_15c', 'correction_factor', 'gross_weight', 'tare_weight', 'net_weight'] },
      { label: 'Sign-off', fields: ['driver_signature', 'operator_signature', 'comments', 'void_reason'] },
    ],
  },
});
