/**
 * HSTS and the CSP's upgrade-insecure-requests only over HTTPS (a site server on its LAN answers
 * plain HTTP under any name), and API answers are never stored by a cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { PERMISSIONS_POLICY } from '../../server/http/security-headers';

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

describe('what every answer says of the browser, and sign-out', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  it('a Permissions-Policy that allows geolocation to the app alone and no camera, microphone or payment; fonts only from the app', async () => {
    for (const path of ['/api/health/', '/', '/company/trace/trips/map/']) {
      const res = await s.call('GET', path);
      const policy = res.headers.get('permissions-policy') ?? '';
      expect(policy, path).toBe(PERMISSIONS_POLICY);
      for (const feature of ['camera=()', 'microphone=()', 'payment=()', 'geolocation=(self)']) expect(policy.split(', '), path).toContain(feature);
      expect(csp(res.headers), path).toContain("font-src 'self' data:;");
      expect(csp(res.headers), path).not.toMatch(/https:(?!\/\/)/);
    }
  });

  it('signing out tells the browser to drop its cache and storage', async () => {
    const token = await s.login('operator@demo.test');
    const res = await s.call('POST', '/api/auth/logout/', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect((await s.call('GET', '/api/user/me/', { token })).status).toBe(401);
  });
});

describe('the app and its files', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    s = await startServer({}, { seed: false, spaDir: dir });
  });
  afterAll(async () => { await s?.close(); rmSync(dir, { recursive: true, force: true }); });

  it("robots.txt keeps crawlers out of the private app", async () => {
    const res = await s.call('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it("the app's routes get its page; a file that is not one of its files is a real 404", async () => {
    for (const path of ['/', '/company/trace/overview/', '/auth/login/', '/no/such/page/']) {
      const res = await s.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(String(res.body), path).toContain('<title>app</title>');
    }
    expect((await s.call('GET', '/assets/app-1234.js')).status).toBe(200);
    for (const path of ['/.env', '/wp-login.php', '/sitemap.xml', '/assets/gone-9999.js', '/favicon.ico', '/company/secret.bak']) {
      const res = await s.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(String(res.body), path).not.toContain('<title>app</title>');
    }
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
