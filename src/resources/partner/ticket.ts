/**
 * Partner tickets (docs/partners.md, Partner tickets): the completed (or since voided) terminal
 * tickets that name a partner's company as shipper, consignee or carrier, read through a view of
 * the ticket table. A terminal company names the partner through its rail party
 * (`terminal company.party.platform_company`, set by an accepted invitation), so revoking the
 * partnership ends the sharing of its tickets too. The partner reads what the terminal issued, not
 * its work in progress; the owner reads here which of its tickets it shares. `partner/v3ticket/`
 * and the older `partner/ticketview/` serve the same records.
 */
import { defineResource } from '../define';
import { bool, choice, date, datetime, decimal, integer, ref, refs, tags, text } from '../fields';
import { MEASUREMENT_UNIT, SITE, TB_COMPANY, TB_PRODUCT } from '../terminal/common';
import { MAX_PRINT_TICKETS, TICKET_TYPES, printOptions, ticket } from '../terminal/ticket';
import { TICKET_STATUSES } from '../terminal/ticket-status';

export const PARTNER_TICKET = 'partner/v3ticket';
/** The right to mail one's tickets to one's own contacts. */
export const EMAIL_PARTNER_TICKETS = 'email_wheelhouseticket';

const viaParty = (field: string) => [field, 'party', 'platform_company'] as const;
const ticketIds = () => refs(PARTNER_TICKET, { required: true, max: MAX_PRINT_TICKETS, label: 'Tickets' });

export const partnerTicket = defineResource({
  name: PARTNER_TICKET,
  aliases: ['partner/ticketview'],
  label: 'Partner ticket',
  perms: { app: 'wheelhouse', model: 'wheelhouseticket' },
  tenant: 'company',
  idKind: 'uuid',
  viewOf: ticket.name,
  table: ticket.table,
  partner: {
    path: viaParty('shipper'), also: [viaParty('consignee'), viaParty('carrier')], sharedOnly: true,
    partnerSees: { field: 'status', values: ['completed', 'void'] },
  },
  timeZone: { path: ['created_by_server', 'timezone'] },
  extraCodenames: { [EMAIL_PARTNER_TICKETS]: "Can email partner tickets to the company's contacts" },
  fields: {
    company: ref('company', { required: true, onDelete: 'cascade', readOnly: true, label: 'Terminal', help: 'The company whose terminal issued the ticket.' }),
    legacy_id: integer({ readOnly: true, label: 'No.' }),
    code: text({ max: 30, readOnly: true, label: 'Ticket' }),
    status: choice(TICKET_STATUSES, { required: true, readOnly: true, chip: true }),
    ticket_type: choice(TICKET_TYPES, { required: true, readOnly: true, label: 'Type' }),
    created_by_server: ref(SITE, { readOnly: true, onDelete: 'restrict', label: 'Site' }),
    ticket_date: date({ required: true, readOnly: true, label: 'Date' }),
    start_time: datetime({ readOnly: true, label: 'Started' }),
    end_time: datetime({ readOnly: true, label: 'Finished' }),
    product: ref(TB_PRODUCT, { required: true, readOnly: true, onDelete: 'restrict' }),
    shipper: ref(TB_COMPANY, { readOnly: true, onDelete: 'restrict' }),
    consignee: ref(TB_COMPANY, { readOnly: true, onDelete: 'restrict' }),
    carrier: ref(TB_COMPANY, { readOnly: true, onDelete: 'restrict' }),
    volume_unit: ref(MEASUREMENT_UNIT, { readOnly: true, onDelete: 'restrict' }),
    gross_volume: decimal({ digits: 14, places: 3, readOnly: true, unitField: 'volume_unit' }),
    net_volume: decimal({ digits: 14, places: 3, readOnly: true, unitField: 'volume_unit' }),
    temperature: decimal({ digits: 7, places: 2, readOnly: true, unit: '°C', label: 'Observed temperature' }),
    density_15c: decimal({ digits: 10, places: 3, readOnly: true, unit: 'kg/m³', label: 'Density at 15 °C' }),
    net_weight: decimal({ digits: 12, places: 1, readOnly: true, unit: 'kg' }),
    bol_number: text({ max: 40, readOnly: true, label: 'BOL number' }),
    po_number: text({ max: 40, readOnly: true, label: 'PO number' }),
    seal_numbers: text({ max: 120, readOnly: true }),
    void_reason: text({ max: 255, readOnly: true }),
  },
  labelFields: [['code', 'id']],
  list: {
    columns: ['code', 'ticket_date', 'status', 'company', 'created_by_server', 'product', 'shipper', 'consignee', 'carrier', 'net_volume', 'bol_number'],
    compact: ['code', 'ticket_date', 'net_volume'],
    search: ['code', 'bol_number', 'po_number'],
    ordering: ['-ticket_date', '-code'],
  },
  form: {
    sections: [
      { label: 'Ticket', fields: ['code', 'legacy_id', 'status', 'ticket_type', 'company', 'created_by_server', 'ticket_date', 'start_time', 'end_time', 'void_reason'] },
      { label: 'Load', fields: ['product', 'shipper', 'consignee', 'carrier', 'bol_number', 'po_number', 'seal_numbers'] },
      { label: 'Measured', fields: ['volume_unit', 'gross_volume', 'net_volume', 'temperature', 'density_15c', 'net_weight'] },
    ],
  },
  actions: {
    print: { on: 'detail', method: 'GET', permission: 'view', label: 'Print', result: 'file', input: printOptions },
    print_multiple: {
      on: 'collection', method: 'POST', permission: 'view', label: 'Print tickets', result: 'job',
      input: { ticket_ids: ticketIds(), ...printOptions, combine: bool({ label: 'One PDF', help: 'One PDF with the tickets one after another, instead of a zip of one PDF per ticket.' }) },
    },
    email_multiple: {
      on: 'collection', method: 'POST', permission: EMAIL_PARTNER_TICKETS, label: 'Email tickets', result: 'job',
      input: {
        ticket_ids: ticketIds(),
        recipients: tags({ required: true, max: 20, format: 'email', label: 'Recipients', help: "Your company's contacts: its users and parties." }),
        message: text({ max: 2000, help: 'Said above the list of attached tickets.' }),
        ...printOptions,
      },
    },
  },
});
