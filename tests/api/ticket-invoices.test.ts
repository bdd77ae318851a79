/**
 * Ticket invoices and service contracts (docs/terminal.md, Service contracts; Ticket invoices)
 * through the real server: invoices priced from completed tickets by the contract's lines (exact
 * decimals; totals equal the sum of the lines), a ticket never invoiced twice, the workflow's
 * moves and codenames, the documents (PDF, CSV, XLSX, SAP IDoc zip), mail and Jobutrax against a
 * local receiver, and another company seeing none of it. Every refusal writes nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, getBinary, makeTerminal, pdfText, ticketBody, unzipEntries } from './terminal-tickets-fixtures';

const INV = `${TB}/ticket-invoice`;
let receiver: http.Server;
let port: number;
const received: { url?: string; body: string; auth?: string }[] = [];
let s: TestServer;
let admin: string;
let operator: string;
let partner: string;
let t: Terminal;
let bbl: any;
let contract: any;
let lines: Record<string, any> = {};

const call = (method: string, path: string, body?: unknown, token = admin) => s.call(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown, token = admin, status = [200, 201]) => {
  const res = await call(method, path, body, token);
  expect(status, `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
  return res.body;
};
const invoiceCount = async () => (await ok('GET', `${INV}/?page_size=0`)).length;

/** A completed ticket of the shipper; `extra` overrides. */
const completed = (extra: Record<string, unknown> = {}) => ok('POST', `${TB}/ticket/`, ticketBody(t, {
  status: 'completed', ticket_type: 'receipt', shipper: t.shipper.id, volume_unit: t.unit.id,
  gross_volume: '38.412', net_volume: '37.986', net_weight: '32130.0', ...extra,
}));

/** Cents of a decimal string, as a BigInt: sums in the test never touch floats either. */
const cents = (v: string) => { const [w, f = ''] = v.split('.'); return BigInt(w) * 100n + BigInt((f + '00').slice(0, 2)) * (v.startsWith('-') ? -1n : 1n); };

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url, body: Buffer.concat(chunks).toString('utf8'), auth: req.headers.authorization });
      if (req.url === '/down') res.writeHead(503, { 'content-type': 'text/plain' }).end('Maintenance until 06:00');
      else res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ reference: `JX-${received.length}` }));
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
  s = await startServer({ FETCH_ALLOWED_HOSTS: `127.0.0.1:${port}`, FETCH_ALLOWED_NETWORKS: '127.0.0.1/32', FETCH_TIMEOUT_MS: '2000' });
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, operator, partner] = await Promise.all(['siteadmin@demo.test', 'operator@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin, 'I');
  bbl = await ok('POST', '/api/terminalboss/measurementunit/', { name: 'Barrel (test)', code: 'bblI', unit_type: 'volume', to_base_factor: '0.1589872949' });
  contract = await ok('POST', `${TB}/service-contract/`, {
    code: 'SC-PRO-2026', name: 'Peace River terminalling', customer: t.shipper.id, effective_date: '2026-01-01', expiration_date: '2026-12-31',
    currency: 'CAD', payment_terms_days: 30, tax_name: 'GST', tax_rate: '5',
  });
  const line = (body: Record<string, unknown>) => ok('POST', `${TB}/service-contract-ticket/`, { service_contract: contract.id, ...body });
  lines = {
    fee: await line({ description: 'Terminalling fee', ticket_type: 'receipt', basis: 'net_volume', unit: t.unit.id, unit_price: '2.3456' }),
    admin: await line({ description: 'Ticket administration', basis: 'load', unit_price: '15' }),
    // Priced per barrel: a ticket in m³ is converted (37.986 m³ = 238.925 bbl).
    tariff: await line({ description: 'Pipeline tariff', product: t.product.id, basis: 'net_volume', unit: bbl.id, unit_price: '0.4321', minimum_charge: '50' }),
  };
}, 120_000);
afterAll(async () => {
  await s?.close();
  await new Promise((done) => receiver?.close(done));
});

