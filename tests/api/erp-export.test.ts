/**
 * ERP exports (docs/erp.md) through the real server: a destination complete for its kind, its
 * credential written but never read back, and a test send that posts one sample document, marked
 * as a test, to an endpoint on this machine (the one network the operator lists) or mails it
 * through the outbox, keeping how it went on the record. Another company never sees the export;
 * an operator may not make one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { mailOutbox } from '../../server/db/internal-tables';

let receiver: http.Server;
let port: number;
let s: TestServer;
let siteadmin: string;
const received: { url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url === '/reject') res.writeHead(422, { 'content-type': 'text/html' }).end('<h1>Unknown</h1> sender <b>PBT</b>');
      else res.writeHead(201).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
  s = await startServer({ FETCH_ALLOWED_HOSTS: `127.0.0.1:${port}`, FETCH_ALLOWED_NETWORKS: '127.0.0.1/32', FETCH_TIMEOUT_MS: '2000' });
  siteadmin = await s.login('siteadmin@demo.test');
}, 120_000);
afterAll(async () => {
  await s?.close();
  await new Promise((done) => receiver?.close(done));
});

const make = (body: Record<string, unknown>) => s.call('POST', '/api/erp_export/', { token: siteadmin, body });

describe('ERP exports', () => {
  it('refuses a destination that is not complete for its kind, writing nothing', async () => {
    const http1 = await make({ name: 'No URL', destination: 'http' });
    expect(http1.status).toBe(400);
    expect(http1.body).toEqual({ url: ['An HTTPS endpoint needs its URL.'] });
    expect((await make({ name: 'Bad URL', destination: 'http', url: 'ftp://erp.example/in' })).body.url[0]).toMatch(/whole URL/);
    expect((await make({ name: 'No mailbox', destination: 'email' })).body).toEqual({ email_to: ['A mailed export needs the address to mail it to.'] });
    expect((await make({ name: 'Bad format', destination: 'email', email_to: 'erp@example.com', format: 'pdf' })).status).toBe(400);
    expect((await s.call('GET', '/api/erp_export/?page_size=0', { token: siteadmin })).body).toEqual([]);
  });

  it('posts a sample marked as a test, with its credential, and keeps the result; never answers the credential', async () => {
    const made = await make({ name: 'SAP deliveries', documents: 'tickets', format: 'sap_idoc', destination: 'http', url: `http://127.0.0.1:${port}/idoc`, authorization: 'Bearer s3cret-token' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).not.toHaveProperty('authorization');
    expect(JSON.stringify((await s.call('GET', `/api/erp_export/${made.body.id}/`, { token: siteadmin })).body)).not.toContain('s3cret');
    const sent = await s.call('POST', `/api/erp_export/${made.body.id}/test_send/`, { token: siteadmin });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ ok: true, status: 201, message: expect.stringMatching(/^The endpoint took tickets-TEST-\d{14}\.xml \(HTTP 201\)\.$/) });
    const got = received.at(-1)!;
    expect(got.url).toBe('/idoc');
    expect(got.headers.authorization).toBe('Bearer s3cret-token');
    expect(got.headers['content-type']).toBe('application/xml');
    expect(XMLValidator.validate(got.body)).toBe(true);
    const doc = new XMLParser().parse(got.body);
    expect(doc.DELVRY07.IDOC.EDI_DC40).toMatchObject({ IDOCTYP: 'DELVRY07', MESTYP: 'DESADV', TEST: 'X' });
    expect(doc.DELVRY07.IDOC.E1EDL24).toMatchObject({ POSNR: 10, VRKME: 'M3' });
    const after = (await s.call('GET', `/api/erp_export/${made.body.id}/`, { token: siteadmin })).body;
    expect(after).toMatchObject({ last_test_ok: true, last_test_message: sent.body.message });
    expect(after.last_test_at).toBeTruthy();
    // A blank credential on a later save keeps the one stored.
    expect((await s.call('PATCH', `/api/erp_export/${made.body.id}/`, { token: siteadmin, body: { authorization: '', format: 'csv' } })).status).toBe(200);
    await s.call('POST', `/api/erp_export/${made.body.id}/test_send/`, { token: siteadmin });
    expect(received.at(-1)!.headers.authorization).toBe('Bearer s3cret-token');
    expect(received.at(-1)!.body.split('\r\n')[0]).toBe('document_type,document_number,document_date,company,position,product,quantity,unit,unit_price,amount,currency,test');
    expect(received.at(-1)!.body.split('\r\n')[1]).toMatch(/^tickets,TEST-\d{14},\d{4}-\d{2}-\d{2},Prairie Bulk Terminals Ltd\.,10,TEST PRODUCT,1\.000,M3,0\.00,0\.00,CAD,true$/);
  });

  it('says why an endpoint refused the sample, or why it was not reached, and keeps that', async () => {
    const rejecting = await make({ name: 'Rejecting ERP', documents: 'ticket_invoices', format: 'json', destination: 'http', url: `http://127.0.0.1:${port}/reject` });
    const res = await s.call('POST', `/api/erp_export/${rejecting.body.id}/test_send/`, { token: siteadmin });
    expect(res.body).toMatchObject({ ok: false, status: 422, message: 'The endpoint answered HTTP 422: Unknown sender PBT' });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ test: true, document_type: 'ticket_invoices', lines: [{ position: 10 }] });
    const unlisted = await make({ name: 'Unlisted host', destination: 'http', url: 'https://erp.elsewhere.example/in' });
    const refused = await s.call('POST', `/api/erp_export/${unlisted.body.id}/test_send/`, { token: siteadmin });
    expect(refused.body).toMatchObject({ ok: false, status: null, message: expect.stringContaining('erp.elsewhere.example is not a host this server fetches from') });
    expect((await s.call('GET', `/api/erp_export/${unlisted.body.id}/`, { token: siteadmin })).body).toMatchObject({ last_test_ok: false });
  });

  it('mails the sample through the outbox', async () => {
    const mailed = await make({ name: 'Mailed invoices', documents: 'rail_invoices', format: 'csv', destination: 'email', email_to: 'ap@erp.example' });
    const res = await s.call('POST', `/api/erp_export/${mailed.body.id}/test_send/`, { token: siteadmin });
    expect(res.body).toMatchObject({ ok: true, status: null, message: expect.stringMatching(/^Mailed rail_invoices-TEST-\d{14}\.csv to ap@erp\.example\.$/) });
    const [mail] = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ap@erp.example'));
    expect(mail.subject).toBe('Test export: Mailed invoices');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: expect.stringMatching(/\.csv$/) })]);
  });

  it('is the company\'s own, and an administrator\'s', async () => {
    const mine = await make({ name: 'Own export', destination: 'email', email_to: 'erp@example.com' });
    const partner = await s.login('partner@partner.test');
    expect((await s.call('GET', `/api/erp_export/${mine.body.id}/`, { token: partner })).status).toBe(404);
    expect((await s.call('POST', `/api/erp_export/${mine.body.id}/test_send/`, { token: partner })).status).toBe(404);
    const operator = await s.login('operator@demo.test');
    expect((await s.call('POST', '/api/erp_export/', { token: operator, body: { name: 'Mine', destination: 'email', email_to: 'x@example.com' } })).status).toBe(403);
    expect((await s.call('POST', `/api/erp_export/${mine.body.id}/test_send/`, { token: operator })).status).toBe(403);
  });
});
