/** Social / work-account sign-on against a local OpenID Connect provider that the test runs itself. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { startServer, type TestServer } from './harness';

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
  s = await startServer({ OIDC_PROVIDERS: JSON.stringify({ acme: { issuer, audience: 'client-1', label: 'Acme SSO' } }) });
});
afterAll(async () => {
  await s?.close();
  idp?.close();
});

interface Claims { sub: string; email?: string; email_verified?: boolean }
const idToken = (c: Claims, o: { aud?: string; iss?: string; exp?: string | number; key?: CryptoKey } = {}) =>
  new SignJWT({ ...c })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(o.iss ?? issuer)
    .setAudience(o.aud ?? 'client-1')
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '5m')
    .sign(o.key ?? privateKey);
const signOn = async (token: string) => s.call('POST', '/api/auth/social/acme/', { body: { access_token: token } });

describe('social sign-on', () => {
  it('lists the configured providers for the login page', async () => {
    const res = await s.call('GET', '/api/auth/providers/');
    expect(res.body).toEqual([{ name: 'acme', label: 'Acme SSO', issuer, client_id: 'client-1' }]);
  });

  it('signs in the user with the verified email, and links the identity', async () => {
    const res = await signOn(await idToken({ sub: 'acme-1', email: 'Dispatcher@demo.test', email_verified: true }));
    expect(res.status).toBe(200);
    const me = await s.call('GET', '/api/user/me/', { token: res.body.key });
    expect(me.body.email).toBe('dispatcher@demo.test');
    // Once linked, the subject alone is enough, whatever email the provider reports later.
    const again = await signOn(await idToken({ sub: 'acme-1', email: 'renamed@elsewhere.test' }));
    expect((await s.call('GET', '/api/user/me/', { token: again.body.key })).body.email).toBe('dispatcher@demo.test');
  });

  it('refuses tokens with the wrong audience, issuer, expiry or signature', async () => {
    const claims = { sub: 'acme-2', email: 'operator@demo.test', email_verified: true };
    for (const token of [
      await idToken(claims, { aud: 'someone-else' }),
      await idToken(claims, { iss: 'http://127.0.0.1:1/other' }),
      await idToken(claims, { exp: Math.floor(Date.now() / 1000) - 3600 }),
      await idToken(claims, { key: otherKey }),
      'not.a.jwt',
    ]) {
      const res = await signOn(token);
      expect(res).toMatchObject({ status: 400, body: { access_token: ['The sign-on token could not be verified.'] } });
    }
  });

  it('an unverified email or an unknown person gets no account', async () => {
    expect((await signOn(await idToken({ sub: 'acme-3', email: 'operator@demo.test', email_verified: false }))).status).toBe(400);
    expect((await signOn(await idToken({ sub: 'acme-4', email: 'stranger@demo.test', email_verified: true }))).status).toBe(400);
  });

  it('an unknown provider answers 404', async () => {
    expect((await s.call('POST', '/api/auth/social/nope/', { body: { access_token: 'x' } })).status).toBe(404);
  });

  it('connect links an identity to the signed-in user; an identity of another user is refused', async () => {
    const op = await s.login('operator@demo.test');
    const connect = await s.call('POST', '/api/auth/social/acme/connect/', { token: op, body: { access_token: await idToken({ sub: 'acme-5', email: 'ops@corp.test' }) } });
    expect(connect.status).toBe(200);
    const res = await signOn(await idToken({ sub: 'acme-5', email: 'ops@corp.test' }));
    expect((await s.call('GET', '/api/user/me/', { token: res.body.key })).body.email).toBe('operator@demo.test');
    const taken = await s.call('POST', '/api/auth/social/acme/connect/', { token: op, body: { access_token: await idToken({ sub: 'acme-1' }) } });
    expect(taken).toMatchObject({ status: 400, body: { non_field_errors: ['This sign-on account is already connected to another user.'] } });
    expect((await s.call('POST', '/api/auth/social/acme/connect/', { body: { access_token: 'x' } })).status).toBe(401);
  });
});
