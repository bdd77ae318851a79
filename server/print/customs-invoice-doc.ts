/**
 * Template code `customs-invoice` (docs/invoicing.md, The printed customs invoice): the commercial
 * invoice a customs broker files from. Letter size: CUSTOMS INVOICE with its number and date; the
 * exporter, seller, buyer, consignee, importer of record and broker with their addresses; the
 * shipment (number, BOL, ship date, route), countries of export, origin and import, port of entry,
 * currency, end use, freight payment, census schedule and whether buyer and seller are related;
 * one row per car (HS code, description with UN number, class and packing group, quantity, unit,
 * unit value, value); the value of goods, discount, freight and total; the TSCA certification in
 * its regulatory words, signed. Drafts and void ones are watermarked.
 */
import type { Alignment, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDecimal } from '../../src/lib/format';
import { choiceWord } from '../../src/resources/fields';
import { CENSUS_SCHEDULES, END_USES, FREIGHT_PAYMENT, TSCA_CERTIFICATIONS } from '../../src/resources/terminal/cross-border-contract';
import { addressLines, text } from './format';
import type { Address, CustomsDocData } from './customs-invoice-data';

const WATERMARKS: Record<string, string> = { draft: 'DRAFT', void: 'VOID' };
const right: Alignment = 'right';
const money = (v: unknown) => formatDecimal(v ?? '0', 2);
const label = (t: string): Content => ({ text: t, fontSize: 7, color: '#555', margin: [0, 2, 0, 1] });

function party(title: string, a: Address): Content {
  return {
    stack: [
      label(title),
      ...(a ? [{ text: text(a.name), bold: true }, ...addressLines(a).map((x) => ({ text: x })), ...(a.tax_number ? [{ text: `Tax number ${text(a.tax_number)}` }] : [])] : [{ text: '—' }]),
    ],
    margin: [0, 0, 0, 6],
  };
}

function header(d: CustomsDocData): Content {
  const inv = d.invoice;
  const facts: [string, string][] = [
    ['Customs invoice', text(inv.code)], ['Date', text(inv.invoice_date)], ['Currency', text(inv.currency)],
    ['Shipment', d.shipment.number], ...(d.shipment.bol ? [['BOL', d.shipment.bol] as [string, string]] : []), ['Shipped', d.shipment.ship_date || '—'],
  ];
  return {
    columns: [
      { width: '*', stack: [{ text: text(d.seller.name), bold: true, fontSize: 13 }, ...[text(d.seller.address), text(d.seller.country)].filter(Boolean).map((x) => ({ text: x }))] },
      {
        width: 220, stack: [
          { text: 'CUSTOMS INVOICE', bold: true, fontSize: 17, alignment: right, margin: [0, 0, 0, 4] },
          { table: { widths: ['*', 'auto'], body: facts.map(([k, v]) => [{ text: k, color: '#555' }, { text: v, bold: true, alignment: right }]) }, layout: 'noBorders' },
        ],
      },
    ],
    margin: [0, 0, 0, 10],
  };
}

function partiesBlock(d: CustomsDocData): Content {
  const p = d.parties;
  return {
    columns: [
      { width: '*', stack: [party('EXPORTER', p.exporter), party('SELLER (VENDOR)', p.seller)] },
      { width: '*', stack: [party('BUYER (SOLD TO)', p.buyer), party('CONSIGNEE', p.consignee)] },
      { width: '*', stack: [party('IMPORTER OF RECORD', p.importer), party('CUSTOMS BROKER', p.broker)] },
    ],
    columnGap: 12,
  };
}

function termsBlock(d: CustomsDocData): Content {
  const inv = d.invoice;
  const rows: [string, string][] = [
    ['Country of export', text(inv.export_country)], ['Country of origin', text(inv.origin_country)], ['Country of import', text(inv.import_country)],
    ['Port of entry', text(inv.port_of_entry) || '—'], ['Route', d.shipment.routing || '—'],
    ['End use', `${text(inv.end_use)} – ${choiceWord(END_USES, inv.end_use)}`],
    ['Freight payment', `${text(inv.shipment_method_of_payment_choice)} – ${choiceWord(FREIGHT_PAYMENT, inv.shipment_method_of_payment_choice)}`],
    ['Census schedule', choiceWord(CENSUS_SCHEDULES, inv.census_schedule)],
    ['Buyer and seller related', inv.buyer_related ? 'Yes' : 'No'],
    ...(d.contract ? [['Cross-border contract', d.contract] as [string, string]] : []),
    ...(inv.entry_number ? [['Entry number', text(inv.entry_number)] as [string, string]] : []),
  ];
  const half = Math.ceil(rows.length / 2);
  const table = (part: [string, string][]) => ({ width: '*', table: { widths: [100, '*'], body: part.map(([k, v]) => [{ text: k, color: '#555' }, { text: v }]) }, layout: 'noBorders' });
  return { columns: [table(rows.slice(0, half)), table(rows.slice(half))], columnGap: 12, margin: [0, 4, 0, 10] } as Content;
}

