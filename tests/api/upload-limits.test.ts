/**
 * Uploads are bounded: one multipart reader for every upload path stops at the first part too
 * many, `POST /api/files/` needs `add_storedfile`, and a user's unattached uploads of the last
 * 24 hours stay within UPLOAD_QUOTA_BYTES.
 */
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFile } from '../../server/db/internal-tables';
import { joinTableOf, tableOf } from '../../server/db/tables';
import { HttpError } from '../../server/engine/errors';
import { readUpload } from '../../server/files/multipart';
import { seedDemo } from '../../server/seed/demo';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { startServer, type TestServer } from './harness';
import { streamParts } from './multipart-stream';

const MB = 1024 * 1024;
const TB = '/api/terminalboss/v3';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(Math.max(0, bytes - PDF.length), 0x20)]);

let s: TestServer;
let admin: string;
let op: string;
beforeAll(async () => {
  s = await startServer();
  [admin, op] = await Promise.all(['siteadmin@demo.test', 'operator@demo.test'].map((e) => s.login(e)));
});
afterAll(() => s?.close());

const upload = (token: string, bytes: Buffer, server = s) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'scan.pdf');
  return server.call('POST', '/api/files/', { token, body: form });
};
const fileCount = async () => (await s.database.db.select({ id: storedFile.id }).from(storedFile)).length;

describe('one file per upload request', () => {
  for (const [label, path] of [['POST /api/files/', () => '/api/files/'], ['upload_attachment', async () => `${TB}/ticket/${(await s.call('GET', `${TB}/ticket/?page_size=1`, { token: admin })).body.results[0].id}/upload_attachment/`]] as const) {
    it(`${label}: ten 19 MB parts are refused at the second, and the rest of the body is never read`, async () => {
      const before = await fileCount();
      const res = await streamParts(s.url + await path(), admin, { parts: 10, partBytes: 19 * MB });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ file: ['This upload takes one file, in the field "file"; the request has more. Send one file per request.'] });
      // The first part (19 MB) was read; what the client got out beyond it sat in socket buffers.
      expect(res.written).toBeLessThan(2 * 19 * MB);
      expect(res.total).toBeGreaterThan(190 * MB);
      expect(await fileCount()).toBe(before);
    });
  }

  it('refuses a file over the limit as it arrives (413), and a file in another field (400)', async () => {
    const big = await streamParts(`${s.url}/api/files/`, admin, { parts: 1, partBytes: 60 * MB });
    expect(big).toMatchObject({ status: 413, body: { detail: 'The file is larger than 20 MB.' } });
    expect(big.written).toBeLessThan(50 * MB);
    const other = await streamParts(`${s.url}/api/files/`, admin, { parts: 1, partBytes: 1000, fieldName: 'document' });
    expect(other.status).toBe(400);
    expect(other.body.file[0]).toContain('one file, in the field "file"');
  });

  it('always applies the allowed types, even when a route accepts more', async () => {
    const app = Fastify();
    await app.register(multipart);
    app.post('/up', async (req, reply) => {
      try {
        return await readUpload(req, reply, MB, { accept: ['application/x-msdownload', 'application/pdf'] }).then((u) => ({ type: u.type }));
      } catch (e) {
        return reply.code((e as HttpError).status).send((e as HttpError).body);
      }
    });
    // Through a real socket: inject does not take FormData bodies.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/up`;
    const post = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const r = await fetch(url, { method: 'POST', body: form });
      return { status: r.status, body: await r.json() };
    };
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90), Buffer.from('PE\0\0')]);
    const refused = await post(exe, 'tool.exe');
    expect(refused.status).toBe(400);
    expect(refused.body.file[0]).toMatch(/^This kind of file is not accepted/);
    expect(await post(PDF, 'a.pdf')).toEqual({ status: 200, body: { type: 'application/pdf' } });
    await app.close();
  });
});

describe('POST /api/files/ permission', () => {
  it('needs add_storedfile: operators and site administrators upload, dispatchers and drivers do not', async () => {
    const [dispatcher, driver] = await Promise.all(['dispatcher@demo.test', 'driver@demo.test'].map((e) => s.login(e)));
    expect((await upload(op, PDF)).status).toBe(201);
    expect((await upload(admin, PDF)).status).toBe(201);
    for (const token of [dispatcher, driver]) {
      expect(await upload(token, PDF)).toMatchObject({ status: 403, body: { detail: 'You do not have permission to upload files.' } });
    }
  });

  it('a demo database from before the codename gets it for the groups that uploaded; a later revocation stays', async () => {
    const db = s.database.db;
    const p = tableOf(permission);
    const gp = joinTableOf(group, 'permissions');
    const [code] = await db.select({ id: p.id }).from(p).where(eq(p.codename, 'add_storedfile'));
    await db.delete(gp).where(eq(gp.target_id, code.id));
    await seedDemo(db);
    const holders = async () => (await db.select({ name: tableOf(group).name }).from(gp).innerJoin(tableOf(group), eq(tableOf(group).id, gp.owner_id)).where(eq(gp.target_id, code.id))).map((r) => r.name).sort();
    expect(await holders()).toEqual(['Operator', 'Site Administration']);
    const [operator] = await db.select({ id: tableOf(group).id }).from(tableOf(group)).where(eq(tableOf(group).name, 'Operator'));
    await db.delete(gp).where(and(eq(gp.target_id, code.id), inArray(gp.owner_id, [operator.id])));
    await seedDemo(db);
    expect(await holders()).toEqual(['Site Administration']);
    await db.insert(gp).values({ owner_id: operator.id, target_id: code.id });
  });
});

describe('upload quota', () => {
  let q: TestServer;
  let qop: string;
  beforeAll(async () => {
    q = await startServer({ UPLOAD_QUOTA_BYTES: String(10_000) });
    qop = await q.login('operator@demo.test');
  });
  afterAll(() => q?.close());

  it('counts what the user uploaded and did not attach; attaching frees it', async () => {
    const first = await upload(qop, pdfOf(6000), q);
    expect(first.status).toBe(201);
    const over = await upload(qop, pdfOf(6000), q);
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(/^Upload quota reached: you uploaded 0\.0 MB in the last 24 hours that is not attached to any record yet, and the quota is 0\.0 MB/);
    // Attached to a ticket, the first file no longer counts.
    const ticket = (await q.call('GET', `${TB}/ticket/?page_size=1`, { token: qop })).body.results[0];
    const att = await q.call('POST', `${TB}/ticketattachment/`, { token: qop, body: { ticket: ticket.id, attachment: first.body.id, name: 'scan', kind: 'other' } });
    expect(att.status, att.text).toBe(201);
    expect((await upload(qop, pdfOf(6000), q)).status).toBe(201);
    // Now 6000 of 10000 are unattached: a further 6000 is refused before or while it is read.
    expect((await upload(qop, pdfOf(6000), q)).status).toBe(429);
    expect((await upload(qop, pdfOf(3000), q)).status).toBe(201);
    expect((await upload(qop, pdfOf(1500), q)).status).toBe(429);
    // The quota is the user's: another user of the company still uploads.
    expect((await upload(await q.login('siteadmin@demo.test'), PDF, q)).status).toBe(201);
  });
});
