/** Uploads checked by size and real content type; health, OpenAPI, security headers, request ids. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let op: string;
beforeAll(async () => {
  s = await startServer({ UPLOAD_LIMIT_BYTES: '4096' });
  op = await s.login('operator@demo.test');
});
afterAll(() => s?.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const upload = (name: string, bytes: Buffer, token = op, type = 'application/pdf') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return s.call('POST', '/api/files/', { token, body: form });
};

describe('uploads', () => {
  it('accepts a real PDF and serves it back with its type', async () => {
    const res = await upload('bol.pdf', PDF);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'bol.pdf', content_type: 'application/pdf', size: PDF.length });
    const dl = await fetch(`${s.url}/api/files/${res.body.id}/download/`, { headers: { authorization: `Token ${op}` } });
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('judges by content, not by name: an executable named .pdf is refused', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90), Buffer.from('PE\0\0')]);
    const res = await upload('invoice.pdf', exe);
    expect(res.status).toBe(400);
    expect(res.body.file[0]).toMatch(/not accepted/);
  });

  it('refuses files over the limit with 413, and empty ones', async () => {
    expect((await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(8000, 0x20)]))).status).toBe(413);
    expect((await upload('empty.pdf', Buffer.alloc(0))).status).toBe(400);
  });

  it("another company's file does not exist", async () => {
    const res = await upload('ours.pdf', PDF);
    const partner = await s.login('partner@partner.test');
    expect((await s.call('GET', `/api/files/${res.body.id}/`, { token: partner })).status).toBe(404);
    expect((await s.call('GET', `/api/files/${res.body.id}/`, { token: op })).status).toBe(200);
  });
});

describe('operations', () => {
  it('health answers 200 while the database answers', async () => {
    expect(await s.call('GET', '/api/health/')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('serves an OpenAPI 3.1 document with every resource', async () => {
    const doc = (await s.call('GET', '/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/api/product/', '/api/product/{id}/', '/api/party/download_table/', '/api/user/me/', '/api/auth/login/']) expect(doc.paths).toHaveProperty([p]);
    expect((await fetch(`${s.url}/api/docs/`)).status).toBe(200);
  });

  it('sets security headers and a request id on every answer', async () => {
    const res = await s.call('GET', '/api/product/', { token: op });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    const mine = await s.call('GET', '/api/health/', { headers: { 'x-request-id': 'trace-123' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-123');
  });

  it('unknown API paths answer 404 JSON', async () => {
    expect(await s.call('GET', '/api/no-such-thing/', { token: op })).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
  });
});
