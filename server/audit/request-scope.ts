/**
 * The request as the audit trail names it (docs/audit.md): every request runs in an audit scope
 * whose stamp is its user (once the token is checked), acting company, route, request id and
 * address (the answer carries it as `X-Request-Id`, server/http/security-headers.ts). A route that acts without
 * a session (a carrier's booking link) names its actor with `actingAs`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userLabel } from '../engine/context';
import { type AuditStamp, withAuditScope } from './audit-scope';

/** Who a request acts as, as the trail names them (id 0: no user, e.g. a booking link). */
export interface AuditActor { id: number; label: string; companyId: number | null }

const actors = new WeakMap<FastifyRequest, AuditActor>();

/** The actor of a request that has no session (a booking link, a sign-in once it succeeded). */
export const actingAs = (req: FastifyRequest, actor: AuditActor) => { actors.set(req, actor); };

/** The request's actor: its session's user, else whom it acts as. */
export function actorOf(req: FastifyRequest): AuditActor | null {
  if (req.ctx) return { id: req.ctx.user.id, label: userLabel(req.ctx), companyId: req.ctx.user.companyId };
  return actors.get(req) ?? null;
}

/** `schedule/booking/{id}/cancel_booking/`: the route as declared, without `/api/`. */
export function routePath(req: FastifyRequest): string {
  const url = req.routeOptions.url ?? req.url.split('?')[0];
  return url.replace(/^\/api\//, '').replace(/:([A-Za-z_]+)/g, '{$1}');
}

export function stampOf(req: FastifyRequest): AuditStamp {
  const actor = actorOf(req);
  return {
    u: actor?.id || null,
    l: actor?.label || null,
    c: actor?.companyId ?? null,
    v: `${req.method} ${routePath(req)}`.slice(0, 300),
    r: req.id,
    a: req.ip,
  };
}

/** Registered first, so every later hook and the handler run inside the request's scope. */
export function registerRequestScope(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    withAuditScope(() => stampOf(req), done);
  });
}
