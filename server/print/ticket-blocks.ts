/**
 * The building blocks of a printed ticket (bill of lading, run ticket): each returns pdfmake
 * content for one part of the page, so templates differ only in title, order and emphasis.
 * Values are written by the screens' rules (./format.ts): quantities with their declared places
 * and units, times in the ticket's site's zone (`2026-11-22 21:19 MST`).
 */
import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';
import { TICKET_STATUSES } from '../../src/resources/terminal/ticket-status';
import { TICKET_TYPES, ticket as ticketResource } from '../../src/resources/terminal/ticket';
import { ticketEntry } from '../../src/resources/terminal/ticket-parts';
import type { ChoiceField } from '../../src/resources/fields';
import { HAZARD_CLASSES } from '../../src/resources/logistics/product';
import { formatInZone } from '../../src/lib/time-zone';
import { labelWithUnit } from '../../src/lib/format';
import { unitSymbol } from '../../src/lib/units';
import type { Row } from '../engine/serialize';
import { addressLines, measure, text } from './format';
import { CLOSING, SECTION_TITLE, section } from './page-breaks';
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

const heading = (title: string): ContentText => ({ text: title.toUpperCase(), bold: true, fontSize: 8, color: '#444', margin: [0, 5, 0, 1.5] });
/** A section's title, for content of the templates' own (./page-breaks.ts keeps it with what follows). */
export const sectionTitle = (title: string): Content => ({ ...heading(title), headlineLevel: SECTION_TITLE });

/** A section of the ticket under its title; `bounded` content is kept on one page with it (./page-breaks.ts). */
export const titled = (title: string, content: Content, bounded = true): Content => section(heading(title), content, bounded);

/** A quantity of the ticket, by its field's declaration; volumes in the ticket's volume unit. */
const ticketMeasure = (d: TicketDocData, name: string, unit?: unknown) => measure(ticketResource, d.ticket, name, unit);
const volumeUnit = (d: TicketDocData) => unitSymbol(d.volumeUnit?.code) || null;

const small = (t: string): Content => ({ text: t, fontSize: 6.5, color: '#555' });
const cellHeading = (t: string): TableCell => ({ text: t, bold: true, fontSize: 7.5, fillColor: SHADE });

/** Company and site on the left, document title and the ticket's key facts on the right. */
export function header(d: TicketDocData, title: string, subtitle: string, timeZone: string): Content {
  const t = d.ticket;
  // The date is the start's date at the site (docs/terminal.md, Site time); a date has no zone to convert.
  const siteAddress = text((d.site?.additional_data as Record<string, unknown> | null)?.address);
  const facts: [string, string][] = [
    ['Ticket no.', text(t.code)],
    ['Status', statusLabel(t.status)],
    ['Date', text(t.ticket_date)],
    ['Type', label(TICKET_TYPES, t.ticket_type)],
    ['BOL no.', text(t.bol_number)],
    ['PO no.', text(t.po_number)],
    ['Start', formatInZone(t.start_time, timeZone)],
    ['End', formatInZone(t.end_time, timeZone)],
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
      { text: ticketMeasure(d, 'net_volume', volumeUnit(d)) || '—', alignment: 'right', bold: true },
      { text: ticketMeasure(d, 'net_weight') || '—', alignment: 'right' },
    ],
  ];
  const out: Content[] = [{ table: { headerRows: 1, widths: [18, '*', 80, 70, 64], body }, layout: gridLayout }];
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
  const unit = volumeUnit(d);
  const left: [string, string][] = [
    ['Gross volume', ticketMeasure(d, 'gross_volume', unit)],
    ['Net volume (15 °C)', ticketMeasure(d, 'net_volume', unit)],
    ['Water volume', ticketMeasure(d, 'water_volume', unit)],
    ['BS&W', ticketMeasure(d, 'bsw_percent')],
    ['Correction factor (CTL)', ticketMeasure(d, 'correction_factor')],
    ['Pressure', ticketMeasure(d, 'pressure')],
  ];
  const right: [string, string][] = [
    ['Observed temperature', ticketMeasure(d, 'temperature')],
    ['Observed density', ticketMeasure(d, 'observed_density')],
    ['Density at 15 °C', ticketMeasure(d, 'density_15c')],
    ['Gross weight', ticketMeasure(d, 'gross_weight')],
    ['Tare weight', ticketMeasure(d, 'tare_weight')],
    ['Net weight', ticketMeasure(d, 'net_weight')],
  ];
  const rows = left.map((l, i) => [cellHeading(l[0]), { text: l[1] || '—', alignment: 'right' as const }, cellHeading(right[i][0]), { text: right[i][1] || '—', alignment: 'right' as const }]);
  return { table: { widths: [95, '*', 95, '*'], body: rows }, layout: gridLayout };
}

/** The run ticket's headline figures in large type: what the load measured. */
export function loadSummary(d: TicketDocData): Content {
  const unit = volumeUnit(d);
  const figure = (title: string, value: string): TableCell => ({
    stack: [{ text: title.toUpperCase(), fontSize: 7, bold: true, color: '#444' }, { text: value || '—', fontSize: 14, bold: true, margin: [0, 2, 0, 0] }],
  });
  return {
    table: {
      widths: ['*', '*', '*', '*'],
      body: [[
        figure('Net volume (15 °C)', ticketMeasure(d, 'net_volume', unit)), figure('Gross volume', ticketMeasure(d, 'gross_volume', unit)),
        figure('Observed temperature', ticketMeasure(d, 'temperature')), figure('BS&W', ticketMeasure(d, 'bsw_percent')),
      ]],
    },
    layout: gridLayout,
  };
}

