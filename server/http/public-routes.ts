/**
 * Which requests need a token is decided by the route the router matched, never by the raw URL:
 * `/%61pi/...`, `//api/...` or `/api/./...` may match an /api route (find-my-way decodes the path),
 * and a check on `req.url` let those through to the handler without a session. Every route declared
 * under /api/ needs a token unless it says `config: { public: true }`; the check is an onRequest
 * hook, so it runs before any body (a JSON document, a 20 MB upload) is read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import type { KnownTokens } from '../auth/known-tokens';
import { authenticate } from '../auth/authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a token (sign-in, health, the API documents). */
    public?: boolean;
  }
}

/** The flag for a route's options: `app.get(url, PUBLIC, handler)`. */
export const PUBLIC = { config: { public: true } } as const;

/** Declared actions that answer without a token: the version check runs on the sign-in page too. */
export const PUBLIC_ACTIONS: ReadonlySet<string> = new Set(['user.backend_version']);

/**
 * Marks every route registered from here on in this (encapsulated) instance as public: for the
 * routes a plugin declares itself (the API documentation pages), whose options we cannot pass.
 */
export function markRoutesPublic(app: FastifyInstance) {
  app.addHook('onRoute', (route) => { route.config = { ...(route.config as object), public: true }; });
}

/** A route declared under /api/ (the pattern the router matched, not the URL the client wrote). */
export function isApiRoute(req: FastifyRequest): boolean {
  const declared = req.routeOptions.url;
  return declared !== undefined && declared.startsWith('/api/');
}

/**
 * The onRequest hook: API answers are never stored by a browser or a shared cache (they carry a
 * user's data, or a token for the sign-in), and a route without the public flag gets the caller's
 * session or a 401.
 */
export function requireTokens(db: Db, tokens: KnownTokens) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.is404 || !isApiRoute(req)) return;
    reply.header('cache-control', 'no-store');
    if (req.routeOptions.config.public === true) return;
    req.ctx = await authenticate(db, tokens, req);
  };
}
