/**
 * SAP IDocs in their XML form (docs/erp.md): the control record EDI_DC40, then the segments of the
 * basic type. Invoices are INVOIC02 (message INVOIC): E1EDK01 header, E1EDK02 references, E1EDK03
 * dates, E1EDKA1 partners, per line E1EDP01 with E1EDP19 (material) and E1EDP26 (amount), then
 * E1EDS01 totals. Deliveries are DELVRY07 (DESADV): E1EDL20 header, E1EDL24 items. Every value is
 * escaped; the result is well-formed XML whatever the names hold.
 */
export const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const seg = (name: string, fields: Record<string, string>, inner = '') =>
  `<${name} SEGMENT="1">${Object.entries(fields).filter(([, v]) => v !== '').map(([k, v]) => `<${k}>${xmlText(v)}</${k}>`).join('')}${inner}</${name}>`;
const sapDate = (d: string) => d.replace(/-/g, '');
const posnr = (n: number) => String(n * 10).padStart(6, '0');

interface Control { type: string; message: string; sender: string; date: string; number: string; test: boolean }
function document(c: Control, body: string): string {
  const control = seg('EDI_DC40', {
    TABNAM: 'EDI_DC40', DOCNUM: c.number.replace(/\D/g, '').slice(-16), DIRECT: '2', IDOCTYP: c.type, MESTYP: c.message,
    SNDPRT: 'LS', SNDPRN: c.sender.slice(0, 10), CREDAT: sapDate(c.date), ...(c.test ? { TEST: 'X' } : {}),
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${c.type}><IDOC BEGIN="1">${control}${body}</IDOC></${c.type}>\n`;
}

export interface IdocParty { code: string; name: string; street?: string; city?: string; postal?: string; region?: string; country?: string }
export interface IdocInvoice {
  number: string; date: string; due?: string; currency: string; sender: string; po?: string; terms?: string;
  billTo: IdocParty; taxRate?: string;
  lines: { position: number; material: string; description: string; quantity: string; unit: string; unitPrice: string; amount: string }[];
  subtotal: string; tax: string; total: string; test?: boolean;
}

export function invoiceIdoc(i: IdocInvoice): string {
  const p = i.billTo;
  const body = seg('E1EDK01', { CURCY: i.currency, ZTERM: i.terms ?? '', BELNR: i.number })
    + seg('E1EDK02', { QUALF: '009', BELNR: i.number, DATUM: sapDate(i.date) })
    + (i.po ? seg('E1EDK02', { QUALF: '001', BELNR: i.po }) : '')
    + seg('E1EDK03', { IDDAT: '012', DATUM: sapDate(i.date) })
    + (i.due ? seg('E1EDK03', { IDDAT: '028', DATUM: sapDate(i.due) }) : '')
    + seg('E1EDKA1', { PARVW: 'RE', PARTN: p.code, NAME1: p.name, STRAS: p.street ?? '', ORT01: p.city ?? '', PSTLZ: p.postal ?? '', REGIO: p.region ?? '', LAND1: p.country ?? '' })
    + i.lines.map((l) => seg('E1EDP01', { POSEX: posnr(l.position), MENGE: l.quantity, MENEE: l.unit, VPREI: l.unitPrice, NETWR: l.amount },
      seg('E1EDP19', { QUALF: '002', IDTNR: l.material, KTEXT: l.description.slice(0, 70) }) + seg('E1EDP26', { QUALF: '003', BETRG: l.amount }))).join('')
    + seg('E1EDS01', { SUMID: '010', SUMME: i.subtotal, WAERQ: i.currency })
    + seg('E1EDS01', { SUMID: '005', SUMME: i.tax, WAERQ: i.currency })
    + seg('E1EDS01', { SUMID: '011', SUMME: i.total, WAERQ: i.currency });
  return document({ type: 'INVOIC02', message: 'INVOIC', sender: i.sender, date: i.date, number: i.number, test: !!i.test }, body);
}

export interface IdocDelivery { number: string; date: string; sender: string; test?: boolean; items: { position: number; material: string; quantity: string; unit: string }[] }

export function deliveryIdoc(d: IdocDelivery): string {
  const body = seg('E1EDL20', { VBELN: d.number, LFDAT: sapDate(d.date) })
    + d.items.map((it) => seg('E1EDL24', { POSNR: posnr(it.position), MATNR: it.material, LFIMG: it.quantity, VRKME: it.unit })).join('');
  return document({ type: 'DELVRY07', message: 'DESADV', sender: d.sender, date: d.date, number: d.number, test: !!d.test }, body);
}
