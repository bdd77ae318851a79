/**
 * `user/cors_anywhere/` through the real server (docs/security.md, Outbound fetches): the server
 * fetches only listed hosts, only addresses of public networks or networks the operator lists,
 * checked after the name is resolved and again at every redirect, and only so much for so long.
 * A small HTTP server on this machine plays the remote; 127.0.0.1 is the one listed network.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let remote: http.Server;
let port: number;
let s: TestServer;
let token: string;

beforeAll(async () => {
  remote = http.createServer((req, res) => {
    switch (req.url) {
      case '/ok': res.writeHead(200, { 'content-type': 'text/csv' }).end('car,weight\nUTLX 1,91000\n'); break;
      case '/big': res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(10_000)); break;
      case '/slow': break; // never answers
      case '/missing': res.writeHead(404).end('no'); break;
      case '/to-ok': res.writeHead(302, { location: '/ok' }).end(); break;
      case '/to-private': res.writeHead(302, { location: 'http://10.1.2.3/' }).end(); break;
      case '/to-unlisted': res.writeHead(302, { location: 'https://elsewhere.example/' }).end(); break;
      default: res.writeHead(500).end();
    }
  });
  await new Promise<void>((done) => remote.listen(0, '127.0.0.1', done));
  port = (remote.address() as AddressInfo).port;
  s = await startServer({
    FETCH_ALLOWED_HOSTS: [`127.0.0.1:${port}`, `127.0.0.2:${port}`, `localhost:${port}`, '169.254.169.254', '10.1.2.3', '100.64.1.1', '::1', 'fd00::7', '::ffff:a00:1'].join(','),
    FETCH_ALLOWED_NETWORKS: '127.0.0.1/32',
    FETCH_MAX_BYTES: '4096',
    FETCH_TIMEOUT_MS: '800',
  });
  token = await s.login('driver@demo.test');
});
afterAll(async () => {
  await s?.close();
  remote?.closeAllConnections();
  await new Promise((done) => remote?.close(done));
});

const fetchVia = (url: string, as: string | undefined = token) => s.call('POST', '/api/user/cors_anywhere/', { token: as, body: { url } });

describe('cors_anywhere', () => {
  it('fetches a listed host on a listed network, for any signed-in user, as an attachment that runs nothing', async () => {
    const res = await fetchVia(`http://127.0.0.1:${port}/ok`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('car,weight\nUTLX 1,91000\n');
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    // A redirect to a listed place is followed.
    expect((await fetchVia(`http://127.0.0.1:${port}/to-ok`)).text).toContain('UTLX 1');
    // A name is resolved and its address vetted like any other (here it is 127.0.0.1, the listed network).
    expect((await fetchVia(`http://localhost:${port}/ok`)).status).toBe(200);
    expect((await s.call('POST', '/api/user/cors_anywhere/', { body: { url: `http://127.0.0.1:${port}/ok` } })).status).toBe(401);
  });

  it('refuses what is not listed, and every private, loopback, link-local and reserved address outside the listed network', async () => {
    for (const [url, message] of [
      ['https://example.org/', 'example.org is not a host this server fetches from'],
      ['ftp://127.0.0.1/ok', 'Only http and https URLs are fetched.'],
      [`http://user:secret@127.0.0.1:${port}/ok`, 'A URL with a user name or password is not fetched.'],
      ['http://127.0.0.1:22/', 'Port 22 of 127.0.0.1 is not fetched'],
      ['not a url', 'Give a whole URL'],
      [`http://127.0.0.2:${port}/ok`, 'resolves to 127.0.0.2, an address of a private or reserved network'],
      ['http://169.254.169.254/latest/meta-data/', 'resolves to 169.254.169.254'],
      ['http://10.1.2.3/', 'resolves to 10.1.2.3'],
      ['http://100.64.1.1/', 'resolves to 100.64.1.1'],
      ['http://[::1]/', 'resolves to ::1'],
      ['http://[fd00::7]/', 'resolves to fd00::7'],
      ['http://[::ffff:10.0.0.1]/', 'an address of a private or reserved network'],
    ] as const) {
      const res = await fetchVia(url);
      expect(res.status, url).toBe(400);
      expect(res.body.url[0], url).toContain(message);
    }
  });

  it('stops at a redirect off the list or to a private address, at the size cap and at the time cap', async () => {
    const toPrivate = await fetchVia(`http://127.0.0.1:${port}/to-private`);
    expect(toPrivate).toMatchObject({ status: 502, body: { detail: expect.stringContaining('redirected to http://10.1.2.3/') } });
    const toUnlisted = await fetchVia(`http://127.0.0.1:${port}/to-unlisted`);
    expect(toUnlisted).toMatchObject({ status: 502, body: { detail: expect.stringContaining('elsewhere.example is not a host this server fetches from') } });
    expect(await fetchVia(`http://127.0.0.1:${port}/big`)).toMatchObject({ status: 502, body: { detail: 'The answer is larger than 4 KB: it is not passed on.' } });
    expect(await fetchVia(`http://127.0.0.1:${port}/slow`)).toMatchObject({ status: 504, body: { detail: 'No answer within 1 s.' } });
    expect(await fetchVia(`http://127.0.0.1:${port}/missing`)).toMatchObject({ status: 502, body: { detail: 'The remote server answered 404.' } });
  });
});
