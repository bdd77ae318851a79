/**
 * Social / work-account sign-on (docs/security.md, Single sign-on): the browser starts an attempt
 * here (sso-attempts.ts), obtains an OpenID Connect ID token carrying the attempt's nonce from the
 * provider, and posts it as `access_token` with the attempt's secret. We verify the signature
 * against the provider's JWKS (found by discovery; asymmetric algorithms only), the issuer, the
 * audience (and `azp` when there are several), the expiry and the nonce, use the attempt up, and
 * sign in the linked user.
 *
 * A first sign-on links the identity to the user with the same email only when the email is the
 * provider's word: `email_verified: true`, or a provider configured to own the email's domain
 * (`trustEmail` with `emailDomains`). Otherwise the user signs in with a password and connects the
 * identity (`connect/`), so an identity whose email someone else chose cannot take an account.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Services } from '../services';
import type { OidcProvider } from '../config';
import { tableOf } from '../db/tables';
import { socialAccount } from '../db/internal-tables';
import { user as userRes } from '../../src/resources/accounts/user';
import { badRequest, notFound, tooMany } from '../engine/errors';
import { parseFields } from '../engine/action-input';
import { SOCIAL_INPUT } from './auth-inputs';
import { issueToken } from './tokens';
import { startAttempt, useAttempt } from './sso-attempts';
import { countAttempt } from './throttle';

/** The signatures an ID token may carry: public-key ones, never `none` nor a shared secret. */
export const ID_TOKEN_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function jwksFor(name: string, p: OidcProvider) {
  const cacheKey = `${name}|${p.issuer}`;
  let set = keySets.get(cacheKey);
  if (!set) {
    let uri = p.jwksUri;
    if (!uri) {
      const res = await fetch(`${p.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      uri = ((await res.json()) as { jwks_uri?: string }).jwks_uri;
      if (!uri) throw new Error('discovery has no jwks_uri');
    }
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: 5000 });
    keySets.set(cacheKey, set);
  }
  return set;
}

/** What is wrong with a token, in the user's words (the log keeps the library's). */
function refusal(e: unknown): string {
  const again = 'Sign in with the provider again.';
  if (e instanceof joseErrors.JWTExpired) return `The sign-on token has expired. ${again}`;
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    if (e.claim === 'aud' || e.claim === 'azp') return 'The sign-on token was issued to another application.';
    if (e.claim === 'iss') return 'The sign-on token comes from another issuer than this provider.';
    if (e.claim === 'nbf' || e.claim === 'iat') return `The sign-on token is not valid yet: check the clocks. ${again}`;
  }
  const unsigned = [joseErrors.JOSEAlgNotAllowed, joseErrors.JWKSNoMatchingKey, joseErrors.JWSSignatureVerificationFailed];
  if (unsigned.some((kind) => e instanceof kind)) return 'The sign-on token is not signed with a key of the provider.';
  return 'The sign-on token could not be verified.';
}

type Claims = JWTPayload & { email?: string; email_verified?: boolean | string; nonce?: unknown; azp?: string };

async function verifiedClaims(s: Services, req: FastifyRequest, userId: number | null): Promise<{ provider: string; p: OidcProvider; claims: Claims }> {
  const provider = (req.params as { provider: string }).provider;
  const p = s.config.oidc[provider];
  if (!p) throw notFound();
  const input = parseFields(SOCIAL_INPUT, req.body);
  let claims: Claims;
  try {
    ({ payload: claims } = await jwtVerify<Claims>(String(input.access_token), await jwksFor(provider, p), {
      issuer: p.issuer, audience: p.audience, clockTolerance: 30, algorithms: ID_TOKEN_ALGORITHMS, requiredClaims: ['sub', 'exp', 'iat'],
    }));
    // Issued to several audiences, the token must name us as the party it was issued to (OpenID Connect Core 3.1.3.7).
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== p.audience) throw new joseErrors.JWTClaimValidationFailed('azp mismatch', claims, 'azp');
  } catch (e) {
    req.log.warn({ provider, reason: (e as Error).message }, 'social sign-on token rejected');
    throw badRequest({ access_token: [refusal(e)] });
  }
  await useAttempt(s.database.db, provider, String(input.attempt), claims.nonce, userId);
  return { provider, p, claims };
}

/** Whether the provider vouches for the token's email: verified by it, or in a domain it owns. */
export function emailVouched(p: OidcProvider, claims: { email?: string; email_verified?: boolean | string }): boolean {
  if (!claims.email) return false;
  // Some providers send the claim as a string.
  if (claims.email_verified === true || claims.email_verified === 'true') return true;
  if (claims.email_verified === false || claims.email_verified === 'false') return false;
  const domain = claims.email.toLowerCase().split('@').pop() ?? '';
  return Boolean(p.trustEmail && p.emailDomains?.includes(domain));
}

/** `POST auth/social/{provider}/start/` (and `connect/start/` signed in): a new attempt; throttled per address like sign-ins. */
export async function startSocial(s: Services, req: FastifyRequest, connecting: boolean) {
  const provider = (req.params as { provider: string }).provider;
  if (!s.config.oidc[provider]) throw notFound();
  const t = s.config.throttle;
  if (await countAttempt(s.database.db, `sso:${req.ip}`, t.windowSeconds) > t.perAddress) {
    throw tooMany(`Too many sign-on attempts. Try again in ${Math.ceil(t.windowSeconds / 60)} minutes.`);
  }
  return startAttempt(s.database.db, provider, connecting ? req.ctx!.user.id : null);
}

export async function socialLogin(s: Services, req: FastifyRequest) {
  const { provider, p, claims } = await verifiedClaims(s, req, null);
  const db = s.database.db;
  const u = tableOf(userRes);
  const [link] = await db.select({ userId: socialAccount.user_id }).from(socialAccount)
    .where(and(eq(socialAccount.provider, provider), eq(socialAccount.subject, claims.sub!)));
  let userId = link?.userId;
  if (!userId && claims.email && emailVouched(p, claims)) {
    // First sign-on with this provider: link it to the account with the same email, which the provider vouches for.
    const [byEmail] = await db.select({ id: u.id }).from(u).where(eq(sql`lower(${u.email})`, claims.email.toLowerCase()));
    if (byEmail) {
      await db.insert(socialAccount).values({ provider, subject: claims.sub!, user_id: byEmail.id, email: claims.email }).onConflictDoNothing();
      userId = byEmail.id;
    }
  }
  if (!userId) {
    const unvouched = claims.email && !emailVouched(p, claims);
    throw badRequest({
      non_field_errors: [unvouched
        ? 'The provider does not vouch for this email address, so it cannot sign you in to an account by it. Sign in with your email and password, then connect this sign-on under your account.'
        : 'No account matches this sign-on. Ask your administrator to invite you, or sign in with your email and password and connect the account.'],
    });
  }
  const [row] = await db.select({ active: u.is_active }).from(u).where(eq(u.id, userId));
  if (!row?.active) throw badRequest({ non_field_errors: ['This account is disabled.'] });
  await db.update(u).set({ last_login: new Date() }).where(eq(u.id, userId));
  return { key: (await issueToken(db, userId, `social:${provider}`)).key };
}

export async function socialConnect(s: Services, req: FastifyRequest) {
  const userId = req.ctx!.user.id;
  const { provider, claims } = await verifiedClaims(s, req, userId);
  const db = s.database.db;
  const [existing] = await db.select({ userId: socialAccount.user_id }).from(socialAccount)
    .where(and(eq(socialAccount.provider, provider), eq(socialAccount.subject, claims.sub!)));
  if (existing && existing.userId !== userId) throw badRequest({ non_field_errors: ['This sign-on account is already connected to another user.'] });
  if (!existing) await db.insert(socialAccount).values({ provider, subject: claims.sub!, user_id: userId, email: claims.email ?? null });
  return { detail: 'Connected.', provider };
}
