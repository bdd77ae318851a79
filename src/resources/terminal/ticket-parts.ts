/** What hangs off a ticket: its entries (readings), properties (free measurements) and attachments. */
import { defineResource } from '../define';
import { choice, datetime, decimal, file, integer, longText, ref, text } from '../fields';
import { TB_LOCATION, TB_PRODUCT, TB_TICKET, terminalRecords } from './common';

export const ticketEntry = defineResource({
  name: 'terminalboss/v3/ticketentry',
  // A reading is taken at the ticket's site, in its time (docs/terminal.md, Site time).
  timeZone: { path: ['ticket', 'created_by_server', 'timezone'] },
  // A driver who reads only his own loads reads their parts too (docs/security.md, Own rows).
  own: { path: ['ticket', 'driver', 'account'] },
  label: 'Ticket entry',
  pluralLabel: 'Ticket entries',
  ...terminalRecords('ticketentry'),
  fields: {
    ticket: ref(TB_TICKET, { required: true, onDelete: 'cascade' }),
    sequence: integer({ min: 1, default: 1 }),
    entry_type: choice([['meter', 'Meter'], ['tank_gauge', 'Tank gauge'], ['scale', 'Scale'], ['sample', 'Sample'], ['manual', 'Manual']], { required: true, default: 'meter' }),
    product: ref(TB_PRODUCT),
    location: ref(TB_LOCATION),
    recorded_at: datetime(),
    start_reading: decimal({ digits: 16, places: 3 }),
    end_reading: decimal({ digits: 16, places: 3 }),
    gross_volume: decimal({ digits: 14, places: 3 }),
    net_volume: decimal({ digits: 14, places: 3 }),
    temperature: decimal({ digits: 7, places: 2, unit: '°C' }),
    density: decimal({ digits: 10, places: 3, unit: 'kg/m³' }),
    bsw_percent: decimal({ digits: 6, places: 3, label: 'BS&W', unit: '%' }),
    comments: text({ max: 255 }),
  },
  list: { columns: ['ticket', 'sequence', 'entry_type', 'location', 'start_reading', 'end_reading', 'gross_volume', 'net_volume'], search: [], ordering: ['ticket', 'sequence'] },
});

export const ticketProperty = defineResource({
  name: 'terminalboss/v3/ticketproperty',
  // A driver who reads only his own loads reads their parts too (docs/security.md, Own rows).
  own: { path: ['ticket', 'driver', 'account'] },
  label: 'Ticket property',
  pluralLabel: 'Ticket properties',
  ...terminalRecords('ticketproperty'),
  fields: {
    ticket: ref(TB_TICKET, { required: true, onDelete: 'cascade' }),
    name: text({ required: true, max: 80 }),
    value: text({ max: 255 }),
    unit: text({ max: 20 }),
  },
  unique: [['ticket', 'name']],
  list: { columns: ['ticket', 'name', 'value', 'unit'], search: ['name'], ordering: ['ticket', 'name'] },
});

export const ATTACHMENT_KINDS = [['bol', 'Bill of lading'], ['run_ticket', 'Run ticket'], ['customs_invoice', 'Customs invoice'], ['lab', 'Lab report'], ['photo', 'Photo'], ['other', 'Other']] as const;

export const ticketAttachment = defineResource({
  name: 'terminalboss/v3/ticketattachment',
  // A driver who reads only his own loads reads their parts too (docs/security.md, Own rows).
  own: { path: ['ticket', 'driver', 'account'] },
  label: 'Ticket attachment',
  ...terminalRecords('ticketattachment'),
  fields: {
    ticket: ref(TB_TICKET, { required: true, onDelete: 'cascade' }),
    attachment: file({ required: true, accept: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 20 * 1024 * 1024 }),
    name: text({ required: true, max: 200 }),
    kind: choice(ATTACHMENT_KINDS, { required: true, default: 'other' }),
    description: longText(),
  },
  list: { columns: ['ticket', 'name', 'kind', 'created_at'], search: ['name'], ordering: ['-created_at'] },
});