const ENTRY_QUANTITIES = ['start_reading', 'end_reading', 'gross_volume', 'net_volume', 'temperature', 'density', 'bsw_percent'];
const ENTRY_HEADINGS: Record<string, string> = { start_reading: 'Start reading', end_reading: 'End reading', gross_volume: 'Gross', net_volume: 'Net', temperature: 'Temp.', density: 'Density', bsw_percent: 'BS&W' };

/**
 * A list section (entries, properties), which may run over pages: its title is the table's first
 * header row, so pdfmake repeats title and column headings on each page and keeps them with the
 * first row (`keepWithHeaderRows`); rows stay whole. An empty list is a bounded section.
 */
function listSection(title: string, widths: (number | '*')[], head: string[], rows: TableCell[][], empty: string, padding = 4): Content {
  if (!rows.length) return titled(title, { text: empty, italics: true, color: '#555' });
  const titleRow: TableCell[] = [
    { ...heading(title), colSpan: widths.length, border: [false, false, false, false], margin: [-padding, 5, 0, -0.5] },
    ...widths.slice(1).map(() => ({})),
  ];
  return {
    table: { headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, widths, body: [titleRow, head.map(cellHeading), ...rows] },
    layout: { ...gridLayout, hLineWidth: (i: number) => (i === 0 ? 0 : 0.5), paddingLeft: () => padding, paddingRight: () => padding },
  };
}

/** Meter, gauge and scale readings: quantities with their declared places, units in the headings. */
export function entriesSection(d: TicketDocData, timeZone: string, title = 'Entries'): Content {
  const unitOf = (name: string) => {
    const f = ticketEntry.fields[name];
    return f.kind === 'decimal' ? f.unit : undefined;
  };
  const head = ['#', 'Type', 'Location', 'Recorded', ...ENTRY_QUANTITIES.map((n) => labelWithUnit(ENTRY_HEADINGS[n], unitOf(n)))];
  const rows: TableCell[][] = d.entries.map((e) => [
    text(e.sequence), label((ticketEntry.fields.entry_type as ChoiceField).choices, e.entry_type),
    text(d.entryLocations.get(String(e.location))?.name),
    formatInZone(e.recorded_at, timeZone),
    ...ENTRY_QUANTITIES.map((n) => ({ text: measure(ticketEntry, e, n, null), alignment: 'right' as const })),
  ]);
  // Eleven columns fit the page with tighter padding and a smaller type.
  return { ...(listSection(title, [9, 40, '*', 76, 48, 48, 34, 34, 28, 36, 28], head, rows, 'No entries recorded.', 2.5) as object), fontSize: 7 } as Content;
}

export function propertiesSection(d: TicketDocData): Content {
  const rows: TableCell[][] = d.properties.map((p) => [text(p.name), text(p.value), unitSymbol(p.unit)]);
  return listSection('Properties', ['*', '*', 60], ['Property', 'Value', 'Unit'], rows, 'No properties recorded.');
}

/** Remarks up to about a dozen lines are kept whole on one page (an unbreakable block longer than a page would lose its end). */
const SHORT_REMARKS = 1200;

/** The remarks section: kept whole when short, else its rows may run over the page. */
export function remarksSection(d: TicketDocData): Content {
  const length = text(d.ticket.comments).length + text(d.ticket.void_reason).length;
  return titled('Remarks', remarks(d), length <= SHORT_REMARKS);
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

/**
 * The closing block: the shipper's certification (dangerous goods only) and the signatures, kept
 * together on one page and never alone on one (./page-breaks.ts).
 */
export function closing(d: TicketDocData, certification: boolean, consigneeTitle = 'Consignee'): Content {
  // pdfmake reads an `id` on any node (its page-break callback sees it); its types allow it on text only.
  return {
    id: CLOSING,
    stack: [
      ...(certification && isDangerous(d.product) ? [{ text: SHIPPER_CERTIFICATION, fontSize: 7, italics: true, margin: [0, 6, 0, 0] } as Content] : []),
      ...signatures(d, consigneeTitle),
    ],
  } as Content;
}

/** Driver, terminal operator and consignee: printed name, signature and date lines. */
export function signatures(d: TicketDocData, consigneeTitle = 'Consignee'): Content[] {
  const box = (title: string, name: string): TableCell => ({
    stack: [
      { text: title.toUpperCase(), bold: true, fontSize: 7, color: '#444' },
      { text: name ? `Name: ${name}` : 'Name:', margin: [0, 2, 0, 12] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 150, y2: 0, lineWidth: 0.5 }] },
      small('Signature'),
      { text: ' ', margin: [0, 4, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 150, y2: 0, lineWidth: 0.5 }] },
      small('Date and time'),
    ],
  });
  const consignee = d.parties.consignee ? text(d.parties.consignee.name) : '';
  // Kept whole with its heading by the closing block's page-break rule (not `dontBreakRows`, whose
  // positions pdfmake reports where the row was measured: ./page-breaks.ts).
  return [
    heading('Signatures'),
    {
      table: {
        widths: ['*', '*', '*'],
        body: [[box('Driver', text(d.ticket.driver_signature)), box('Terminal operator', text(d.ticket.operator_signature)), box(consigneeTitle, consignee)]],
      },
      layout: gridLayout,
    },
  ];
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
    margin: [36, 8, 36, 0],
    columns: [
      { text: `Ticket ${text(d.ticket.code)} · ${templateRef} · printed ${printedAt}`, fontSize: 7, color: '#555' },
      { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7, color: '#555', width: 80 },
    ],
  };
}
