/**
 * Social / work-account sign-on against a local OpenID Connect provider that the test runs itself
 * (docs/security.md, Single sign-on): a token is accepted only as the answer to an attempt this
 * server started, once; a first sign-on links by email only when the provider vouches for it; every
 * refusal says why and links nothing.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { startServer, type TestServer } from './harness';
import { rawRows } from '../../server/db/connection';
import { loadConfig } from '../../server/config';

let idp: Server;
let issuer: string;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let s: TestServer;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  idp = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
    else { res.statusCode = 404; res.end('{}'); }
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as { port: number }).port}`;
  s = await startServer({
    OIDC_PROVIDERS: JSON.stringify({
      acme: { issuer, audience: 'client-1', label: 'Acme SSO' },
      // A work-account tenant that owns demo.test's addresses and sends no email_verified, as Entra ID does.
      corp: { issuer, audience: 'client-2', label: 'Corp', trustEmail: true, emailDomains: ['demo.test'] },
    }),
  });
});
afterAll(async () => {
  await s?.close();
  idp?.close();
});

interface Claims { sub: string; email?: string; email_verified?: boolean; nonce?: string }
interface Opts { aud?: string | string[]; iss?: string; exp?: string | number; key?: CryptoKey; kid?: string; azp?: string }
const idToken = (c: Claims, o: Opts = {}) =>
  new SignJWT({ ...c, ...(o.azp ? { azp: o.azp } : {}) })
    .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'k1' })
    .setIssuer(o.iss ?? issuer)
    .setAudience(o.aud ?? 'client-1')
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '5m')
    .sign(o.key ?? privateKey);

interface Attempt { attempt: string; nonce: string; expires_in: number }
const start = async (provider = 'acme', token?: string) => {
  const res = await s.call('POST', `/api/auth/social/${provider}/${token ? 'connect/' : ''}start/`, { body: {}, token });
  expect(res.status).toBe(200);
  return res.body as Attempt;
};
const post = (access_token: string, attempt: string, provider = 'acme') => s.call('POST', `/api/auth/social/${provider}/`, { body: { access_token, attempt } });
/** The whole sign-on: an attempt, the provider's token for it, and the answer. */
async function signOn(c: Claims, o: Opts = {}, provider = 'acme') {
  const a = await start(provider);
  return post(await idToken({ nonce: a.nonce, ...c }, { aud: provider === 'corp' ? 'client-2' : undefined, ...o }), a.attempt, provider);
}
const links = async () => Number((await rawRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from social_account`))[0].n);
const emailOf = async (key: string) => (await s.call('GET', '/api/user/me/', { token: key })).body.email as string;

describe('social sign-on', () => {
  it('lists the configured providers for the login page', async () => {
    const res = await s.call('GET', '/api/auth/providers/');
    expect(res.body).toEqual([
      { name: 'acme', label: 'Acme SSO', issuer, client_id: 'client-1' },
      { name: 'corp', label: 'Corp', issuer, client_id: 'client-2' },
    ]);
  });

  it('an attempt is a secret for the browser and its hash, the nonce, for the provider', async () => {
    const a = await start();
    expect(a.attempt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.nonce).not.toBe(a.attempt);
    expect(a.expires_in).toBe(600);
    expect((await s.call('POST', '/api/auth/social/nope/start/', { body: {} })).status).toBe(404);
  });

  it('signs in the user with the verified email and links the identity; once linked, the subject alone is enough', async () => {
    const res = await signOn({ sub: 'acme-1', email: 'Dispatcher@demo.test', email_verified: true });
    expect(res.status).toBe(200);
    expect(await emailOf(res.body.key)).toBe('dispatcher@demo.test');
    const again = await signOn({ sub: 'acme-1', email: 'renamed@elsewhere.test' });
    expect(await emailOf(again.body.key)).toBe('dispatcher@demo.test');
  });

  it('a token is used once: replayed, or sent with another attempt, it is refused', async () => {
    const a = await start();
    const token = await idToken({ sub: 'acme-1', nonce: a.nonce });
    expect((await post(token, a.attempt)).status).toBe(200);
    expect(await post(token, a.attempt)).toMatchObject({ status: 400, body: { access_token: ['This sign-in attempt was already used or has expired. Sign in with the provider again.'] } });
    // Seen elsewhere and replayed with an attempt of the replayer's own: not the nonce of that attempt.
    const b = await start();
    expect(await post(token, b.attempt)).toMatchObject({ status: 400, body: { access_token: ['The sign-on token was issued for another sign-in attempt. Sign in with the provider again.'] } });
    // Without a nonce at all, or with no attempt.
    expect(await post(await idToken({ sub: 'acme-1' }), b.attempt)).toMatchObject({ status: 400, body: { access_token: ['The sign-on token carries no nonce, so it cannot be tied to this sign-in. Sign in with the provider again.'] } });
    expect(await s.call('POST', '/api/auth/social/acme/', { body: { access_token: token } })).toMatchObject({ status: 400, body: { attempt: ['This field is required.'] } });
    // An attempt of another provider, or expired.
    const other = await start('corp');
    expect((await post(await idToken({ sub: 'acme-1', nonce: other.nonce }), other.attempt)).body).toEqual({ access_token: ['This sign-in attempt was already used or has expired. Sign in with the provider again.'] });
    const c = await start();
    await rawRows(s.database.db, sql`update sso_attempt set expires_at = now() - interval '1 second' where nonce = ${c.nonce}`);
    expect((await post(await idToken({ sub: 'acme-1', nonce: c.nonce }), c.attempt)).body).toEqual({ access_token: ['This sign-in attempt was already used or has expired. Sign in with the provider again.'] });
  });

  it('refuses a token of another audience, issuer, expired, unsigned or signed by a key not in the set, saying why, and links nothing', async () => {
    const before = await links();
    const claims = { sub: 'acme-2', email: 'operator@demo.test', email_verified: true };
    const a = await start();
    const cases: [string, string][] = [
      [await idToken({ ...claims, nonce: a.nonce }, { aud: 'someone-else' }), 'The sign-on token was issued to another application.'],
      [await idToken({ ...claims, nonce: a.nonce }, { aud: ['client-1', 'someone-else'], azp: 'someone-else' }), 'The sign-on token was issued to another application.'],
      [await idToken({ ...claims, nonce: a.nonce }, { iss: 'http://127.0.0.1:1/other' }), 'The sign-on token comes from another issuer than this provider.'],
      [await idToken({ ...claims, nonce: a.nonce }, { exp: Math.floor(Date.now() / 1000) - 3600 }), 'The sign-on token has expired. Sign in with the provider again.'],
      [await idToken({ ...claims, nonce: a.nonce }, { key: otherKey }), 'The sign-on token is not signed with a key of the provider.'],
      [await idToken({ ...claims, nonce: a.nonce }, { key: otherKey, kid: 'not-in-the-set' }), 'The sign-on token is not signed with a key of the provider.'],
      [new UnsecuredJWT({ ...claims, nonce: a.nonce }).setIssuer(issuer).setAudience('client-1').setIssuedAt().setExpirationTime('5m').encode(), 'The sign-on token is not signed with a key of the provider.'],
      ['not.a.jwt', 'The sign-on token could not be verified.'],
    ];
    for (const [token, message] of cases) expect(await post(token, a.attempt)).toMatchObject({ status: 400, body: { access_token: [message] } });
    expect(await links()).toBe(before);
    // The attempt was not used up by the refusals: the right token still signs in.
    expect((await post(await idToken({ ...claims, nonce: a.nonce }), a.attempt)).status).toBe(200);
  });

  it('links by email only when the provider vouches for it: not without email_verified, nor with it false', async () => {
    const before = await links();
    const unvouched = 'The provider does not vouch for this email address, so it cannot sign you in to an account by it. Sign in with your email and password, then connect this sign-on under your account.';
    expect(await signOn({ sub: 'acme-3', email: 'operator@demo.test' })).toMatchObject({ status: 400, body: { non_field_errors: [unvouched] } });
    expect(await signOn({ sub: 'acme-3', email: 'operator@demo.test', email_verified: false })).toMatchObject({ status: 400, body: { non_field_errors: [unvouched] } });
    expect((await signOn({ sub: 'acme-4', email: 'stranger@demo.test', email_verified: true })).body.non_field_errors[0]).toMatch(/^No account matches this sign-on/);
    expect(await links()).toBe(before);
  });

  it('a provider that owns the domain links its addresses without email_verified, and no other domain', async () => {
    const res = await signOn({ sub: 'corp-1', email: 'Operator@Demo.test' }, {}, 'corp');
    expect(res.status).toBe(200);
    expect(await emailOf(res.body.key)).toBe('operator@demo.test');
    expect((await signOn({ sub: 'corp-2', email: 'partner@partner.test' }, {}, 'corp')).body.non_field_errors[0]).toMatch(/^The provider does not vouch for this email address/);
    expect((await signOn({ sub: 'corp-3', email: 'partner@partner.test', email_verified: false }, {}, 'corp')).status).toBe(400);
  });

  it('an unknown provider answers 404', async () => {
    expect((await s.call('POST', '/api/auth/social/nope/', { body: { access_token: 'x', attempt: 'a'.repeat(43) } })).status).toBe(404);
  });

  it("connect links an identity to the signed-in user with the user's own attempt; another's attempt or an identity of another user is refused", async () => {
    const op = await s.login('operator@demo.test');
    const driver = await s.login('driver@demo.test');
    const mine = await start('acme', op);
    const connect = (token: string, attempt: string, who = op) => s.call('POST', '/api/auth/social/acme/connect/', { token: who, body: { access_token: token, attempt } });
    expect((await connect(await idToken({ sub: 'acme-5', email: 'ops@corp.test', nonce: mine.nonce }), mine.attempt)).status).toBe(200);
    const res = await signOn({ sub: 'acme-5', email: 'ops@corp.test' });
    expect(await emailOf(res.body.key)).toBe('operator@demo.test');
    // The driver cannot finish the operator's attempt, nor connect with a sign-in attempt.
    const another = await start('acme', op);
    expect((await connect(await idToken({ sub: 'acme-6', nonce: another.nonce }), another.attempt, driver)).body).toEqual({ access_token: ['This sign-in attempt was already used or has expired. Sign in with the provider again.'] });
    const login = await start();
    expect((await connect(await idToken({ sub: 'acme-6', nonce: login.nonce }), login.attempt)).status).toBe(400);
    const taken = await start('acme', op);
    expect(await connect(await idToken({ sub: 'acme-1', nonce: taken.nonce }), taken.attempt)).toMatchObject({ status: 400, body: { non_field_errors: ['This sign-on account is already connected to another user.'] } });
    expect((await s.call('POST', '/api/auth/social/acme/connect/', { body: { access_token: 'x', attempt: 'a'.repeat(43) } })).status).toBe(401);
    expect((await s.call('POST', '/api/auth/social/acme/connect/start/', { body: {} })).status).toBe(401);
  });
});

describe('single sign-on settings and limits', () => {
  it('refuses trusting a provider for email without its domains, or on a multi-tenant issuer', () => {
    const load = (p: object) => () => loadConfig({ OIDC_PROVIDERS: JSON.stringify({ entra: { issuer: 'https://login.microsoftonline.com/1f2e/v2.0', audience: 'c', ...p } }) });
    expect(load({ trustEmail: true })).toThrow(/trustEmail needs emailDomains/);
    expect(load({ trustEmail: true, emailDomains: ['not a domain'] })).toThrow(/trustEmail needs emailDomains/);
    expect(load({ trustEmail: true, emailDomains: ['example.com'], issuer: 'https://login.microsoftonline.com/common/v2.0' })).toThrow(/multi-tenant/);
    expect(load({ trustEmail: true, emailDomains: ['Example.COM'] })().oidc.entra.emailDomains).toEqual(['example.com']);
  });

  it('starting attempts is throttled per address like signing in', async () => {
    const small = await startServer({ LOGIN_LIMIT_PER_ADDRESS: '3', OIDC_PROVIDERS: JSON.stringify({ acme: { issuer, audience: 'client-1' } }) }, { seed: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await small.call('POST', '/api/auth/social/acme/start/', { body: {} })).status);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await small.close();
    }
  });
});
