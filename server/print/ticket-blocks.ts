/**
 * The building blocks of a printed ticket (bill of lading, run ticket): each returns pdfmake
 * content for one part of the page, so templates differ only in title, order and emphasis.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { TICKET_STATUSES } from '../../src/resources/terminal/ticket-status';
import { TICKET_TYPES } from '../../src/resources/terminal/ticket';
import { ticketEntry } from '../../src/resources/terminal/ticket-parts';
import type { ChoiceField } from '../../src/resources/fields';
import { HAZARD_CLASSES } from '../../src/resources/logistics/product';
import type { Row } from '../engine/serialize';
import { addressLines, formatDateTime, formatDecimal, text, withUnit } from './format';
import type { TicketDocData } from './ticket-data';

export const INK = '#1a1a1a';
export const RULE = '#8a8a8a';
export const SHADE = '#eeeeee';

const label = (choices: readonly (readonly [string, string])[], v: unknown) => choices.find(([k]) => k === v)?.[1] ?? text(v);
export const statusLabel = (v: unknown) => label(TICKET_STATUSES, v);

/** Thin grey rules, used by every table. */
export const gridLayout = {
  hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => RULE, vLineColor: () => RULE,
  paddingLeft: () => 4, paddingRight: () => 4, paddingTop: () => 2, paddingBottom: () => 2,
};

export const sectionTitle = (title: string): Content => ({ text: title.toUpperCase(), bold: true, fontSize: 8, color: '#444', margin: [0, 6, 0, 2] });

const small = (t: string): Content => ({ text: t, fontSize: 6.5, color: '#555' });
const cellHeading = (t: string): TableCell => ({ text: t, bold: true, fontSize: 7.5, fillColor: SHADE });

/** Company and site on the left, document title and the ticket's key facts on the right. */
export function header(d: TicketDocData, title: string, subtitle: string, timeZone: string): Content {
  const t = d.ticket;
  const siteAddress = text((d.site?.additional_data as Record<string, unknown> | null)?.address);
  const facts: [string, string][] = [
    ['Ticket no.', text(t.code)],
    ['Status', statusLabel(t.status)],
    ['Date', text(t.ticket_date)],
    ['Type', label(TICKET_TYPES, t.ticket_type)],
    ['BOL no.', text(t.bol_number)],
    ['PO no.', text(t.po_number)],
    ['Start', formatDateTime(t.start_time, timeZone)],
    ['End', formatDateTime(t.end_time, timeZone)],
  ];
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: text(d.tenant?.name), fontSize: 14, bold: true },
          { text: text(d.tenant?.address), margin: [0, 1, 0, 4] },
          { text: [{ text: 'Site: ', bold: true }, text(d.site?.name)] },
          ...(siteAddress ? [{ text: siteAddress }] : []),
          { text: [{ text: 'Time zone: ', bold: true }, timeZone] },
        ],
      },
      {
        width: 320,
        stack: [
          { text: title, fontSize: 15, bold: true, alignment: 'right' },
          { text: subtitle, alignment: 'right', color: '#555', margin: [0, 0, 0, 4] },
          {
            // Two facts per row keeps the header short, so a normal ticket fits on one page.
            table: {
              widths: [44, '*', 40, '*'],
              body: Array.from({ length: facts.length / 2 }, (_, i) => [
                cellHeading(facts[2 * i][0]), { text: facts[2 * i][1], bold: i === 0 },
                cellHeading(facts[2 * i + 1][0]), { text: facts[2 * i + 1][1] },
              ]),
            },
            layout: gridLayout,
          },
        ],
      },
    ],
    columnGap: 12,
  };
}

function partyCell(title: string, row: Row | null, extra: string[] = []): TableCell {
  return {
    stack: [
      { text: title.toUpperCase(), bold: true, fontSize: 7, color: '#444' },
      { text: text(row?.name) || '—', bold: true },
      ...addressLines(row).map((l) => ({ text: l })),
      ...extra.filter(Boolean).map((l) => ({ text: l })),
    ],
  };
}

