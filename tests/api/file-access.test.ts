/**
 * Who reads a stored file (docs/security.md, Stored files): whoever may read a record that refers to
 * it (with the record's own scope: tenancy and own rows), or its uploader while no record refers to
 * it; superusers read all. A write may name only a file its writer may read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let siteadmin: string;
let operator: string;
let driver: string;
let partner: string;
let superuser: string;
let t: Terminal;
/** The stored files of an attachment of the demo driver's own ticket and of another driver's. */
let ownAttachment: string;
let otherAttachment: string;
/** A scan the operator uploaded and filed as an unattached file: a record the driver may not read. */
let scan: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const form = (name: string) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(PDF)]), name);
  return f;
};
const uploadFile = async (token: string, name = 'upload.pdf'): Promise<string> => {
  const res = await s.call('POST', '/api/files/', { token, body: form(name) });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
};
const attach = async (ticketId: string, name: string): Promise<string> => {
  const res = await s.call('POST', `${TB}/ticket/${ticketId}/upload_attachment/`, { token: siteadmin, body: form(name) });
  expect(res.status, res.text).toBe(201);
  return res.body.attachment;
};
const download = (id: string, token: string) => s.call('GET', `/api/files/${id}/download/`, { token });
const meta = (id: string, token: string) => s.call('GET', `/api/files/${id}/`, { token });

beforeAll(async () => {
  s = await startServer();
  // The partner company runs a terminal too, so only tenancy keeps it from our files.
  await s.subscribe('partner@partner.test', 'terminalboss');
  [siteadmin, operator, driver, partner, superuser] = await Promise.all(
    ['siteadmin@demo.test', 'operator@demo.test', 'driver@demo.test', 'partner@partner.test', 'admin@demo.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, siteadmin, 'FA');
  const [mine] = (await s.call('GET', `${TB}/driver/?page_size=0`, { token: driver })).body;
  const post = async (body: unknown) => {
    const res = await s.call('POST', `${TB}/ticket/`, { token: siteadmin, body });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const own = await post(ticketBody(t, { driver: mine.id }));
  const other = await post(ticketBody(t, { driver: t.driver.id }));
  ownAttachment = await attach(own.id, 'own-bol.pdf');
  otherAttachment = await attach(other.id, 'other-bol.pdf');
  const scanFile = await uploadFile(operator, 'scan-0042.pdf');
  const filed = await s.call('POST', `${TB}/unattached-files/`, { token: operator, body: { file: scanFile, file_name: 'scan-0042.pdf', created_by_server: t.site.id } });
  expect(filed.status, filed.text).toBe(201);
  scan = scanFile;
});
afterAll(() => s?.close());

describe('a file of a record', () => {
  it('the driver downloads the attachment of his own ticket', async () => {
    const res = await download(ownAttachment, driver);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect((await meta(ownAttachment, driver)).body).toMatchObject({ id: ownAttachment, name: 'own-bol.pdf' });
  });

  it("the driver gets 404 for another driver's ticket attachment and for a file of a record he may not read", async () => {
    for (const id of [otherAttachment, scan]) {
      expect((await download(id, driver)).status).toBe(404);
      expect((await meta(id, driver)).status).toBe(404);
    }
  });

  it('the operator, who reads every ticket of the company, reads both attachments and the scan', async () => {
    for (const id of [ownAttachment, otherAttachment, scan]) expect((await download(id, operator)).status).toBe(200);
  });

  it("another company's user gets 404, though he holds every permission of his own company", async () => {
    for (const id of [ownAttachment, otherAttachment, scan]) {
      expect((await download(id, partner)).status).toBe(404);
      expect((await meta(id, partner)).status).toBe(404);
    }
  });

  it('a superuser reads every file, a job result file included; nobody else reads a file no record holds and nobody uploaded', async () => {
    const { rows } = await s.database.db.execute(sql`insert into stored_file (name, content_type, size, data)
      values ('tickets.zip', 'application/zip', 3, '\\x010203'::bytea) returning id`) as unknown as { rows: { id: string }[] };
    const result = rows[0].id;
    for (const id of [ownAttachment, otherAttachment, scan, result]) expect((await download(id, superuser)).status).toBe(200);
    for (const token of [siteadmin, operator, driver]) expect((await meta(result, token)).status).toBe(404);
  });
});

describe('a pending upload', () => {
  it('its uploader reads it; a colleague, even one holding every permission, does not', async () => {
    const id = await uploadFile(operator);
    expect((await download(id, operator)).status).toBe(200);
    for (const token of [siteadmin, driver, partner]) expect((await download(id, token)).status).toBe(404);
  });

  it("attaching another user's pending upload is refused; its uploader attaches it, and then the record's readers read it", async () => {
    const id = await uploadFile(operator, 'scan-0043.pdf');
    const body = { file: id, file_name: 'scan-0043.pdf', created_by_server: t.site.id };
    const refused = await s.call('POST', `${TB}/unattached-files/`, { token: siteadmin, body });
    expect(refused).toMatchObject({ status: 400, body: { file: [`Invalid file "${id}" - upload it first.`] } });
    const [ticketId] = (await s.call('GET', `${TB}/ticket/?page_size=1`, { token: siteadmin })).body.results.map((x: { id: string }) => x.id);
    const viaAttachment = await s.call('POST', `${TB}/ticketattachment/`, { token: siteadmin, body: { ticket: ticketId, attachment: id, name: 'scan' } });
    expect(viaAttachment).toMatchObject({ status: 400, body: { attachment: [`Invalid file "${id}" - upload it first.`] } });
    expect((await download(id, siteadmin)).status).toBe(404);

    const filed = await s.call('POST', `${TB}/unattached-files/`, { token: operator, body });
    expect(filed.status, filed.text).toBe(201);
    expect((await download(id, siteadmin)).status).toBe(200);
    expect((await download(id, driver)).status).toBe(404);
  });

  it('a file of a record the writer reads may be named again; one of another company may not', async () => {
    const [ticketId] = (await s.call('GET', `${TB}/ticket/?page_size=1`, { token: siteadmin })).body.results.map((x: { id: string }) => x.id);
    const again = await s.call('POST', `${TB}/ticketattachment/`, { token: siteadmin, body: { ticket: ticketId, attachment: otherAttachment, name: 'copy of the BOL' } });
    expect(again.status, again.text).toBe(201);
    const pt = await makeTerminal(s, partner, 'FP');
    const theirs = (await s.call('POST', `${TB}/ticket/`, { token: partner, body: ticketBody(pt) })).body;
    const foreign = await s.call('POST', `${TB}/ticketattachment/`, { token: partner, body: { ticket: theirs.id, attachment: otherAttachment, name: 'ours now' } });
    expect(foreign).toMatchObject({ status: 400, body: { attachment: [`Invalid file "${otherAttachment}" - upload it first.`] } });
  });
});