function linesTable(d: CustomsDocData): Content {
  const heads = ['#', 'Car', 'HS code', 'Description', 'Quantity', 'Unit', 'Unit value', 'Value'];
  const head = heads.map((h, i) => ({ text: h, bold: true, fillColor: '#eeeeee', alignment: (i >= 4 && i !== 5 ? right : 'left') as Alignment }));
  const grey = (t: string) => ({ text: t, color: '#555', fontSize: 7 });
  const body = d.lines.map((l) => {
    const dg = l.un_number ? `${text(l.un_number)}, class ${text(l.hazard_class)}${l.packing_group ? `, PG ${text(l.packing_group)}` : ''}` : '';
    return [
      String(l.position), { text: text(l.mark_number), noWrap: true }, { text: text(l.hs_code), noWrap: true },
      [text(l.description), ...(dg ? [{ text: dg, bold: true, fontSize: 7 }] : []), ...(l.value_source ? [grey(`Valued from ${text(l.value_source)}`)] : [])],
      { text: formatDecimal(l.quantity, 3), alignment: right }, text(l.unit),
      { text: formatDecimal(l.unit_value, 4), alignment: right }, { text: money(l.value), alignment: right },
    ];
  });
  return { table: { headerRows: 1, dontBreakRows: true, widths: [14, 56, 58, '*', 58, 52, 48, 62], body: [head, ...body] }, layout: 'lightHorizontalLines', fontSize: 8 };
}

function totals(d: CustomsDocData): Content {
  const inv = d.invoice;
  const row = (k: string, v: string, bold = false) => [{ text: k, bold, alignment: right }, { text: v, bold, alignment: right }];
  const body = [
    row(`Value of goods (${formatDecimal(inv.quantity_total, 3)} ${text(inv.unit_or_basis_for_measurement)})`, money(inv.goods_value)),
    row('Discount', Number(inv.discount_amount ?? 0) ? `-${money(inv.discount_amount)}` : money('0')),
    row('Freight', inv.cost_of_freight === null || inv.cost_of_freight === undefined ? 'not invoiced' : money(inv.cost_of_freight)),
    row(`Total ${text(inv.currency)}`, money(inv.total), true),
  ];
  return { columns: [{ width: '*', text: '' }, { width: 280, table: { widths: ['*', 90], body }, layout: 'lightHorizontalLines' }], margin: [0, 10, 0, 0], unbreakable: true };
}

function certification(d: CustomsDocData): Content {
  const tsca = TSCA_CERTIFICATIONS[String(d.invoice.TSCA_statement)];
  return {
    stack: [
      label(`TSCA CERTIFICATION (${tsca ? `${tsca.kind.toUpperCase()}, ` : ''}19 CFR 12.121)`),
      { text: tsca?.text ?? text(d.invoice.TSCA_statement), margin: [0, 0, 0, 8] },
      ...(d.invoice.comments ? [{ text: text(d.invoice.comments), margin: [0, 0, 0, 8] } as Content] : []),
      {
        columns: [
          { width: '*', stack: [{ text: d.signer || ' ', margin: [0, 10, 0, 0] }, { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }] }, label('Name and signature')] },
          { width: 140, stack: [{ text: text(d.invoice.invoice_date), margin: [0, 10, 0, 0] }, { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 120, y2: 0, lineWidth: 0.5 }] }, label('Date')] },
        ],
      },
      ...(d.invoice.status === 'void' ? [{ text: `Void: ${text(d.invoice.void_reason)}`, color: '#c00000', margin: [0, 8, 0, 0] } as Content] : []),
    ],
    margin: [0, 14, 0, 0],
    unbreakable: true,
  };
}

export function customsInvoiceDocument(d: CustomsDocData, printedAt: string): TDocumentDefinitions {
  const mark = WATERMARKS[String(d.invoice.status)];
  const name = `Customs invoice ${text(d.invoice.code)}`;
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 32, 36, 36],
    info: { title: name, author: text(d.seller.name), subject: `${name}, shipment ${d.shipment.number}`, creator: 'bulk-logistics customs-invoice' },
    watermark: mark ? { text: mark, color: mark === 'VOID' ? '#c00000' : '#555555', opacity: 0.13, bold: true, fontSize: 130 } : undefined,
    defaultStyle: { fontSize: 8.5 },
    content: [header(d), partiesBlock(d), termsBlock(d), linesTable(d), totals(d), certification(d)],
    footer: (page: number, pages: number) => ({
      margin: [36, 10, 36, 0],
      columns: [
        { text: `${name} · ${d.lines.length} car${d.lines.length === 1 ? '' : 's'} · printed ${printedAt}`, fontSize: 7, color: '#555' },
        { text: `Page ${page} of ${pages}`, alignment: right, fontSize: 7, color: '#555', width: 80 },
      ],
    }),
  };
}
