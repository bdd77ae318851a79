/**
 * A local OpenID Connect identity provider for the browser tests: discovery, JWKS, and an
 * authorize endpoint that signs the configured person in at once (implicit flow, `id_token` in
 * the fragment). Nothing leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? Number(process.env.E2E_PORT ?? 8765) + 7);
export const IDP_ISSUER = `http://127.0.0.1:${IDP_PORT}`;
export const IDP_AUDIENCE = 'e2e-client';

export interface Idp { close(): Promise<void>; /** Who the next authorize request signs in (null: the person cancels). */ as(email: string | null): void }

export async function startIdp(): Promise<Idp> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'e2e', alg: 'RS256', use: 'sig' };
  let email: string | null = null;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', IDP_ISSUER);
    res.setHeader('access-control-allow-origin', '*');
    if (url.pathname === '/.well-known/openid-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer: IDP_ISSUER, jwks_uri: `${IDP_ISSUER}/jwks`, authorization_endpoint: `${IDP_ISSUER}/authorize` }));
    } else if (url.pathname === '/jwks') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    } else if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      const state = url.searchParams.get('state') ?? '';
      if (!email) {
        back.hash = new URLSearchParams({ error: 'access_denied', error_description: 'The sign-in was cancelled.', state }).toString();
      } else {
        const token = await new SignJWT({ email, email_verified: true, nonce: url.searchParams.get('nonce') })
          .setProtectedHeader({ alg: 'RS256', kid: 'e2e' })
          .setSubject(`e2e|${email}`).setIssuer(IDP_ISSUER).setAudience(url.searchParams.get('client_id') ?? '')
          .setIssuedAt().setExpirationTime('5m').sign(privateKey);
        back.hash = new URLSearchParams({ id_token: token, state }).toString();
      }
      res.statusCode = 302;
      res.setHeader('location', back.toString());
      res.end();
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(IDP_PORT, '127.0.0.1', resolve); });
  return {
    as: (who) => { email = who; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The server's OIDC_PROVIDERS setting for this provider. */
export const idpProviderSetting = () => JSON.stringify({ acme: { issuer: IDP_ISSUER, audience: IDP_AUDIENCE, label: 'Acme SSO' } });
