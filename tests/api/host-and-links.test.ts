/**
 * The Host header is the client's word: links are built from PUBLIC_URL (or left relative), and
 * with ALLOWED_HOSTS a request for another host is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/internal-tables';
import { resetQueueOf } from '../../server/auth/reset-queue';
import { absoluteUrl, pageLinks } from '../../server/engine/paging';
import { rawRequest } from './raw-http';

const json = (b: Buffer) => JSON.parse(b.toString());
const LIST = '/api/terminalboss/v3/ticket/?page_size=5&page=2';

describe('with PUBLIC_URL and no ALLOWED_HOSTS', () => {
  let s: TestServer;
  let auth: Record<string, string>;
  beforeAll(async () => {
    s = await startServer({ PUBLIC_URL: 'https://logistics.example.com/' });
    auth = { authorization: `Token ${await s.login('siteadmin@demo.test')}` };
  });
  afterAll(async () => { await s?.close(); });

  it('a forged Host (or X-Forwarded-Host) is answered, but never appears in a link', async () => {
    const forgeries: Record<string, string>[] = [{ host: 'evil.example' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }, { host: 'evil.example', 'x-forwarded-proto': 'http' }];
    for (const forged of forgeries) {
      const res = await rawRequest(s.url, 'GET', LIST, { headers: { ...auth, ...forged } });
      expect(res.status).toBe(200);
      const body = json(res.body);
      // Tickets are a large list: the next page also carries its cursor (docs/api.md, Cursors).
      expect(body.next).toMatch(/^https:\/\/logistics\.example\.com\/api\/terminalboss\/v3\/ticket\/\?page_size=5&page=3&cursor=[\w-]+$/);
      expect(body.previous).toBe('https://logistics.example.com/api/terminalboss/v3/ticket/?page_size=5&page=1');
      expect(res.body.toString()).not.toContain('evil.example');
    }
  });

  it('an encoded spelling of the path stays on PUBLIC_URL', async () => {
    const res = await rawRequest(s.url, 'GET', '/%61pi/terminalboss/v3/ticket/?page_size=5', { headers: { ...auth, host: 'evil.example' } });
    expect(res.status).toBe(200);
    expect(new URL(json(res.body).next).origin).toBe('https://logistics.example.com');
  });

  it('the password reset mail links to PUBLIC_URL whatever the Host', async () => {
    const res = await rawRequest(s.url, 'POST', '/api/auth/password/reset/', { headers: { host: 'evil.example', 'content-type': 'application/json' }, body: JSON.stringify({ email: 'siteadmin@demo.test' }) });
    expect(res.status).toBe(200);
    await resetQueueOf(s.app.services).idle(); // reset mails are written after the answer
    const [mail] = await s.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.body).toContain('https://logistics.example.com/auth/password-reset/');
    expect(mail.body).not.toContain('evil.example');
  });
});

describe('without PUBLIC_URL', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ PUBLIC_URL: '' }); });
  afterAll(async () => { await s?.close(); });

  it('links are relative to the server root, so they follow whatever name the client used', async () => {
    const token = await s.login('siteadmin@demo.test');
    const res = await rawRequest(s.url, 'GET', LIST, { headers: { authorization: `Token ${token}`, host: 'evil.example' } });
    const body = json(res.body);
    expect(body.next).toMatch(/^\/api\/terminalboss\/v3\/ticket\/\?page_size=5&page=3&cursor=[\w-]+$/);
    expect(body.previous).toBe('/api/terminalboss/v3/ticket/?page_size=5&page=1');
    const encoded = json((await rawRequest(s.url, 'GET', '/%61pi/terminalboss/v3/ticket/?page_size=5', { headers: { authorization: `Token ${token}`, host: 'evil.example' } })).body);
    expect(encoded.next).toMatch(/^\/%61pi\/terminalboss\/v3\/ticket\/\?page_size=5&page=2&cursor=[\w-]+$/);
  });
});

describe('with ALLOWED_HOSTS', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ ALLOWED_HOSTS: 'logistics.example.com, .site.example, 127.0.0.1' }, { seed: false }); });
  afterAll(async () => { await s?.close(); });

  it.each(['logistics.example.com', 'LOGISTICS.example.com:8443', 'site.example', 'terminal-7.site.example', '127.0.0.1:8000'])('answers for %s', async (host) => {
    const res = await rawRequest(s.url, 'GET', '/api/health/', { headers: { host } });
    expect(res.status).toBe(200);
  });

  it.each(['evil.example', 'logistics.example.com.evil.example', 'xsite.example', 'localhost'])('refuses %s with 400 before any route runs', async (host) => {
    for (const path of ['/api/health/', '/api/auth/login/', '/']) {
      const res = await rawRequest(s.url, 'GET', path, { headers: { host } });
      expect(res.status, path).toBe(400);
      expect(json(res.body).detail).toMatch(/unknown host/);
    }
  });
});

describe('link building', () => {
  const reqFor = (url: string, publicUrl: string | null) =>
    ({ url, server: { services: { config: { publicUrl: publicUrl ?? 'http://localhost:8000', publicUrlConfigured: publicUrl !== null } } } }) as never;

  it('a request path with leading slashes never turns into a protocol-relative or foreign link', () => {
    for (const url of ['//evil.example/api/x/?page=1', '///evil.example/api/x/', '/\\evil.example/api/x/', '/a/..//evil.example/api/x/']) {
      const relative = pageLinks(absoluteUrl(reqFor(url, null)), 1, 5, true).next!;
      expect(relative, url).toMatch(/^\/[^/\\]/);
      expect(new URL(relative, 'http://site-server:8000').host, url).toBe('site-server:8000');
      const absolute = pageLinks(absoluteUrl(reqFor(url, 'https://logistics.example.com')), 1, 5, true).next!;
      expect(new URL(absolute).host, url).toBe('logistics.example.com');
    }
  });
});
