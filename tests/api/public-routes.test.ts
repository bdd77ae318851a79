/**
 * The token check follows the matched route, not the URL as written: every spelling of a path that
 * reaches an /api handler needs a token, and the check answers before the body is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { rawRequest } from './raw-http';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s?.close(); });

/** Spellings of /api/terminalboss/v3/ticket/: encoded letters, doubled slashes, dot segments, case. */
const SPELLINGS = [
  '/%61pi/terminalboss/v3/ticket/',
  '/%61%70%69/terminalboss/v3/ticket/',
  '/api/terminalboss/v3/ticket/%2e',
  '/api/terminalboss/v3/ticket/.',
  '/api/terminalboss/v3/ticket',
  '/api/terminalboss/v3/%74icket/',
  '//api/terminalboss/v3/ticket/',
  '/api//terminalboss/v3/ticket/',
  '/api/./terminalboss/v3/ticket/',
  '/API/terminalboss/v3/ticket/',
  '/Api/terminalboss/v3/ticket/',
  '/api%2fterminalboss/v3/ticket/',
];

describe('an /api route without the public flag', () => {
  it.each(SPELLINGS)('GET %s without a token never reaches the handler', async (path) => {
    const res = await rawRequest(s.url, 'GET', path);
    // 401 when the spelling matches the route, 404 when it matches nothing; never a handler's answer.
    expect([401, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('"results"');
  });

  it('the encoded spellings that do match the route are refused with 401, not 500', async () => {
    for (const path of ['/%61pi/terminalboss/v3/ticket/', '/%61%70%69/terminalboss/v3/ticket/', '/api/terminalboss/v3/ticket/%2e']) {
      const res = await rawRequest(s.url, 'GET', path);
      expect(res.status, path).toBe(401);
      expect(JSON.parse(res.body.toString()).detail).toMatch(/credentials/);
    }
  });

  it('with a token, the encoded spelling is just the route', async () => {
    const token = await s.login('siteadmin@demo.test');
    const res = await rawRequest(s.url, 'GET', '/%61pi/terminalboss/v3/ticket/?page_size=1', { headers: { authorization: `Token ${token}` } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).results).toHaveLength(1);
  });

  it.each([
    ['/%61pi/files/', 401], ['/api/files/', 401], ['/api/%66iles/', 401], ['/api/files', 401],
    // Spellings that match no route: refused all the same, without waiting for the body.
    ['/api/files/.', 404], ['/api/files/%2e', 404], ['//api/files/', 404], ['/API/files/', 404], ['/api//files/', 404],
  ])('a 20 MB multipart POST to %s is refused (%i) before its body is read', async (path, status) => {
    const boundary = 'x-boundary-1234';
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n`);
    // Announce 20 MB but send only the first bytes: an answer can only come from a check that did not wait for the rest.
    const res = await rawRequest(s.url, 'POST', path, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(20 * 1024 * 1024) },
      partialBody: head,
    });
    expect(res.status).toBe(status);
  });

  it('a JSON POST with an unfinished body is refused before the body is read', async () => {
    const res = await rawRequest(s.url, 'POST', '/%61pi/terminalboss/v3/ticket/', {
      headers: { 'content-type': 'application/json', 'content-length': '100000' },
      partialBody: Buffer.from('{"number": "'),
    });
    expect(res.status).toBe(401);
  });
});

describe('routes flagged public', () => {
  it.each([
    ['GET', '/api/health/'],
    ['GET', '/api/auth/providers/'],
    ['GET', '/api/openapi.json'],
    ['GET', '/api/docs/'],
    ['GET', '/api/user/backend_version/'],
    ['GET', '/%61pi/user/backend_version/'],
  ])('%s %s answers without a token', async (method, path) => {
    const res = await rawRequest(s.url, method, path);
    expect(res.status).toBe(200);
  });

  it('sign-in and password reset need no token; the social connect of a signed-in user does', async () => {
    expect((await s.call('POST', '/api/auth/login/', { body: { email: 'siteadmin@demo.test', password: 'wrong' } })).status).toBe(400);
    expect((await s.call('POST', '/api/auth/password/reset/', { body: { email: 'nobody@demo.test' } })).status).toBe(200);
    // An invitation link answers without a token: a link that does not work is a 404, whoever asks.
    expect((await s.call('GET', '/api/auth/invitation/1/not-a-token/')).status).toBe(404);
    expect((await s.call('POST', '/api/auth/social/acme/connect/', { body: {} })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/logout/')).status).toBe(401);
    expect((await s.call('GET', '/api/user/me/')).status).toBe(401);
  });

  it('a carrier\'s booking page needs no token, and opens nothing without a valid link (X-Booking-Link): 404', async () => {
    const routes: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/schedule/book/'], ['POST', '/api/schedule/book/', { slot: 1, carrier_name: 'Nobody' }],
      ['POST', '/api/schedule/book/1/change/', { notes: 'x' }], ['POST', '/api/schedule/book/1/cancel/', { reason: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      for (const headers of [{}, { 'x-booking-link': 'not-a-link' }] as Record<string, string>[]) {
        const res = await s.call(method, path, { body, headers });
        expect([res.status, res.body.detail], `${method} ${path} ${JSON.stringify(headers)}`).toEqual([404, expect.stringContaining('This booking link does not work')]);
      }
    }
  });

  it('every other route declared under /api/ answers 401 without a token, whatever its method', async () => {
    // The booking page's routes act as a booking link, not a session (tests/api/scheduler-links.test.ts).
    const PUBLIC = /^\/api\/(auth\/(login|providers|password\/reset|password\/reset\/confirm|social\/:provider(\/start)?|invitation\/:id\/:token|invitation\/sign-up)|health|error-reporting|openapi\.json|docs.*|user\/backend_version|schedule\/book(\/:id\/(change|cancel))?)\/?$/;
    // printRoutes draws a tree ("│   ├── /count (GET)"): a line's path continues its parent's.
    const routes: [string, string][] = [];
    const stack: string[] = [];
    for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
      if (!m) continue;
      const depth = m[1].length / 4;
      stack.length = depth;
      const path = (stack[depth - 1] ?? '') + m[2];
      stack.push(path);
      if (m[3] && path.startsWith('/api/')) for (const method of m[3].split(', ')) routes.push([method, path]);
    }
    expect(routes.length).toBeGreaterThan(200);
    let checked = 0;
    for (const [method, path] of routes) {
      if (PUBLIC.test(path)) continue;
      const url = `${path.replace(/:[^/]+/g, '1').replace(/\*$/, 'x')}/`;
      const res = await rawRequest(s.url, method, url);
      expect(res.status, `${method} ${url}`).toBe(401);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });
});
