/**
 * Social / work-account sign-on: the browser obtains an OpenID Connect ID token from the provider and
 * posts it as `access_token`; we verify issuer, audience, expiry and the signature against the
 * provider's JWKS (found by discovery), then sign in the linked user.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Services } from '../services';
import type { OidcProvider } from '../config';
import { tableOf } from '../db/tables';
import { socialAccount } from '../db/internal-tables';
import { user as userRes } from '../../src/resources/accounts/user';
import { badRequest, notFound } from '../engine/errors';
import { parseFields } from '../engine/action-input';
import { SOCIAL_INPUT } from './auth-inputs';
import { issueToken } from './tokens';

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

async function verifiedClaims(s: Services, req: FastifyRequest): Promise<{ provider: string; claims: JWTPayload & { email?: string; email_verified?: boolean } }> {
  const provider = (req.params as { provider: string }).provider;
  const p = s.config.oidc[provider];
  if (!p) throw notFound();
  const token = String(parseFields(SOCIAL_INPUT, req.body).access_token);
  try {
    const { payload } = await jwtVerify(token, await jwksFor(provider, p), { issuer: p.issuer, audience: p.audience, clockTolerance: 30 });
    if (!payload.sub) throw new Error('no subject');
    return { provider, claims: payload };
  } catch (e) {
    req.log.warn({ provider, reason: (e as Error).message }, 'social sign-on token rejected');
    throw badRequest({ access_token: ['The sign-on token could not be verified.'] });
  }
}

export async function socialLogin(s: Services, req: FastifyRequest) {
  const { provider, claims } = await verifiedClaims(s, req);
  const db = s.database.db;
  const u = tableOf(userRes);
  const [link] = await db.select({ userId: socialAccount.user_id }).from(socialAccount)
    .where(and(eq(socialAccount.provider, provider), eq(socialAccount.subject, claims.sub!)));
  let userId = link?.userId;
  if (!userId && claims.email && claims.email_verified !== false) {
    // First sign-on with this provider: link it to the account with the same verified email.
    const [byEmail] = await db.select({ id: u.id }).from(u).where(eq(sql`lower(${u.email})`, claims.email.toLowerCase()));
    if (byEmail) {
      await db.insert(socialAccount).values({ provider, subject: claims.sub!, user_id: byEmail.id, email: claims.email }).onConflictDoNothing();
      userId = byEmail.id;
    }
  }
  if (!userId) throw badRequest({ non_field_errors: ['No account matches this sign-on. Ask your administrator to invite you, or sign in with your email and password and connect the account.'] });
  const [row] = await db.select({ active: u.is_active }).from(u).where(eq(u.id, userId));
  if (!row?.active) throw badRequest({ non_field_errors: ['This account is disabled.'] });
  await db.update(u).set({ last_login: new Date() }).where(eq(u.id, userId));
  return { key: (await issueToken(db, userId, `social:${provider}`)).key };
}

export async function socialConnect(s: Services, req: FastifyRequest) {
  const { provider, claims } = await verifiedClaims(s, req);
  const db = s.database.db;
  const userId = req.ctx!.user.id;
  const [existing] = await db.select({ userId: socialAccount.user_id }).from(socialAccount)
    .where(and(eq(socialAccount.provider, provider), eq(socialAccount.subject, claims.sub!)));
  if (existing && existing.userId !== userId) throw badRequest({ non_field_errors: ['This sign-on account is already connected to another user.'] });
  if (!existing) await db.insert(socialAccount).values({ provider, subject: claims.sub!, user_id: userId, email: claims.email ?? null });
  return { detail: 'Connected.', provider };
}