const vehicleLine = (v: Row | null) => (v ? [text(v.unit_number), v.license_plate ? `plate ${text(v.license_plate)}${v.plate_jurisdiction ? ` (${text(v.plate_jurisdiction)})` : ''}` : ''].filter(Boolean).join(', ') : '—');

/** Shipper, consignee, carrier; producer, driver and the truck and trailer; from and to. */
export function parties(d: TicketDocData): Content {
  const dr = d.driver;
  const driverName = dr ? `${text(dr.first_name)} ${text(dr.last_name)}`.trim() : '';
  const licence = dr?.license_number ? `Licence ${text(dr.license_number)}${dr.license_jurisdiction ? ` (${text(dr.license_jurisdiction)})` : ''}` : '';
  const place = (r: Row | null) => (r ? `${text(r.name)}${r.code ? ` (${text(r.code)})` : ''}` : '—');
  return {
    table: {
      widths: ['*', '*', '*'],
      body: [
        [partyCell('Shipper', d.parties.shipper), partyCell('Consignee', d.parties.consignee), partyCell('Carrier', d.parties.carrier)],
        [
          partyCell('Producer', d.parties.producer),
          { stack: [{ text: 'DRIVER', bold: true, fontSize: 7, color: '#444' }, { text: driverName || '—', bold: true }, ...(licence ? [{ text: licence }] : []), ...(dr?.phone ? [{ text: text(dr.phone) }] : [])] },
          { stack: [{ text: 'TRUCK / TRAILER', bold: true, fontSize: 7, color: '#444' }, { text: `Truck: ${vehicleLine(d.vehicle)}` }, { text: `Trailer: ${vehicleLine(d.trailer)}` }] },
        ],
        [
          { stack: [{ text: 'FROM', bold: true, fontSize: 7, color: '#444' }, { text: place(d.source) }] },
          { stack: [{ text: 'TO', bold: true, fontSize: 7, color: '#444' }, { text: place(d.destination) }] },
          { stack: [{ text: 'SEALS', bold: true, fontSize: 7, color: '#444' }, { text: text(d.ticket.seal_numbers) || '—' }] },
        ],
      ],
    },
    layout: gridLayout,
  };
}

export const isDangerous = (p: Row | null) => Boolean(p?.unCode || p?.hazard_class);

/** The TDG / 49 CFR basic description: `UN1267, PETROLEUM CRUDE OIL, 3, PG I`. */
export function dangerousGoodsDescription(p: Row): string {
  return [text(p.unCode), text(p.shipping_name || p.product_name).toUpperCase(), text(p.hazard_class), p.packingGroup ? `PG ${text(p.packingGroup)}` : '']
    .filter(Boolean).join(', ');
}

export const EMERGENCY_LINE = '24-HOUR EMERGENCY RESPONSE: CANUTEC 1-888-226-8832 or *666 (cellular). In the US: CHEMTREC 1-800-424-9300.';

/** The product line with its dangerous-goods data, the quantity, and the emergency-response line. */
export function productBlock(d: TicketDocData): Content {
  const p = d.product;
  const t = d.ticket;
  const unit = text(d.volumeUnit?.code);
  const dg = isDangerous(p);
  const description = p ? (dg ? dangerousGoodsDescription(p) : text(p.shipping_name || p.product_name)) : '—';
  const body: TableCell[][] = [
    [cellHeading('HM'), cellHeading('Description of goods (UN/NA, proper shipping name, class, packing group)'), cellHeading('Product'), cellHeading('Net quantity'), cellHeading('Net weight')],
    [
      { text: dg ? 'X' : '', bold: true, alignment: 'center' },
      {
        stack: [
          { text: description, bold: true },
          ...(p && dg ? [{ text: `UN/NA ${text(p.unCode) || '—'} · Class ${label(HAZARD_CLASSES, p.hazard_class) || '—'} · Packing group ${text(p.packingGroup) || '—'}`, fontSize: 7 }] : []),
          ...(p ? [{ text: [p.stcc ? `STCC ${text(p.stcc)}` : '', p.harmonized_system_tariff_number ? `HS ${text(p.harmonized_system_tariff_number)}` : '', p.chemical_abstracts_service_number ? `CAS ${text(p.chemical_abstracts_service_number)}` : ''].filter(Boolean).join(' · '), fontSize: 7, color: '#555' }] : []),
        ],
      },
      { text: p ? `${text(p.product_name)}\n${text(p.product_code)}` : '—' },
      { text: withUnit(t.net_volume, unit) || '—', alignment: 'right', bold: true },
      { text: withUnit(t.net_weight, 'kg') || '—', alignment: 'right' },
    ],
  ];
  const out: Content[] = [{ table: { headerRows: 1, widths: [18, '*', 80, 70, 60], body }, layout: gridLayout }];
  if (dg) {
    out.push({
      table: { widths: ['*'], body: [[{ text: EMERGENCY_LINE, bold: true, fontSize: 8, color: '#b00000' }]] },
      layout: { ...gridLayout, hLineColor: () => '#b00000', vLineColor: () => '#b00000' },
      margin: [0, 3, 0, 0],
    });
  }
  return { stack: out };
}

