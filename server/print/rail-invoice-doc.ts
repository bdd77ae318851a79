/**
 * Template code `invoice-custom` of a rail invoice (docs/invoicing.md, The printed invoice): what
 * a customer accepts as an invoice. Letter size: the seller with its address and tax number,
 * INVOICE (or CREDIT NOTE) with its number, dates and terms; bill-to with its address and tax
 * number; one row per line (car mark and number, shipment and BOL, ship date, what, product,
 * quantity, unit, unit price, amount, the conditions that applied under it); the subtotal, each
 * tax with its rate and the amount it applies to, the total in figures and in words, the currency.
 * The header row repeats on every page; a draft and a void invoice are watermarked.
 */
import type { Alignment, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDecimal } from '../../src/lib/format';
import { choiceWord } from '../../src/resources/fields';
import { UNITS } from '../../src/resources/invoice/common';
import { addressLines, text } from './format';
import { amountInWords } from './amount-words';
import type { RailInvoiceDocData } from './rail-invoice-data';

const WATERMARKS: Record<string, string> = { draft: 'DRAFT', void: 'VOID' };
const right: Alignment = 'right';
const money = (v: unknown) => formatDecimal(v, 2);
const label = (t: string): Content => ({ text: t, fontSize: 7, color: '#555', margin: [0, 4, 0, 1] });
const rate = (r: unknown) => `${formatDecimal(r).replace(/\.?0+$/, '')} %`;

const title = (d: RailInvoiceDocData) => (d.invoice.kind === 'credit_note' ? 'CREDIT NOTE' : 'INVOICE');
const number = (d: RailInvoiceDocData) => text(d.invoice.code) || `Draft ${text(d.invoice.id)}`;

function header(d: RailInvoiceDocData): Content {
  const inv = d.invoice;
  const terms = Number(inv.payment_terms_days ?? 0);
  const facts: [string, string][] = [
    [d.invoice.kind === 'credit_note' ? 'Credit note number' : 'Invoice number', number(d)],
    ['Date', text(inv.invoice_date) || 'not issued'],
    ...(inv.kind === 'credit_note' ? [] : [['Terms', terms === 0 ? 'Due on receipt' : `Net ${terms} days`] as [string, string], ['Due date', text(inv.due_date)] as [string, string]]),
    ['Currency', text(inv.currency)],
    ...(inv.po_number ? [['Your PO number', text(inv.po_number)] as [string, string]] : []),
    ...(d.credits ? [['Credits invoice', d.credits] as [string, string]] : []),
  ];
  const s = d.seller;
  return {
    columns: [
      {
        width: '*', stack: [
          { text: text(s.name), bold: true, fontSize: 13 },
          ...[text(s.address), text(s.country)].filter(Boolean).map((x) => ({ text: x })),
          ...(s.tax_number ? [{ text: `GST/HST registration ${text(s.tax_number)}` }] : []),
        ],
      },
      {
        width: 220, stack: [
          { text: title(d), bold: true, fontSize: 18, alignment: right, margin: [0, 0, 0, 4] },
          { table: { widths: ['*', 'auto'], body: facts.map(([k, v]) => [{ text: k, color: '#555' }, { text: v, bold: true, alignment: right }]) }, layout: 'noBorders' },
        ],
      },
    ],
    margin: [0, 0, 0, 14],
  };
}

function billTo(d: RailInvoiceDocData): Content {
  const p = d.party;
  return {
    stack: [
      label('BILL TO'), { text: text(p.name), bold: true }, ...addressLines(p).map((x) => ({ text: x })),
      ...(p.tax_number ? [{ text: `Tax number ${text(p.tax_number)}` }] : []),
      ...(p.code ? [{ text: `Account ${text(p.code)}`, color: '#555' }] : []),
    ],
    margin: [0, 0, 0, 12],
  };
}

