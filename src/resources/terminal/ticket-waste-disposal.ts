import { defineResource } from '../define';
import { choice, date, decimal, longText, ref, text } from '../fields';
import { MEASUREMENT_UNIT, SITE, TB_COMPANY, TB_LOCATION, TB_TICKET, createdByServer, terminalRecords, terminalScreen } from './common';
import { ticketStatus } from './ticket-status';

/** A waste disposal ticket: oilfield waste received for disposal, with its manifest and disposal method. */
export const ticketWasteDisposal = defineResource({
  name: 'terminalboss/v3/ticketwastedisposal',
  label: 'Waste disposal ticket',
  ...terminalRecords('ticketwastedisposal'),
  // Received at its site: its times are the site's (docs/terminal.md, Site time).
  timeZone: { path: ['site', 'timezone'] },
  screen: terminalScreen('ticketwastedisposal', { menu: { section: 'Terminal', icon: 'ticket', order: 3, label: 'Waste disposal' } }),
  fields: {
    code: text({ max: 30, index: true, copy: false, help: 'Assigned on save when left empty.' }),
    status: ticketStatus(),
    ticket: ref(TB_TICKET, { label: 'Related ticket' }),
    site: ref(SITE, { required: true, onDelete: 'restrict' }),
    ticket_date: date({ required: true, index: true }),
    waste_type: choice([['produced_water', 'Produced water'], ['oily_sludge', 'Oily sludge'], ['drilling_fluid', 'Drilling fluid'], ['tank_bottoms', 'Tank bottoms'], ['contaminated_soil', 'Contaminated soil'], ['other', 'Other']], { required: true, default: 'produced_water' }),
    manifest_number: text({ max: 40, index: true }),
    generator: ref(TB_COMPANY, { help: 'Company the waste comes from.' }),
    carrier: ref(TB_COMPANY),
    source_location: ref(TB_LOCATION, { label: 'Generated at' }),
    disposal_location: ref(TB_LOCATION),
    disposal_method: choice([['injection', 'Deep-well injection'], ['treatment', 'Treatment and recovery'], ['landfill', 'Landfill'], ['cavern', 'Cavern'], ['other', 'Other']], { required: true, default: 'injection' }),
    volume: decimal({ digits: 14, places: 3 }),
    volume_unit: ref(MEASUREMENT_UNIT),
    oil_content_percent: decimal({ digits: 6, places: 3, unit: '%' }),
    approval_number: text({ max: 40, help: 'Regulator waste approval or licence number.' }),
    comments: longText(),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'code']],
  labelFields: [['code', 'id']],
  list: { columns: ['code', 'ticket_date', 'status', 'waste_type', 'generator', 'disposal_method', 'volume'], search: ['code', 'manifest_number'], ordering: ['-ticket_date'] },
});