/** Volumes, temperature, density, BS&W, correction factor and weights, in two columns. */
export function measurementBlock(d: TicketDocData): Content {
  const t = d.ticket;
  const unit = text(d.volumeUnit?.code) || null;
  const left: [string, string][] = [
    ['Gross volume', withUnit(t.gross_volume, unit)],
    ['Net volume (15 °C)', withUnit(t.net_volume, unit)],
    ['Water volume', withUnit(t.water_volume, unit)],
    ['BS&W', withUnit(t.bsw_percent, '%')],
    ['Correction factor (CTL)', formatDecimal(t.correction_factor)],
    ['Pressure', withUnit(t.pressure, 'kPa')],
  ];
  const right: [string, string][] = [
    ['Observed temperature', withUnit(t.temperature, '°C')],
    ['Observed density', withUnit(t.observed_density, 'kg/m³')],
    ['Density at 15 °C', withUnit(t.density_15c, 'kg/m³')],
    ['Gross weight', withUnit(t.gross_weight, 'kg')],
    ['Tare weight', withUnit(t.tare_weight, 'kg')],
    ['Net weight', withUnit(t.net_weight, 'kg')],
  ];
  const rows = left.map((l, i) => [cellHeading(l[0]), { text: l[1] || '—', alignment: 'right' as const }, cellHeading(right[i][0]), { text: right[i][1] || '—', alignment: 'right' as const }]);
  return { table: { widths: [95, '*', 95, '*'], body: rows }, layout: gridLayout };
}

/** The run ticket's headline figures in large type: what the load measured. */
export function loadSummary(d: TicketDocData): Content {
  const t = d.ticket;
  const unit = text(d.volumeUnit?.code) || null;
  const figure = (title: string, value: string): TableCell => ({
    stack: [{ text: title.toUpperCase(), fontSize: 7, bold: true, color: '#444' }, { text: value || '—', fontSize: 14, bold: true, margin: [0, 2, 0, 0] }],
  });
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [[
        figure('Net volume (15 °C)', withUnit(t.net_volume, unit)), figure('Gross volume', withUnit(t.gross_volume, unit)),
        figure('Observed temperature', withUnit(t.temperature, '°C')), figure('BS&W', withUnit(t.bsw_percent, '%')),
      ]],
    },
    layout: gridLayout,
  };
}

/** Meter, gauge and scale readings. */
export function entriesTable(d: TicketDocData, timeZone: string): Content {
  if (!d.entries.length) return { text: 'No entries recorded.', italics: true, color: '#555' };
  const head = ['#', 'Type', 'Location', 'Recorded', 'Start reading', 'End reading', 'Gross', 'Net', '°C', 'kg/m³', 'BS&W'].map(cellHeading);
  const body: TableCell[][] = [head, ...d.entries.map((e) => [
    text(e.sequence), label((ticketEntry.fields.entry_type as ChoiceField).choices, e.entry_type),
    text(d.entryLocations.get(String(e.location))?.name),
    formatDateTime(e.recorded_at, timeZone),
    ...[e.start_reading, e.end_reading, e.gross_volume, e.net_volume, e.temperature, e.density, e.bsw_percent].map((v) => ({ text: formatDecimal(v), alignment: 'right' as const })),
  ])];
  return { table: { headerRows: 1, widths: [12, 40, '*', 76, 54, 54, 38, 38, 24, 36, 26], body }, layout: gridLayout, fontSize: 7.5 };
}

