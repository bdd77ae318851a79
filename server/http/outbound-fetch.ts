/**
 * The server fetching a URL for the browser (`user/cors_anywhere/`, docs/security.md, Outbound
 * fetches). A fetch the server makes for a client is a server-side request forgery risk, so:
 * - only hosts the operator lists (FETCH_ALLOWED_HOSTS) are fetched: none when unset;
 * - only http and https, on their standard ports unless the list names `host:port`, without
 *   credentials in the URL;
 * - the name is resolved once, every address it resolves to must be public (not private,
 *   loopback, link-local, unspecified, multicast, carrier-grade NAT, unique-local or reserved),
 *   and the connection goes to that vetted address, so a name cannot resolve to a public address
 *   for the check and a private one for the connection; networks the operator lists
 *   (FETCH_ALLOWED_NETWORKS, e.g. a site's own scale server) are the one exception;
 * - a redirect is followed (at most MAX_REDIRECTS) only to a URL that passes the same checks;
 * - the answer is read up to FETCH_MAX_BYTES and for FETCH_TIMEOUT_MS in all.
 */
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import { hostAllowed } from './allowed-hosts';

export interface FetchRules {
  hosts: readonly string[] | null;
  /** CIDR networks reachable although private (`10.20.0.0/16`). */
  networks: readonly string[];
  maxBytes: number;
  timeoutMs: number;
}

export interface Fetched { status: number; contentType: string; body: Buffer }

/** Why a fetch was refused or failed: `field` refusals are the caller's (400), the others the remote's (502/504). */
export class FetchRefused extends Error {
  constructor(readonly status: 400 | 502 | 504, message: string) { super(message); }
}

export const MAX_REDIRECTS = 3;
type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Addresses no fetch reaches (RFC 6890 special-purpose blocks that are not global). */
const BLOCKED = (() => {
  const b = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
    ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ] as const) b.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [
    ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
    ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  ] as const) b.addSubnet(net, bits, 'ipv6');
  return b;
})();

/** `10.20.0.0/16` or `192.168.5.7` (one address): its parts, or null when it is neither. */
export function parseCidr(text: string): { address: string; bits: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, bits] = text.split('/');
  const v = isIP(address);
  if (!v) return null;
  const max = v === 6 ? 128 : 32;
  if (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)) return null;
  return { address, bits: bits === undefined ? max : Number(bits), family: v === 6 ? 'ipv6' : 'ipv4' };
}

/** The listed networks as one BlockList, made once per list (the configuration's list lives as long as the process). */
const allowedLists = new WeakMap<readonly string[], BlockList>();
function allowedNetworks(cidrs: readonly string[]): BlockList {
  let b = allowedLists.get(cidrs);
  if (!b) {
    b = new BlockList();
    for (const n of cidrs.map(parseCidr)) if (n) b.addSubnet(n.address, n.bits, n.family);
    allowedLists.set(cidrs, b);
  }
  return b;
}

/** Whether the server may connect to this address under these rules. */
export function addressAllowed(address: string, rules: Pick<FetchRules, 'networks'>): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // A BlockList's IPv4 rules also match an IPv4 address written as IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`).
  if (rules.networks.length && allowedNetworks(rules.networks).check(address, family)) return true;
  return !BLOCKED.check(address, family);
}

/** The URL, if it may be fetched at all: scheme, credentials, port, host list. */
export function checkUrl(raw: string, rules: Pick<FetchRules, 'hosts'>): URL {
  let url: URL;
  try { url = new URL(raw); } catch { throw new FetchRefused(400, 'Give a whole URL, starting with https:// or http://.'); }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchRefused(400, 'Only http and https URLs are fetched.');
  if (url.username || url.password) throw new FetchRefused(400, 'A URL with a user name or password is not fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.port) {
    // Another port only where the list names the host with it (`scales.site.local:8080`).
    if (!rules.hosts?.includes(`${host}:${url.port}`)) throw new FetchRefused(400, `Port ${url.port} of ${host} is not fetched: only the standard ports, or a host:port an administrator lists.`);
    return url;
  }
  if (!rules.hosts || !hostAllowed(host, rules.hosts)) throw new FetchRefused(400, `${host} is not a host this server fetches from: an administrator lists them in FETCH_ALLOWED_HOSTS.`);
  return url;
}

