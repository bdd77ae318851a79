/**
 * Error reporting (docs/security.md, Error reporting) through the real server, to a stand-in for a
 * Sentry-compatible service on this machine: an answer the server could not give (a 500) is
 * reported with its request id and route and without the token; an answer it gave (4xx) is not;
 * the browser app reads its settings before sign-in, and may send its reports to that origin.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let ingest: http.Server;
let port: number;
let s: TestServer;
const envelopes: string[] = [];

beforeAll(async () => {
  ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => ingest.listen(0, '127.0.0.1', done));
  port = (ingest.address() as AddressInfo).port;
  s = await startServer({ SENTRY_DSN: `http://0123456789abcdef@127.0.0.1:${port}/7`, SENTRY_ENVIRONMENT: 'test-site' });
}, 120_000);
afterAll(async () => {
  await s?.close();
  await new Promise((done) => ingest?.close(done));
});

/** The error events received so far (an envelope holds a header line, then item header and payload lines). */
function errorEvents(): { raw: string; event: any }[] {
  return envelopes.flatMap((raw) => {
    const lines = raw.split('\n');
    const out: { raw: string; event: any }[] = [];
    for (let i = 1; i < lines.length - 1; i++) {
      try {
        if (JSON.parse(lines[i]).type === 'event') out.push({ raw, event: JSON.parse(lines[i + 1]) });
      } catch { /* a binary or empty line */ }
    }
    return out;
  });
}

async function waitFor<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('not received in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('error reporting', () => {
  it('gives the browser app its settings before sign-in, and lets it send to the service', async () => {
    const res = await s.call('GET', '/api/error-reporting/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dsn: `http://0123456789abcdef@127.0.0.1:${port}/7`, environment: 'test-site', release: expect.stringMatching(/^bulk-logistics@/),
      tracesSampleRate: 0.1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1,
    });
    const csp = String((await fetch(`${s.url}/api/health/`)).headers.get('content-security-policy'));
    expect(csp).toMatch(new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${port}(;|$)`));
  });

  it('reports an answer the server could not give, with its request id and route, never the token', async () => {
    const token = await s.login('siteadmin@demo.test');
    await s.database.db.execute(sql`alter table product rename to product_moved_away`);
    let failed;
    try {
      // Past the answer check: no route's document declares the 500 every route may give.
      const res = await fetch(`${s.url}/api/product/?search=x`, { headers: { authorization: `Token ${token}` } });
      failed = { status: res.status, body: await res.json() };
    } finally {
      await s.database.db.execute(sql`alter table product_moved_away rename to product`);
    }
    expect(failed.status).toBe(500);
    const { raw, event } = await waitFor(() => errorEvents().find((e) => e.event.tags?.request_id === failed.body.request_id));
    expect(event.tags.route).toBe('/api/product/');
    expect(event.environment).toBe('test-site');
    expect(event.exception.values.at(-1).value).toMatch(/product/);
    expect(event.user).toEqual({ id: expect.any(String) });
    expect(raw).not.toContain(token);
    expect(raw).not.toContain('search=x');
  });

  it('does not report what the server answered (a 404, a 400)', async () => {
    const token = await s.login('siteadmin@demo.test');
    const before = errorEvents().length;
    expect((await s.call('GET', '/api/product/999999/', { token })).status).toBe(404);
    expect((await s.call('POST', '/api/product/', { token, body: { product_name: '' } })).status).toBe(400);
    await new Promise((r) => setTimeout(r, 1500));
    expect(errorEvents().length).toBe(before);
  });
});
