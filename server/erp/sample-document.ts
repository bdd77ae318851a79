/**
 * The sample document an ERP export's test send carries (docs/erp.md, Test send): one document of
 * the export's kind in its format, marked as a test everywhere a receiving system looks (a `test`
 * column, `"test": true`, the IDoc control record's TEST flag), so an ERP that imports it anyway
 * can tell it apart and drop it.
 */
import type { ERP_DOCUMENTS, ERP_FORMATS } from '../../src/resources/accounts/erp-export';

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
const xml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function csv(s: Sample): string {
  const header = ['document_type', 'document_number', 'document_date', 'company', 'position', 'product', 'quantity', 'unit', 'unit_price', 'amount', 'currency', 'test'];
  const row = [s.kind, s.number, s.date, s.company, String(s.line.position), s.line.product, s.line.quantity, s.line.unit, s.line.unit_price, s.line.amount, s.currency, 'true'];
  return `${header.join(',')}\r\n${row.map(csvField).join(',')}\r\n`;
}

/**
 * An IDoc in SAP's XML form: the control record (EDI_DC40) then the header and item segments of
 * the basic type. Tickets are deliveries (DELVRY07: E1EDL20 header, E1EDL24 item); invoices are
 * INVOIC02 (E1EDK01 header, E1EDP01 item).
 */
function idoc(s: Sample): string {
  const delivery = s.kind === 'tickets';
  const [type, message] = delivery ? ['DELVRY07', 'DESADV'] : ['INVOIC02', 'INVOIC'];
  const seg = (name: string, fields: Record<string, string>) =>
    `<${name} SEGMENT="1">${Object.entries(fields).map(([k, v]) => `<${k}>${xml(v)}</${k}>`).join('')}</${name}>`;
  const control = seg('EDI_DC40', { TABNAM: 'EDI_DC40', DIRECT: '2', IDOCTYP: type, MESTYP: message, SNDPRT: 'LS', SNDPRN: s.company.slice(0, 10), CREDAT: s.date.replace(/-/g, ''), TEST: 'X' });
  const body = delivery
    ? seg('E1EDL20', { VBELN: s.number, LFDAT: s.date.replace(/-/g, '') }) + seg('E1EDL24', { POSNR: String(s.line.position).padStart(6, '0'), MATNR: s.line.product, LFIMG: s.line.quantity, VRKME: s.line.unit })
    : seg('E1EDK01', { CURCY: s.currency, BELNR: s.number }) + seg('E1EDP01', { POSEX: String(s.line.position).padStart(6, '0'), MENGE: s.line.quantity, MENEE: s.line.unit, VPREI: s.line.unit_price, NETWR: s.line.amount });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${type}><IDOC BEGIN="1">${control}${body}</IDOC></${type}>\n`;
}

export function sampleDocument(kind: DocumentKind, format: Format, company: string, now = new Date()): SampleFile {
  const s = sampleOf(kind, company, now);
  const base = `${s.kind}-${s.number}`;
  if (format === 'json') return { filename: `${base}.json`, contentType: 'application/json', body: Buffer.from(JSON.stringify({ test: true, document_type: s.kind, document_number: s.number, document_date: s.date, company: s.company, currency: s.currency, lines: [s.line] }, null, 2)) };
  if (format === 'sap_idoc') return { filename: `${base}.xml`, contentType: 'application/xml', body: Buffer.from(idoc(s)) };
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(csv(s)) };
}