describe('service contracts', () => {
  it('refuses dates out of order, a charge twice for the same tickets and a unit of the wrong kind; writes nothing', async () => {
    const bad = await call('PATCH', `${TB}/service-contract/${contract.id}/`, { expiration_date: '2025-12-31' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ expiration_date: ['The contract cannot end before it takes effect.'] });
    const twice = await call('POST', `${TB}/service-contract-ticket/`, { service_contract: contract.id, description: 'terminalling FEE', ticket_type: 'receipt', basis: 'net_volume', unit_price: '3' });
    expect(twice.status).toBe(400);
    expect(twice.body.description[0]).toMatch(/already charges this/);
    const kg = await ok('POST', '/api/terminalboss/measurementunit/', { name: 'Kilogram (test)', code: 'kgI', unit_type: 'mass' });
    const wrong = await call('POST', `${TB}/service-contract-ticket/`, { service_contract: contract.id, description: 'Storage', basis: 'net_volume', unit: kg.id, unit_price: '1' });
    expect(wrong.body).toEqual({ unit: ['A charge by volume is priced per a volume unit.'] });
    const all = await ok('GET', `${TB}/service-contract-ticket/?service_contract=${contract.id}&page_size=0`);
    expect(all).toHaveLength(3);
  });

  it('a copy takes the price lines; bulk_update_prices changes them all or none', async () => {
    const copy = await ok('POST', `${TB}/service-contract/${contract.id}/clone/`, { code: 'SC-PRO-2027', effective_date: '2027-01-01', expiration_date: '2027-12-31' });
    const copied = await ok('GET', `${TB}/service-contract-ticket/?service_contract=${copy.id}&page_size=0`);
    expect(copied.map((l: any) => [l.description, l.unit_price]).sort()).toEqual([['Pipeline tariff', '0.4321'], ['Terminalling fee', '2.3456'], ['Ticket administration', '15.0000']]);
    const fee = copied.find((l: any) => l.description === 'Terminalling fee');
    const admin2 = copied.find((l: any) => l.description === 'Ticket administration');
    // One line of another contract: nothing changes.
    const refused = await call('POST', `${TB}/service-contract/${copy.id}/bulk_update_prices/`, { update_list: [{ id: fee.id, unit_price: '2.5' }, { id: lines.fee.id, unit_price: '9' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.update_list[0]).toMatch(/is no price line of this contract/);
    const negative = await call('POST', `${TB}/service-contract/${copy.id}/bulk_update_prices/`, { update_list: [{ id: fee.id, unit_price: '2.5' }, { id: admin2.id, unit_price: '-1' }] });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toMatch(/Ticket administration/);
    expect((await ok('GET', `${TB}/service-contract-ticket/${fee.id}/`)).unit_price).toBe('2.3456');
    const done = await ok('POST', `${TB}/service-contract/${copy.id}/bulk_update_prices/`, { update_list: [{ id: fee.id, unit_price: '2.5' }, { id: admin2.id, unit_price: '16', minimum_charge: '16' }] });
    expect(done.updated).toBe(2);
    expect((await ok('GET', `${TB}/service-contract-ticket/${admin2.id}/`)).minimum_charge).toBe('16.00');
    expect((await call('POST', `${TB}/service-contract/${copy.id}/bulk_update_prices/`, { update_list: [{ id: fee.id, description: 'x' }] })).status).toBe(400);
    expect((await call('POST', `${TB}/service-contract/${copy.id}/bulk_update_prices/`, { update_list: [{ id: fee.id, unit_price: '3' }] }, operator)).status).toBe(403);
  });
});

describe('building invoices from tickets', () => {
  let invoice: any;
  let tickets: any[];

  it('prices every matching charge of each ticket exactly; the totals are the sum of the lines', async () => {
    tickets = [
      await completed({ ticket_date: '2026-11-20' }),
      await completed({ ticket_date: '2026-11-21', net_volume: '12.005' }),
      // Delivered in barrels: the fee per m³ converts it, the tariff per barrel takes it as is.
      await completed({ ticket_date: '2026-11-22', volume_unit: bbl.id, net_volume: '200.000' }),
    ];
    const before = await invoiceCount();
    const made = await ok('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: tickets.map((x) => x.id), invoice_date: '2026-11-30' });
    expect(made.created).toBe(1);
    expect(await invoiceCount()).toBe(before + 1);
    invoice = await ok('GET', `${INV}/${made.invoices[0].id}/`);
    expect(invoice).toMatchObject({
      status: 'draft', customer: t.shipper.id, service_contract: contract.id, currency: 'CAD', invoice_date: '2026-11-30', due_date: '2026-12-30',
      ticket_count: 3, tax_name: 'GST', tax_rate: '5.000',
    });
    expect(invoice.code).toMatch(/^INV-\d{6}$/);
    const got = await ok('GET', `${TB}/ticket-invoice-line/?invoice=${invoice.id}&ordering=position&page_size=0`);
    const row = (l: any) => [l.position, l.description, l.quantity, l.unit, l.unit_price, l.amount];
    expect(got.map(row)).toEqual([
      // 37.986 m³: fee 37.986 × 2.3456 = 89.1000 -> 89.10; tariff 238.925 bbl × 0.4321 = 103.24
      [1, 'Terminalling fee', '37.986', t.unit.id, '2.3456', '89.10'],
      [2, 'Ticket administration', '1.000', null, '15.0000', '15.00'],
      [3, 'Pipeline tariff', '238.925', bbl.id, '0.4321', '103.24'],
      // 12.005 m³: fee 28.16; tariff 75.509 bbl × 0.4321 = 32.63, below the minimum charge: 50.00
      [4, 'Terminalling fee', '12.005', t.unit.id, '2.3456', '28.16'],
      [5, 'Ticket administration', '1.000', null, '15.0000', '15.00'],
      [6, 'Pipeline tariff', '75.509', bbl.id, '0.4321', '50.00'],
      // 200 bbl = 31.797 m³: fee 74.58; tariff 200 × 0.4321 = 86.42
      [7, 'Terminalling fee', '31.797', t.unit.id, '2.3456', '74.58'],
      [8, 'Ticket administration', '1.000', null, '15.0000', '15.00'],
      [9, 'Pipeline tariff', '200.000', bbl.id, '0.4321', '86.42'],
    ]);
    const sum = got.reduce((a: bigint, l: any) => a + cents(l.amount), 0n);
    expect(cents(invoice.subtotal)).toBe(sum);
    expect(invoice.subtotal).toBe('476.50');
    expect(invoice.tax_total).toBe('23.83'); // 5 % of 476.50 = 23.825, half away from zero
    expect(cents(invoice.total)).toBe(sum + cents(invoice.tax_total));
    // The tickets name their invoice.
    expect((await ok('GET', `${TB}/ticket/${tickets[0].id}/`)).invoice).toBe(invoice.id);
    expect((await ok('GET', `${TB}/ticket/?invoice__isnull=true&page_size=0&id__in=${tickets.map((x) => x.id).join(',')}`))).toHaveLength(0);
  });

  it('never invoices a ticket twice, nor one not completed, nor one no contract prices; nothing is written', async () => {
    const before = await invoiceCount();
    const draft = await ok('POST', `${TB}/ticket/`, ticketBody(t, { shipper: t.shipper.id }));
    const strange = await completed({ shipper: t.consignee.id });
    const old = await completed({ ticket_date: '2025-06-01' });
    const fresh = await completed();
    const res = await call('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [fresh.id, tickets[0].id, draft.id] });
    expect(res.status).toBe(400);
    expect(res.body.ticket_ids).toEqual([`${tickets[0].code}: already on invoice ${invoice.code}.`, `${draft.code}: only a completed ticket is invoiced (this one is draft).`]);
    const unpriced = await call('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [fresh.id, strange.id, old.id] });
    expect(unpriced.status).toBe(400);
    expect(unpriced.body.ticket_ids).toEqual([
      `${old.code}: no enabled service contract of its shipper covers 2025-06-01 at its site.`,
      `${strange.code}: no enabled service contract of its shipper covers 2026-11-20 at its site.`,
    ]);
    expect(await invoiceCount()).toBe(before);
    expect((await ok('GET', `${TB}/ticket/${fresh.id}/`)).invoice).toBeNull();
    // Two calls at once with the same ticket: one invoices it, the other is told it is taken.
    const race = await Promise.all([1, 2].map(() => call('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [fresh.id] })));
    expect(race.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await invoiceCount()).toBe(before + 1);
    const loser = race.find((r) => r.status === 400)!;
    expect(loser.body.ticket_ids[0]).toMatch(/already on invoice INV-/);
    // Clean up: the draft made by the race is deleted, which frees its ticket.
    const won = race.find((r) => r.status === 200)!.body.invoices[0];
    expect((await call('DELETE', `${INV}/${won.id}/`)).status).toBe(204);
    expect((await ok('GET', `${TB}/ticket/${fresh.id}/`)).invoice).toBeNull();
  });

  it('is made only from tickets; its lines are not written by hand; a billed ticket keeps what it was billed for', async () => {
    const plain = await call('POST', `${INV}/`, { invoice_date: '2026-11-30' });
    expect(plain.status).toBe(400);
    expect(plain.body.non_field_errors[0]).toMatch(/built from completed tickets/);
    expect((await call('POST', `${TB}/ticket-invoice-line/`, {})).status).toBe(404);
    const changed = await call('PATCH', `${TB}/ticket/${tickets[0].id}/`, { net_volume: '40.000' });
    expect(changed.status).toBe(400);
    expect(changed.body.non_field_errors[0]).toBe(`Ticket ${tickets[0].code} is billed on invoice ${invoice.code}: void that invoice to change the ticket.`);
    const reopened = await call('POST', `${TB}/ticket/update-tickets-status/`, { ticket_ids: [tickets[0].id], status: 'in_progress' });
    expect(reopened.status).toBe(400);
    expect((await call('PATCH', `${TB}/ticket/${tickets[0].id}/`, { comments: 'Invoiced' })).status).toBe(200);
    expect((await call('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [tickets[0].id] }, operator)).status).toBe(403);
  });

  it('moves through the workflow with its codenames; illegal moves are refused and nothing moves', async () => {
    expect((await call('POST', `${INV}/bulk_approve_invoices/`, { invoices_id: [invoice.id] })).status).toBe(400);
    expect((await ok('PATCH', `${INV}/${invoice.id}/`, { po_number: 'PO-9911' })).po_number).toBe('PO-9911');
    const sent = await ok('POST', `${INV}/send_approval/`, { invoices_id: [invoice.id] });
    expect(sent.invoices[0].status).toBe('pending_approval');
    // The dashboard counts it among those awaiting approval, with its total.
    const figures = await ok('GET', '/api/reports/dashboard/');
    const awaiting = figures.find((f: any) => f.key === 'invoices_awaiting_approval');
    expect(awaiting.rows).toEqual([['CAD', 1, '500.33']]);
    const locked = await call('PATCH', `${INV}/${invoice.id}/`, { po_number: 'PO-1' });
    expect(locked.status).toBe(400);
    expect(JSON.stringify(locked.body)).toMatch(/cannot be changed/);
    expect((await call('POST', `${INV}/bulk_approve_invoices/`, { invoices_id: [invoice.id] }, operator)).status).toBe(403);
    const approved = await ok('POST', `${INV}/bulk_approve_invoices/`, { invoices_id: [invoice.id] });
    expect(approved).toMatchObject({ updated: 1, invoices: [{ id: invoice.id, status: 'approved' }] });
    const row = await ok('GET', `${INV}/${invoice.id}/`);
    expect(row.approved_by).toBe('Sam Siteadmin');
    expect(row.sent_for_approval_by).toBe('Sam Siteadmin');
    const again = await call('POST', `${INV}/send_approval/`, { invoices_id: [invoice.id] });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(invoice.code);
  });

  it('prints a PDF named after its number, with its lines, tax and totals', async () => {
    const pdf = await getBinary(s, admin, `${INV}/${invoice.id}/print_invoice/?printableTemplateCode=invoice-custom`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${invoice.code}.pdf`);
    // Raw: a wrapped cell reads whole.
    const text = pdfText(pdf.body, 'raw').replace(/\s+/g, ' ');
    for (const s2 of ['INVOICE', invoice.code, 'Peace River Oil Corp.', 'SC-PRO-2026', 'Net 30 days', 'PO-9911', 'Terminalling fee', 'Pipeline tariff', '238.925', '0.4321', '103.24', '476.50', 'GST (5%)', '23.83', '500.33', tickets[2].code]) {
      expect(text).toContain(s2);
    }
    expect(text).not.toContain('DRAFT');
    expect((await call('GET', `${INV}/${invoice.id}/print_invoice/?printableTemplateCode=bol`)).body).toEqual({ printableTemplateCode: ['Unknown template "bol". Available: invoice-custom.'] });
  });

  it('exports CSV and XLSX (one row per line, typed cells) and a zip of SAP IDocs; drafts are not exported to an ERP', async () => {
    const csv = await s.call('POST', `${INV}/get_invoice_export/`, { token: admin, body: { invoices_id: [invoice.id], export_type: 'csv' } });
    expect(csv.status).toBe(200);
    const csvLines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csvLines).toHaveLength(10);
    expect(csvLines[0]).toContain('"Invoice","Invoice date"');
    expect(csvLines[3]).toContain('"Pipeline tariff"');
    const xlsx = await fetch(`${s.url}${INV}/get_invoice_export/`, { method: 'POST', headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ invoices_id: [invoice.id], export_type: 'xlsx' }) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).getCell(18).value).toBe(89.1);
    expect(sheet.getRow(2).getCell(2).value).toEqual(new Date('2026-11-30T00:00:00Z'));
    const zip = await fetch(`${s.url}${INV}/bulk_export_sap_xml/`, { method: 'POST', headers: { authorization: `Token ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ invoices_id: [invoice.id] }) });
    expect(zip.status).toBe(200);
    const entries = unzipEntries(Buffer.from(await zip.arrayBuffer()));
    const xml = entries.get(`${invoice.code}.xml`)!.toString('utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ parseTagValue: false }).parse(xml).INVOIC02.IDOC;
    expect(doc.EDI_DC40).toMatchObject({ IDOCTYP: 'INVOIC02', MESTYP: 'INVOIC' });
    expect(doc.EDI_DC40.TEST).toBeUndefined();
    expect(doc.E1EDKA1).toMatchObject({ PARVW: 'RE', NAME1: 'Peace River Oil Corp.' });
    expect(doc.E1EDP01).toHaveLength(9);
    expect(doc.E1EDS01.map((x: any) => [x.SUMID, x.SUMME])).toEqual([['010', '476.50'], ['005', '23.83'], ['011', '500.33']]);
    expect((await ok('GET', `${INV}/${invoice.id}/`)).exported_at).not.toBeNull();
    const draft = await ok('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [(await completed()).id] });
    const refused = await call('POST', `${INV}/bulk_export_sap_xml/`, { invoices_id: [draft.invoices[0].id] });
    expect(refused.status).toBe(400);
    expect(refused.body.invoices_id[0]).toMatch(/only an approved invoice is exported/);
    expect((await call('POST', `${INV}/get_invoice_export/`, { invoices_id: [invoice.id], export_type: 'pdf' })).status).toBe(400);
  });

  it('sends to Jobutrax: a failure leaves the invoice unsent and says why; a success keeps the reference', async () => {
    const none = await call('POST', `${INV}/send_jobutrax/`, { invoices_id: [invoice.id] });
    expect(none.status).toBe(400);
    expect(none.body.non_field_errors[0]).toMatch(/No Jobutrax service is set up/);
    const service = await ok('POST', '/api/erp_export/', { name: 'Jobutrax', documents: 'ticket_invoices', format: 'json', destination: 'jobutrax', url: `http://127.0.0.1:${port}/down`, authorization: 'Bearer jx' });
    const down = await ok('POST', `${INV}/send_jobutrax/`, { invoices_id: [invoice.id] });
    expect(down).toMatchObject({ sent: 0, failed: 1, results: [{ ok: false, message: 'Jobutrax answered HTTP 503: Maintenance until 06:00' }] });
    let row = await ok('GET', `${INV}/${invoice.id}/`);
    expect(row.jobutrax_sent_at).toBeNull();
    expect(row.jobutrax_message).toBe('Jobutrax answered HTTP 503: Maintenance until 06:00');
    await ok('PATCH', `/api/erp_export/${service.id}/`, { url: `http://127.0.0.1:${port}/invoices` });
    const up = await ok('POST', `${INV}/send_jobutrax/`, { invoices_id: [invoice.id] });
    expect(up.sent).toBe(1);
    const last = received[received.length - 1];
    expect(last.auth).toBe('Bearer jx');
    const payload = JSON.parse(last.body);
    expect(payload).toMatchObject({ invoice_number: invoice.code, total: '500.33', customer: { name: 'Peace River Oil Corp.' } });
    expect(payload.lines).toHaveLength(9);
    row = await ok('GET', `${INV}/${invoice.id}/`);
    expect(row.jobutrax_sent_at).not.toBeNull();
    expect(row.jobutrax_reference).toBe(up.results[0].reference);
    expect((await call('POST', `${INV}/send_jobutrax/`, { invoices_id: [invoice.id] }, operator)).status).toBe(403);
  });

  it('sends for payment by email (the PDF through the outbox), then it is paid; a customer without an address refuses the call', async () => {
    const noMail = await call('POST', `${INV}/send_for_payment/`, { invoices_id: [invoice.id], invoice_methods: ['email'] });
    expect(noMail.status).toBe(400);
    expect(noMail.body.invoice_methods[0]).toMatch(/has no email address/);
    expect((await ok('GET', `${INV}/${invoice.id}/`)).status).toBe('approved');
    await ok('PATCH', `${TB}/company/${t.shipper.id}/`, { email: 'payables@peaceriver.example' });
    const mailsBefore = Number((await s.database.db.execute("select count(*)::int as n from mail_outbox where \"to\" = 'payables@peaceriver.example'") as any).rows[0].n);
    const sent = await ok('POST', `${INV}/send_for_payment/`, { invoices_id: [invoice.id], invoice_methods: ['email', 'edi'] });
    expect(sent.invoices[0].status).toBe('sent_for_payment');
    const mails = (await s.database.db.execute("select subject, attachments from mail_outbox where \"to\" = 'payables@peaceriver.example' order by id") as any).rows;
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[mails.length - 1].subject).toMatch(new RegExp(`^Invoice ${invoice.code} from \\S`));
    expect(JSON.stringify(mails[mails.length - 1].attachments)).toContain(`${invoice.code}.pdf`);
    expect((await ok('GET', `${INV}/${invoice.id}/`)).invoice_methods).toEqual(['email', 'edi']);
    const paid = await ok('PATCH', `${INV}/${invoice.id}/`, { status: 'paid' });
    expect(paid.status).toBe('paid');
    expect((await call('PATCH', `${INV}/${invoice.id}/`, { status: 'void', void_reason: 'x' })).status).toBe(400);
  });

  it('a void invoice lets its tickets go; only a draft is deleted', async () => {
    const ticket = await completed();
    const made = await ok('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [ticket.id] });
    const id = made.invoices[0].id;
    await ok('POST', `${INV}/send_approval/`, { invoices_id: [id] });
    const del = await call('DELETE', `${INV}/${id}/`);
    expect(del.status, del.text).toBe(409);
    expect(del.body.detail).toMatch(/Void it instead/);
    expect((await call('PATCH', `${INV}/${id}/`, { status: 'void' })).body).toEqual({ void_reason: ['Give the reason for voiding the invoice.'] });
    await ok('PATCH', `${INV}/${id}/`, { status: 'void', void_reason: 'Wrong customer' });
    expect((await ok('GET', `${TB}/ticket/${ticket.id}/`)).invoice).toBeNull();
    expect((await ok('GET', `${TB}/ticket-invoice-line/?invoice=${id}&page_size=0`)).every((l: any) => l.open === false)).toBe(true);
    const again = await ok('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [ticket.id] });
    expect(again.created).toBe(1);
  });

  it('another company sees none of it and cannot invoice these tickets', async () => {
    expect((await call('GET', `${INV}/${invoice.id}/`, undefined, partner)).status).toBe(404);
    expect((await call('GET', `${INV}/${invoice.id}/print_invoice/`, undefined, partner)).status).toBe(404);
    expect((await call('GET', `${INV}/?page_size=0`, undefined, partner)).body).toEqual([]);
    expect((await call('GET', `${TB}/service-contract/${contract.id}/`, undefined, partner)).status).toBe(404);
    const theirs = await call('POST', `${INV}/bulk_create_invoices/`, { ticket_ids: [tickets[1].id] }, partner);
    expect(theirs.status).toBe(400);
    expect(theirs.body.ticket_ids[0]).toMatch(/object does not exist/);
    expect((await call('POST', `${INV}/bulk_approve_invoices/`, { invoices_id: [invoice.id] }, partner)).status).toBe(400);
  });
});
