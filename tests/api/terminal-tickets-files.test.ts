/** Ticket attachments (upload_attachment) and unattached files (attach_to_ticket, get_by_server_id). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

let s: TestServer;
let admin: string;
let dispatcher: string;
let partner: string;
let t: Terminal;
let pt: Terminal;
let ticket: any;
let foreignTicket: any;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  s = await startServer({ UPLOAD_LIMIT_BYTES: '8192' });
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, dispatcher, partner] = await Promise.all(['siteadmin@demo.test', 'dispatcher@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin);
  pt = await makeTerminal(s, partner, 'P');
  ticket = (await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t) })).body;
  foreignTicket = (await s.call('POST', `${TB}/ticket/`, { token: partner, body: ticketBody(pt) })).body;
});
afterAll(() => s?.close());

const form = (bytes: Buffer, filename: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return f;
};
const upload = (id: string, body: FormData, token = admin) => s.call('POST', `${TB}/ticket/${id}/upload_attachment/`, { token, body });
const counts = async () => {
  const rows = (await s.database.db.execute('select (select count(*) from stored_file)::int as files, (select count(*) from terminalboss_v3_ticketattachment)::int as atts') as any).rows[0];
  return { files: Number(rows.files), atts: Number(rows.atts) };
};

describe('upload_attachment', () => {
  it('stores the file and creates the ticket attachment (201), recorded in the history', async () => {
    const res = await upload(ticket.id, form(PDF, 'bol-scan.pdf', { name: 'Signed BOL', kind: 'bol' }));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ ticket: ticket.id, name: 'Signed BOL', kind: 'bol' });
    const file = await s.call('GET', `/api/files/${res.body.attachment}/`, { token: admin });
    expect(file.body).toMatchObject({ name: 'bol-scan.pdf', content_type: 'application/pdf', size: PDF.length });
    const photo = await upload(ticket.id, form(PNG_1PX, 'seal.png'));
    expect(photo.body).toMatchObject({ name: 'seal.png', kind: 'other' });
    const list = (await s.call('GET', `${TB}/ticketattachment/?ticket=${ticket.id}`, { token: admin })).body;
    expect(list.count).toBe(2);
    const h = (await s.call('GET', `${TB}/ticket/${ticket.id}/history/`, { token: admin })).body[0];
    expect(h).toMatchObject({ action: 'attachment', changes: { attachments: [null, 'seal.png'] } });
  });

  it('refuses a wrong type, an oversized file, a bad kind and no file; nothing is written', async () => {
    const before = await counts();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const wrong = await upload(ticket.id, form(exe, 'invoice.pdf'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.file[0]).toMatch(/not accepted/);
    // Text is a file the platform stores elsewhere, but not a ticket attachment.
    expect((await upload(ticket.id, form(Buffer.from('hello, world\n'), 'note.txt'))).body.file[0]).toContain('text/plain');
    expect((await upload(ticket.id, form(Buffer.concat([PDF, Buffer.alloc(9000, 0x20)]), 'big.pdf'))).status).toBe(413);
    expect((await upload(ticket.id, form(PDF, 'x.pdf', { kind: 'banana' }))).body).toEqual({ kind: ['"banana" is not a valid choice.'] });
    const empty = new FormData();
    empty.append('name', 'nothing');
    expect((await upload(ticket.id, empty)).body).toEqual({ file: ['No file was submitted.'] });
    expect((await s.call('POST', `${TB}/ticket/${ticket.id}/upload_attachment/`, { token: admin, body: { file: 'x' } })).status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("another company's ticket is 404; without change permission 403; nothing is written", async () => {
    const before = await counts();
    expect((await upload(foreignTicket.id, form(PDF, 'a.pdf'))).status).toBe(404);
    expect((await upload(ticket.id, form(PDF, 'a.pdf'), dispatcher)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('unattached files', () => {
  const newUnattached = async (token = admin, term = t, extra: Record<string, unknown> = {}) => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(PDF)]), 'scan-0042.pdf');
    const file = (await s.call('POST', '/api/files/', { token, body: f })).body;
    const res = await s.call('POST', `${TB}/unattached-files/`, { token, body: { file: file.id, file_name: 'scan-0042.pdf', created_by_server: term.site.id, ...extra } });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  it('attach_to_ticket makes the attachment and marks the file attached; a second attach is refused', async () => {
    const u = await newUnattached();
    const res = await s.call('POST', `${TB}/unattached-files/${u.id}/attach_to_ticket/`, { token: admin, body: { ticket_id: ticket.id, unattached_file_id: u.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, status: 'attached', ticket: ticket.id, attachment: { ticket: ticket.id, attachment: u.file, name: 'scan-0042.pdf' } });
    const again = await s.call('POST', `${TB}/unattached-files/${u.id}/attach_to_ticket/`, { token: admin, body: { ticket_id: ticket.id } });
    expect(again).toMatchObject({ status: 400, body: { non_field_errors: ['This file is already attached to a ticket.'] } });
  });

  it('refuses a foreign or unknown ticket, a mismatched file id and a foreign file; nothing changes', async () => {
    const u = await newUnattached();
    const before = await counts();
    const foreign = await s.call('POST', `${TB}/unattached-files/${u.id}/attach_to_ticket/`, { token: admin, body: { ticket_id: foreignTicket.id } });
    expect(foreign).toMatchObject({ status: 400, body: { ticket_id: [`Invalid pk "${foreignTicket.id}" - object does not exist.`] } });
    expect((await s.call('POST', `${TB}/unattached-files/${u.id}/attach_to_ticket/`, { token: admin, body: {} })).body).toEqual({ ticket_id: ['This field is required.'] });
    const other = await newUnattached();
    expect((await s.call('POST', `${TB}/unattached-files/${u.id}/attach_to_ticket/`, { token: admin, body: { ticket_id: ticket.id, file_id: other.id } })).body).toEqual({ file_id: ['Does not match the file being attached.'] });
    const theirs = await newUnattached(partner, pt);
    expect((await s.call('POST', `${TB}/unattached-files/${theirs.id}/attach_to_ticket/`, { token: admin, body: { ticket_id: ticket.id } })).status).toBe(404);
    expect((await s.call('POST', `${TB}/unattached-files/${u.id}/attach_to_ticket/`, { token: dispatcher, body: { ticket_id: ticket.id } })).status).toBe(403);
    expect((await s.call('GET', `${TB}/unattached-files/${u.id}/`, { token: admin })).body).toMatchObject({ status: 'unattached', ticket: null });
    expect(await counts()).toEqual({ ...before, files: before.files + 2 }); // the two uploads made above, no attachment
  });

  it('get_by_server_id lists the unattached files of a site, optionally of one user', async () => {
    const user = (await s.call('POST', `${TB}/user/`, { token: admin, body: { username: 'clerk7', first_name: 'Casey', last_name: 'Clerk', site: t.site.id } })).body;
    const mine = await newUnattached(admin, t, { user: user.id });
    const q = (query: string, token = admin) => s.call('GET', `${TB}/unattached-files/get_by_server_id/${query}`, { token });
    const all = await q(`?server_id=${t.site.id}`);
    expect(all.status).toBe(200);
    expect(all.body.every((f: any) => f.status === 'unattached' && f.created_by_server === t.site.id)).toBe(true);
    expect(all.body.map((f: any) => f.id)).toContain(mine.id);
    expect((await q(`?server_id=${t.site.id}&user_id=${user.id}`)).body.map((f: any) => f.id)).toEqual([mine.id]);
    expect((await q(`?server_id=${t.site.id}&status=attached`)).body.every((f: any) => f.status === 'attached')).toBe(true);
    expect((await q('')).body).toEqual({ server_id: ['This field is required.'] });
    expect((await q(`?server_id=${pt.site.id}`)).status).toBe(400);
    expect((await q(`?server_id=${t.site.id}&user_id=nope`)).body.user_id[0]).toContain('Expected pk value');
    expect((await q(`?server_id=${t.site.id}&user_id=00000000-0000-4000-8000-000000000000`)).body.user_id[0]).toContain('does not exist');
    expect((await q(`?server_id=${t.site.id}`, dispatcher)).status).toBe(403);
  });
});
