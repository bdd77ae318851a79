/**
 * HSTS and the CSP's upgrade-insecure-requests only over HTTPS (a site server on its LAN answers
 * plain HTTP under any name), and API answers are never stored by a cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

const csp = (h: Headers) => h.get('content-security-policy') ?? '';

describe('over plain HTTP', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  it('no HSTS and no upgrade-insecure-requests, the rest of the policy stays', async () => {
    for (const path of ['/api/health/', '/', '/auth/login/']) {
      const res = await s.call('GET', path);
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
      expect(csp(res.headers), path).not.toContain('upgrade-insecure-requests');
      expect(csp(res.headers), path).toContain("script-src 'self'");
      expect(csp(res.headers), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('the print tab is a page of the app that may frame only PDFs of this origin, fetched as blobs', async () => {
    // The harness serves no built app, so the page itself is the browser test's (e2e/rail-bol-flow.spec.ts); the API's JSON 404 it is not.
    const res = await s.call('GET', '/print/bol/1/');
    expect(res.body).not.toEqual({ detail: 'Not found.' });
    expect(csp(res.headers)).toContain("frame-src 'self' blob:");
    expect(csp(res.headers)).toContain("object-src 'none'");
    expect((await s.call('GET', '/api/print/bol/1/')).status).toBe(404);
  });

  it('X-Forwarded-Proto is not believed without TRUST_PROXY', async () => {
    const res = await s.call('GET', '/api/health/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
  });

  it('the sign-in answer and authenticated answers carry Cache-Control: no-store', async () => {
    const login = await s.call('POST', '/api/auth/login/', { body: { email: 'siteadmin@demo.test', password: 'demo12345' } });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = login.body.key as string;
    for (const path of ['/api/user/me/', '/api/terminalboss/v3/ticket/?page_size=2', '/api/terminalboss/v3/ticket/?page_size=0']) {
      const res = await s.call('GET', path, { token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const csv = await s.call('POST', '/api/terminalboss/v3/ticket/download_table/', { token, body: {} });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const refused = await s.call('GET', '/api/user/me/');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('behind a TLS proxy (TRUST_PROXY=1)', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ TRUST_PROXY: '1' }, { seed: false }); });
  afterAll(async () => { await s?.close(); });

  it('X-Forwarded-Proto: https brings HSTS and upgrade-insecure-requests', async () => {
    const res = await s.call('GET', '/api/health/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(csp(res.headers)).toContain('upgrade-insecure-requests');
    expect(csp(res.headers)).toContain("script-src 'self'");
  });

  it('the same proxy forwarding plain HTTP gets neither', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {} as Record<string, string>]) {
      const res = await s.call('GET', '/api/health/', { headers });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
    }
  });
});