function linesTable(d: RailInvoiceDocData): Content {
  const heads = ['#', 'Car', 'Shipment, BOL, shipped', 'Description', 'Quantity', 'Unit', 'Unit price', 'Amount'];
  const head = heads.map((h, i) => ({ text: h, bold: true, fillColor: '#eeeeee', alignment: (i >= 4 && i !== 5 ? right : 'left') as Alignment }));
  const grey = (t: string) => ({ text: t, color: '#555' });
  const body = d.lines.map((l) => [
    String(l.position), { text: l.car || '—', noWrap: true }, [l.shipment, ...(l.bol ? [grey(`BOL ${l.bol}`)] : []), grey(l.ship_date)],
    [l.description, ...(l.product ? [grey(l.product)] : []), ...(l.conditions ? [{ text: l.conditions, italics: true, fontSize: 7 }] : [])],
    { text: formatDecimal(l.quantity, 3), alignment: right }, choiceWord(UNITS, l.unit),
    { text: formatDecimal(l.unit_price, 4), alignment: right }, { text: money(l.amount), alignment: right },
  ]);
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [14, 56, 70, '*', 54, 34, 48, 58], body: [head, ...body] },
    layout: 'lightHorizontalLines', fontSize: 8,
  };
}

function totals(d: RailInvoiceDocData): Content {
  const inv = d.invoice;
  const row = (k: string, v: string, bold = false) => [{ text: k, bold, alignment: right }, { text: v, bold, alignment: right }];
  const taxes = (inv.taxes as { code: string; rate: string; base: string; amount: string }[] | null) ?? [];
  const taxRows = taxes.length
    ? taxes.map((t) => row(`${t.code} ${rate(t.rate)} on ${money(t.base)}`, money(t.amount)))
    : [row(inv.tax_place === 'EXPORT' ? 'Zero-rated export' : inv.tax_place === 'EXEMPT' ? 'Tax exempt' : 'Taxes', money('0'))];
  return {
    stack: [
      {
        columns: [
          { width: '*', text: '' },
          { width: 250, table: { widths: ['*', 90], body: [row('Subtotal', money(inv.subtotal)), ...taxRows, row(`Total ${text(inv.currency)}`, money(inv.total), true)] }, layout: 'lightHorizontalLines' },
        ],
      },
      { text: `Amount${inv.kind === 'credit_note' ? ' credited' : ' due'}: ${amountInWords(String(inv.total).replace('-', ''), String(inv.currency))}`, margin: [0, 8, 0, 0], italics: true },
    ],
    margin: [0, 10, 0, 0],
    unbreakable: true,
  };
}

function remarks(d: RailInvoiceDocData): Content[] {
  const out: Content[] = [];
  if (d.invoice.comments) out.push({ text: text(d.invoice.comments), margin: [0, 10, 0, 0] });
  if (d.invoice.status === 'void') out.push({ text: `Void: ${text(d.invoice.void_reason)}`, color: '#c00000', margin: [0, 8, 0, 0] });
  if (d.invoice.status === 'paid') out.push({ text: `Paid on ${text(d.invoice.paid_date)}. Thank you.`, margin: [0, 8, 0, 0] });
  return out;
}

export function railInvoiceDocument(d: RailInvoiceDocData, printedAt: string): TDocumentDefinitions {
  const mark = WATERMARKS[String(d.invoice.status)];
  const name = `${title(d) === 'INVOICE' ? 'Invoice' : 'Credit note'} ${number(d)}`;
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 32, 36, 36],
    info: { title: name, author: text(d.seller.name), subject: `${name} to ${text(d.party.name)}`, creator: 'bulk-logistics invoice-custom' },
    watermark: mark ? { text: mark, color: mark === 'VOID' ? '#c00000' : '#555555', opacity: 0.13, bold: true, fontSize: 130 } : undefined,
    defaultStyle: { fontSize: 9 },
    content: [header(d), billTo(d), linesTable(d), totals(d), ...remarks(d)],
    footer: (page: number, pages: number) => ({
      margin: [36, 10, 36, 0],
      columns: [
        { text: `${name} · ${d.lines.length} line${d.lines.length === 1 ? '' : 's'} · printed ${printedAt}`, fontSize: 7, color: '#555' },
        { text: `Page ${page} of ${pages}`, alignment: right, fontSize: 7, color: '#555', width: 80 },
      ],
    }),
  };
}