export function propertiesTable(d: TicketDocData): Content {
  if (!d.properties.length) return { text: 'No properties recorded.', italics: true, color: '#555' };
  const body: TableCell[][] = [[cellHeading('Property'), cellHeading('Value'), cellHeading('Unit')], ...d.properties.map((p) => [text(p.name), text(p.value), text(p.unit)])];
  return { table: { headerRows: 1, widths: ['*', '*', 60], body }, layout: gridLayout };
}

/** Customs invoice, comments and, on a void ticket, why it was voided. */
export function remarks(d: TicketDocData): Content {
  const t = d.ticket;
  const rows: TableCell[][] = [
    [cellHeading('Customs invoice'), text(t.customs_invoice) || '—'],
    [cellHeading('Comments'), text(t.comments) || '—'],
  ];
  if (t.status === 'void') rows.push([cellHeading('Void reason'), { text: text(t.void_reason), color: '#b00000', bold: true }]);
  return { table: { widths: [95, '*'], body: rows }, layout: gridLayout };
}

export const SHIPPER_CERTIFICATION = 'This is to certify that the above-named materials are properly classified, described, packaged, marked and labelled, and are in proper condition for transportation according to the applicable regulations (Transportation of Dangerous Goods Regulations; 49 CFR).';

/** Driver, terminal operator and consignee: printed name, signature and date lines. */
export function signatures(d: TicketDocData, consigneeTitle = 'Consignee'): Content {
  const box = (title: string, name: string): TableCell => ({
    stack: [
      { text: title.toUpperCase(), bold: true, fontSize: 7, color: '#444' },
      { text: name ? `Name: ${name}` : 'Name:', margin: [0, 2, 0, 14] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 150, y2: 0, lineWidth: 0.5 }] },
      small('Signature'),
      { text: ' ', margin: [0, 6, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 150, y2: 0, lineWidth: 0.5 }] },
      small('Date and time'),
    ],
  });
  const consignee = d.parties.consignee ? text(d.parties.consignee.name) : '';
  return {
    // The heading travels with the boxes: never a lone "Signatures" at the foot of a page.
    unbreakable: true,
    stack: [
      sectionTitle('Signatures'),
      {
        table: {
          widths: ['*', '*', '*'],
          body: [[box('Driver', text(d.ticket.driver_signature)), box('Terminal operator', text(d.ticket.operator_signature)), box(consigneeTitle, consignee)]],
        },
        layout: gridLayout,
      },
    ],
  };
}

/** A red or grey band under the header on tickets that are not (yet) a valid document. */
export function statusBanner(d: TicketDocData): Content[] {
  const t = d.ticket;
  const band = (txt: string, color: string): Content => ({
    table: { widths: ['*'], body: [[{ text: txt, bold: true, color, alignment: 'center', fontSize: 9 }]] },
    layout: { ...gridLayout, hLineColor: () => color, vLineColor: () => color },
    margin: [0, 6, 0, 0],
  });
  if (t.status === 'void') return [band(`VOID — this ticket was cancelled${t.void_reason ? `: ${text(t.void_reason)}` : ''}. Not valid for transport.`, '#b00000')];
  if (t.status === 'draft') return [band('DRAFT — not valid for transport until the ticket is completed.', '#555555')];
  return [];
}

/** `Ticket T-000123 · printed … · page x of y`. */
export function footerLine(d: TicketDocData, printedAt: string, templateRef: string, page: number, pages: number): Content {
  return {
    margin: [36, 6, 36, 0],
    columns: [
      { text: `Ticket ${text(d.ticket.code)} · ${templateRef} · printed ${printedAt}`, fontSize: 7, color: '#555' },
      { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7, color: '#555', width: 80 },
    ],
  };
}