/** The one address to connect to: every address the name resolves to must be allowed. */
async function vettedAddress(url: URL, rules: FetchRules, resolve: Resolve): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  try {
    found = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    throw new FetchRefused(502, `${host} could not be resolved.`);
  }
  if (!found.length) throw new FetchRefused(502, `${host} could not be resolved.`);
  const refused = found.find((a) => !addressAllowed(a.address, rules));
  if (refused) throw new FetchRefused(400, `${host} resolves to ${refused.address}, an address of a private or reserved network: it is not fetched.`);
  return found[0];
}

/** A body the server posts (an export to an ERP endpoint) instead of a GET. */
export interface Outgoing { contentType: string; body: Buffer; headers?: Record<string, string> }

function get(url: URL, to: { address: string; family: number }, rules: FetchRules, deadline: number, out?: Outgoing): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const left = Math.max(1, deadline - Date.now());
    const req = lib.request(url, {
      method: out ? 'POST' : 'GET',
      // Connect to the vetted address whatever the name resolves to now (TLS still checks the name).
      lookup: (_host, opts, cb) => {
        const done = cb as (e: null, a: string | { address: string; family: number }[], f?: number) => void;
        if ((opts as { all?: boolean }).all) done(null, [to]);
        else done(null, to.address, to.family);
      },
      headers: {
        accept: '*/*', 'user-agent': 'bulk-logistics-fetch/1',
        ...(out ? { ...out.headers, 'content-type': out.contentType, 'content-length': String(out.body.length) } : {}),
      },
    }, (res) => {
      const status = res.statusCode ?? 502;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > rules.maxBytes) {
          req.destroy();
          reject(new FetchRefused(502, `The answer is larger than ${Math.round(rules.maxBytes / 1024)} KB: it is not passed on.`));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => resolve({ status, location: res.headers.location, contentType: String(res.headers['content-type'] ?? 'application/octet-stream'), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    // One deadline for the whole fetch, redirects included: it also ends a connection that stalls.
    const timer = setTimeout(() => { req.destroy(); reject(new FetchRefused(504, `No answer within ${Math.round(rules.timeoutMs / 1000)} s.`)); }, left);
    req.on('error', (e) => reject(e instanceof FetchRefused ? e : new FetchRefused(502, `The remote server could not be reached: ${e.message}`)));
    req.on('close', () => clearTimeout(timer));
    req.end(out?.body);
  });
}

/** Fetches the URL under the rules (following vetted redirects); refusals and failures throw FetchRefused. */
export async function guardedFetch(raw: string, rules: FetchRules, resolve: Resolve = systemResolve): Promise<Fetched> {
  const deadline = Date.now() + rules.timeoutMs;
  let url = checkUrl(raw, rules);
  for (let hop = 0; ; hop++) {
    const to = await vettedAddress(url, rules, resolve).catch((e: unknown) => {
      // A redirect's target is the remote server's doing, not the caller's.
      throw hop && e instanceof FetchRefused && e.status === 400 ? new FetchRefused(502, `The remote server redirected to ${url.href}: ${e.message}`) : e;
    });
    const answer = await get(url, to, rules, deadline);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      if (hop >= MAX_REDIRECTS) throw new FetchRefused(502, `More than ${MAX_REDIRECTS} redirects.`);
      const next = new URL(answer.location, url).href;
      try {
        url = checkUrl(next, rules);
      } catch (e) {
        throw new FetchRefused(502, `The remote server redirected to ${next}, which is not fetched: ${(e as Error).message}`);
      }
      continue;
    }
    return { status: answer.status, contentType: answer.contentType, body: answer.body };
  }
}

/** A remote answer as a user is shown it: one line without markup, at most 200 characters. */
export const answerExcerpt = (body: Buffer) => body.toString('utf8').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * Posts a body to the URL under the same rules (the host listed, every address vetted, the same
 * caps). A redirect is not followed: a post is not replayed elsewhere, and its 3xx is the answer.
 */
export async function guardedPost(raw: string, rules: FetchRules, out: Outgoing, resolve: Resolve = systemResolve): Promise<Fetched> {
  const url = checkUrl(raw, rules);
  const answer = await get(url, await vettedAddress(url, rules, resolve), rules, Date.now() + rules.timeoutMs, out);
  return { status: answer.status, contentType: answer.contentType, body: answer.body };
}
