/**
 * Compressed answers: large JSON (the pre-built All list, a paged list) and CSV exports are sent
 * br/gzip encoded when the client asks and decode to the same bytes; small answers go out as they
 * are; the built browser assets are served from their precompressed .br/.gz files.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { startServer, type TestServer } from './harness';
import { rawRequest } from './raw-http';

let s: TestServer;
let auth: Record<string, string>;
beforeAll(async () => {
  s = await startServer();
  auth = { authorization: `Token ${await s.login('siteadmin@demo.test')}` };
});
afterAll(async () => { await s?.close(); });

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('API answers', () => {
  it.each([
    ['the All list (a JSON text written by the database)', 'GET', '/api/terminalboss/v3/ticket/?page_size=0'],
    ['a paged list', 'GET', '/api/terminalboss/v3/ticket/?page_size=25'],
    ['a CSV export (a stream)', 'POST', '/api/terminalboss/v3/ticket/download_table/'],
  ])('%s is compressed when asked and decodes to the same bytes', async (_what, method, path) => {
    const body = method === 'POST' ? '{}' : undefined;
    const headers = { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) };
    const plain = await rawRequest(s.url, method, path, { headers, body });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);
    for (const [accept, expected] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br, zstd', 'br']]) {
      const res = await rawRequest(s.url, method, path, { headers: { ...headers, 'accept-encoding': accept }, body });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(expected, res.body).equals(plain.body), accept).toBe(true);
    }
  });

  it('the All list decodes to the same JSON as the plain answer', async () => {
    const path = '/api/terminalboss/v3/ticket/?page_size=0';
    const plain = JSON.parse((await rawRequest(s.url, 'GET', path, { headers: auth })).body.toString());
    const br = await rawRequest(s.url, 'GET', path, { headers: { ...auth, 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(plain);
    expect(plain.length ?? plain.results.length).toBeGreaterThan(10);
  });

  it('small answers are sent as they are', async () => {
    const first = async (r: string) => JSON.parse((await rawRequest(s.url, 'GET', `/api/terminalboss/v3/${r}/?page_size=1`, { headers: auth })).body.toString()).results[0].id;
    // A ticket by id is over 1 KB: a single record is still not worth the CPU (server/http/compression.ts).
    for (const path of ['/api/health/', '/api/user/backend_version/', `/api/terminalboss/v3/product/${await first('product')}/`, `/api/terminalboss/v3/ticket/${await first('ticket')}/`, '/api/terminalboss/v3/ticket/count/']) {
      const res = await rawRequest(s.url, 'GET', path, { headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.status, path).toBe(200);
      expect(res.body.length, path).toBeLessThan(4096);
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });

  it('nothing is compressed for a client that does not ask', async () => {
    const res = await rawRequest(s.url, 'GET', '/api/terminalboss/v3/ticket/?page_size=0', { headers: { ...auth, 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toBeTruthy();
  });
});

describe('the browser app', () => {
  // A stand-in for dist/: index.html and one hashed script, each with the .br and .gz the build writes.
  const script = `console.log(${JSON.stringify('x'.repeat(20_000))});\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;
  let app: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dir, 'assets'));
    for (const [name, text] of [['index.html', html], ['assets/index-abc123.js', script]]) {
      writeFileSync(join(dir, name), text);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
    app = await createApp({ config: s.config, database: s.database, logger: false, spaDir: dir });
    await app.ready();
  });
  afterAll(async () => { await app?.close(); });

  it.each(['br', 'gzip'])('a hashed script is sent from its precompressed %s file, cacheable for ever', async (encoding) => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(encoding, res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('a client without br or gzip gets the plain file', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('index.html (at / and as the history fallback) is precompressed too and never cached', async () => {
    for (const url of ['/', '/auth/login/', '/company/terminal/tickets/']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });
});
