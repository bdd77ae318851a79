/**
 * Single sign-on with the providers configured on the server (GET auth/providers/; docs/security.md,
 * Single sign-on): the server starts an attempt (`auth/social/{provider}/start/`: a secret for this
 * browser and its nonce for the provider), the browser gets an OpenID Connect ID token carrying the
 * nonce from the provider (implicit flow, back to /auth/login/redirect/) and hands it with the
 * secret to the auth provider's socialLogin, which posts both to auth/social/{provider}/.
 */
import { apiFetch } from '../../dataProvider/api-fetch';

export interface SsoProvider { name: string; label: string; issuer: string; client_id: string }

const PENDING_KEY = 'sso.pending';

export const fetchProviders = () => apiFetch<SsoProvider[]>('auth/providers/', { auth: false });

async function authorizeEndpoint(issuer: string): Promise<string> {
  const base = issuer.replace(/\/$/, '');
  try {
    const res = await fetch(`${base}/.well-known/openid-configuration`);
    const doc = (await res.json()) as { authorization_endpoint?: string };
    if (doc.authorization_endpoint) return doc.authorization_endpoint;
  } catch { /* fall back to the conventional path */ }
  return `${base}/authorize`;
}

interface Attempt { attempt: string; nonce: string }
interface Pending { provider: string; nonce: string; attempt: string; next: string | null }

export async function startSso(p: SsoProvider, next: string | null) {
  const { attempt, nonce } = await apiFetch<Attempt>(`auth/social/${encodeURIComponent(p.name)}/start/`, { method: 'POST', body: {}, auth: false });
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ provider: p.name, nonce, attempt, next } satisfies Pending));
  const url = new URL(await authorizeEndpoint(p.issuer));
  url.searchParams.set('client_id', p.client_id);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('redirect_uri', `${window.location.origin}/auth/login/redirect/`);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('state', nonce);
  window.location.assign(url.toString());
}

/** Reads the provider's answer from the redirect URL (fragment or query). */
export function ssoResult(location: { hash: string; search: string }): { provider: string; token: string; attempt: string; next: string | null } | { error: string } {
  const params = new URLSearchParams(location.hash.replace(/^#/, '') || location.search.replace(/^\?/, ''));
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
  if (params.get('error')) return { error: params.get('error_description') ?? params.get('error')! };
  const token = params.get('id_token') ?? params.get('access_token');
  if (!pending?.attempt || !token) return { error: 'The sign-on answer is missing or has expired. Please sign in again.' };
  if (params.get('state') && params.get('state') !== pending.nonce) return { error: 'The sign-on answer does not match this browser session.' };
  // An ID token must carry the nonce of this browser's attempt; the server checks it again against the secret.
  const claims = jwtClaims(token);
  if (claims && claims.nonce !== pending.nonce) return { error: 'The sign-on answer does not match this browser session.' };
  sessionStorage.removeItem(PENDING_KEY);
  return { provider: pending.provider, token, attempt: pending.attempt, next: pending.next };
}

/** The claims of a JWT (not verified: the server verifies the signature), or null for an opaque token. */
function jwtClaims(token: string): { nonce?: unknown } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as { nonce?: unknown };
  } catch {
    return null;
  }
}
