/**
 * The sample document an ERP export's test send carries (docs/erp.md, Test send): one document of
 * the export's kind in its format, marked as a test everywhere a receiving system looks (a `test`
 * column, `"test": true`, the IDoc control record's TEST flag), so an ERP that imports it anyway
 * can tell it apart and drop it.
 */
import type { ERP_DOCUMENTS, ERP_FORMATS } from '../../src/resources/accounts/erp-export';
import { deliveryIdoc, invoiceIdoc } from './idoc';

type DocumentKind = (typeof ERP_DOCUMENTS)[number][0];
type Format = (typeof ERP_FORMATS)[number][0];

export interface SampleFile { filename: string; contentType: string; body: Buffer }

interface Sample {
  kind: DocumentKind; number: string; date: string; company: string; currency: string;
  line: { position: number; product: string; quantity: string; unit: string; unit_price: string; amount: string };
}

const sampleOf = (kind: DocumentKind, company: string, now: Date): Sample => ({
  kind,
  number: `TEST-${now.toISOString().slice(0, 19).replace(/\D/g, '')}`,
  date: now.toISOString().slice(0, 10),
  company,
  currency: 'CAD',
  line: { position: 10, product: 'TEST PRODUCT', quantity: '1.000', unit: 'M3', unit_price: '0.00', amount: '0.00' },
});

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function csv(s: Sample): string {
  const header = ['document_type', 'document_number', 'document_date', 'company', 'position', 'product', 'quantity', 'unit', 'unit_price', 'amount', 'currency', 'test'];
  const row = [s.kind, s.number, s.date, s.company, String(s.line.position), s.line.product, s.line.quantity, s.line.unit, s.line.unit_price, s.line.amount, s.currency, 'true'];
  return `${header.join(',')}\r\n${row.map(csvField).join(',')}\r\n`;
}

/** The sample as an IDoc (server/erp/idoc.ts), its control record marked TEST. */
function idoc(s: Sample): string {
  const l = s.line;
  if (s.kind === 'tickets') return deliveryIdoc({ number: s.number, date: s.date, sender: s.company, test: true, items: [{ position: 1, material: l.product, quantity: l.quantity, unit: l.unit }] });
  return invoiceIdoc({
    number: s.number, date: s.date, currency: s.currency, sender: s.company, test: true, billTo: { code: 'TEST', name: 'TEST CUSTOMER' },
    lines: [{ position: 1, material: l.product, description: l.product, quantity: l.quantity, unit: l.unit, unitPrice: l.unit_price, amount: l.amount }],
    subtotal: l.amount, tax: '0.00', total: l.amount,
  });
}

export function sampleDocument(kind: DocumentKind, format: Format, company: string, now = new Date()): SampleFile {
  const s = sampleOf(kind, company, now);
  const base = `${s.kind}-${s.number}`;
  if (format === 'json') return { filename: `${base}.json`, contentType: 'application/json', body: Buffer.from(JSON.stringify({ test: true, document_type: s.kind, document_number: s.number, document_date: s.date, company: s.company, currency: s.currency, lines: [s.line] }, null, 2)) };
  if (format === 'sap_idoc') return { filename: `${base}.xml`, contentType: 'application/xml', body: Buffer.from(idoc(s)) };
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(csv(s)) };
}
