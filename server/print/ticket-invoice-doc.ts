/**
 * Template code `invoice-custom`: a ticket invoice as the customer receives it (docs/terminal.md,
 * Invoice documents). Letter size: the issuer and INVOICE with its number and dates, bill-to, the
 * contract and terms, one row per charge (ticket, date, description, product, quantity, unit,
 * unit price, amount), then subtotal, tax and total in the invoice's currency. The header row of
 * the lines repeats on every page; DRAFT, PENDING APPROVAL and VOID are watermarked, because only
 * an approved invoice is one a customer should pay.
 */
import type { Alignment, Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDecimal } from '../../src/lib/format';
import { choiceWord } from '../../src/resources/fields';
import { INVOICE_METHODS } from '../../src/resources/terminal/ticket-invoice';
import { addressLines, text } from './format';
import type { InvoiceDocData } from './ticket-invoice-data';

const WATERMARKS: Record<string, string> = { draft: 'DRAFT', pending_approval: 'NOT APPROVED', void: 'VOID' };

const money = (v: unknown) => formatDecimal(v, 2);
const label = (t: string): Content => ({ text: t, fontSize: 7, color: '#555', margin: [0, 0, 0, 1] });

function header(d: InvoiceDocData): Content {
  const inv = d.invoice;
  const facts: [string, string][] = [
    ['Invoice number', text(inv.code)], ['Invoice date', text(inv.invoice_date)], ['Due date', text(inv.due_date)],
    ['Currency', text(inv.currency)], ...(inv.po_number ? [['Your PO number', text(inv.po_number)] as [string, string]] : []),
  ];
  return {
    columns: [
      { width: '*', stack: [{ text: d.issuer.name, bold: true, fontSize: 13 }, ...[d.issuer.address, d.issuer.country].filter(Boolean).map((x) => ({ text: x }))] },
      {
        width: 200, stack: [
          { text: 'INVOICE', bold: true, fontSize: 18, alignment: 'right', margin: [0, 0, 0, 4] },
          { table: { widths: ['*', 'auto'], body: facts.map(([k, v]) => [{ text: k, color: '#555' }, { text: v, bold: true, alignment: 'right' }]) }, layout: 'noBorders' },
        ],
      },
    ],
    margin: [0, 0, 0, 14],
  };
}

function parties(d: InvoiceDocData): Content {
  const c = d.customer;
  const terms = d.contract?.payment_terms_days;
  return {
    columns: [
      { width: '*', stack: [label('BILL TO'), { text: text(c?.name), bold: true }, ...addressLines(c).map((x) => ({ text: x })), ...(c?.email ? [{ text: text(c.email) }] : [])] },
      {
        width: '*', stack: [
          label('SERVICE CONTRACT'), { text: d.contract ? `${d.contract.code} – ${d.contract.name}` : '' },
          label('TERMS'), { text: terms === null || terms === undefined ? '' : terms === 0 ? 'Due on receipt' : `Net ${terms} days` },
        ],
      },
    ],
    margin: [0, 0, 0, 12],
  };
}

const right: Alignment = 'right';

function linesTable(d: InvoiceDocData): Content {
  const head = ['#', 'Ticket', 'Date', 'Description', 'Product', 'Quantity', 'Unit', 'Unit price', 'Amount']
    .map((h, i) => ({ text: h, bold: true, fillColor: '#eeeeee', alignment: (i >= 5 && i !== 6 ? 'right' : 'left') as Alignment }));
  const body = d.lines.map((l) => [
    String(l.position), l.ticket, l.ticket_date, l.description, l.product,
    { text: formatDecimal(l.quantity, 3), alignment: right }, l.unit,
    { text: formatDecimal(l.unit_price, 4), alignment: right }, { text: money(l.amount), alignment: right },
  ]);
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [14, 50, 46, '*', 76, 50, 26, 48, 56], body: [head, ...body] },
    layout: 'lightHorizontalLines',
  };
}

function totals(d: InvoiceDocData): Content {
  const inv = d.invoice;
  // A rate as people write it: 5 %, 13 %, 4.975 % (no padding zeros).
  const rate = inv.tax_rate === null || inv.tax_rate === undefined ? '' : ` (${formatDecimal(inv.tax_rate).replace(/\.?0+$/, '')}%)`;
  const row = (k: string, v: string, bold = false) => [{ text: k, bold, alignment: right }, { text: v, bold, alignment: right }];
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 220, table: {
          widths: ['*', 90], body: [
            row('Subtotal', money(inv.subtotal)),
            row(`${text(inv.tax_name) || 'Tax'}${rate}`, money(inv.tax_total)),
            row(`Total ${text(inv.currency)}`, money(inv.total), true),
          ],
        }, layout: 'lightHorizontalLines',
      },
    ],
    margin: [0, 10, 0, 0],
    unbreakable: true,
  };
}

function remarks(d: InvoiceDocData): Content[] {
  const out: Content[] = [];
  const methods = (d.invoice.invoice_methods as string[] | null) ?? [];
  if (methods.length) out.push({ text: `Sent by: ${methods.map((m) => choiceWord(INVOICE_METHODS, m)).join(', ')}`, margin: [0, 12, 0, 0] });
  if (d.invoice.comments) out.push({ text: text(d.invoice.comments), margin: [0, 8, 0, 0] });
  if (d.invoice.status === 'void') out.push({ text: `Void: ${text(d.invoice.void_reason)}`, color: '#c00000', margin: [0, 8, 0, 0] });
  return out;
}

export function ticketInvoiceDocument(d: InvoiceDocData, printedAt: string): TDocumentDefinitions {
  const mark = WATERMARKS[String(d.invoice.status)];
  return {
    pageSize: 'LETTER',
    pageMargins: [36, 32, 36, 36],
    info: { title: `Invoice ${text(d.invoice.code)}`, author: d.issuer.name, subject: `Invoice ${text(d.invoice.code)} to ${text(d.customer?.name)}`, creator: 'bulk-logistics invoice-custom' },
    watermark: mark ? { text: mark, color: mark === 'VOID' ? '#c00000' : '#555555', opacity: 0.13, bold: true, fontSize: mark.length > 6 ? 70 : 130 } : undefined,
    content: [header(d), parties(d), linesTable(d), totals(d), ...remarks(d)],
    footer: (page: number, pages: number) => ({
      margin: [36, 10, 36, 0],
      columns: [
        { text: `Invoice ${text(d.invoice.code)} · ${d.lines.length} line${d.lines.length === 1 ? '' : 's'} · printed ${printedAt}`, fontSize: 7, color: '#555' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7, color: '#555', width: 80 },
      ],
    }),
  };
}
