/**
 * The outbound fetch's rules (server/http/outbound-fetch.ts) without a network: which addresses it
 * reaches, which URLs it takes, and that a name is judged by every address it resolves to, before
 * any connection is made. The API test (tests/api/cors-anywhere.test.ts) fetches for real.
 */
import { describe, expect, it } from 'vitest';
import { FetchRefused, addressAllowed, checkUrl, guardedFetch } from '../../server/http/outbound-fetch';

const rules = { hosts: ['files.example.test', '.maps.example.test', 'scales.site.test:8080'], networks: [] as string[], maxBytes: 1024, timeoutMs: 500 };

describe('addressAllowed', () => {
  it.each([
    '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.1.1', '127.0.0.1', '127.9.9.9', '169.254.169.254', '0.0.0.0',
    '100.64.0.1', '100.127.255.254', '192.0.2.10', '198.18.0.1', '224.0.0.1', '255.255.255.255',
    '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1',
  ])('refuses %s', (a) => expect(addressAllowed(a, { networks: [] })).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('reaches %s', (a) => expect(addressAllowed(a, { networks: [] })).toBe(true));

  it('reaches a listed network, and only that one', () => {
    const site = { networks: ['10.20.0.0/16', 'fd00:1::/32'] };
    expect(addressAllowed('10.20.3.4', site)).toBe(true);
    expect(addressAllowed('10.21.0.1', site)).toBe(false);
    expect(addressAllowed('fd00:1::5', site)).toBe(true);
    expect(addressAllowed('fd00:2::5', site)).toBe(false);
  });
});

describe('checkUrl', () => {
  it('takes listed hosts and their subdomains where listed so, on standard ports or a listed host:port', () => {
    expect(checkUrl('https://files.example.test/a.pdf', rules).hostname).toBe('files.example.test');
    expect(checkUrl('https://tiles.maps.example.test/1/2/3.png', rules).hostname).toBe('tiles.maps.example.test');
    expect(checkUrl('http://scales.site.test:8080/weight', rules).port).toBe('8080');
  });

  it.each([
    ['https://sub.files.example.test/', 'is not a host this server fetches from'],
    ['https://files.example.test:8443/', 'Port 8443 of files.example.test is not fetched'],
    ['http://scales.site.test/weight', 'scales.site.test is not a host'],
    ['file:///etc/passwd', 'Only http and https'],
    ['gopher://files.example.test/', 'Only http and https'],
    ['https://a:b@files.example.test/', 'user name or password'],
    ['//files.example.test/', 'Give a whole URL'],
  ])('refuses %s', (url, message) => {
    expect(() => checkUrl(url, rules)).toThrow(message);
  });

  it('fetches nothing when no host is listed', () => {
    expect(() => checkUrl('https://files.example.test/', { hosts: null })).toThrow('an administrator lists them in FETCH_ALLOWED_HOSTS');
  });
});

describe('guardedFetch', () => {
  const refusal = async (url: string, resolved: string[]) => {
    let connected = false;
    const resolve = async () => resolved.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    try {
      await guardedFetch(url, rules, resolve);
      connected = true;
    } catch (e) {
      return { e: e as FetchRefused, connected };
    }
    return { e: null, connected };
  };

  it('judges a listed name by what it resolves to, before connecting', async () => {
    const inside = await refusal('https://files.example.test/x', ['10.0.0.5']);
    expect(inside.e).toBeInstanceOf(FetchRefused);
    expect(inside.e).toMatchObject({ status: 400, message: expect.stringContaining('files.example.test resolves to 10.0.0.5') });
    // One private address among public ones is enough to refuse (the connection could go to any).
    const mixed = await refusal('https://files.example.test/x', ['93.184.216.34', '169.254.169.254']);
    expect(mixed.e).toMatchObject({ status: 400, message: expect.stringContaining('169.254.169.254') });
    const unresolved = await guardedFetch('https://files.example.test/x', rules, async () => { throw new Error('ENOTFOUND'); }).catch((e: unknown) => e);
    expect(unresolved).toMatchObject({ status: 502, message: 'files.example.test could not be resolved.' });
  });
});
