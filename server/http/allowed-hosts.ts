/**
 * ALLOWED_HOSTS: the host names this server answers to. A request naming another host (Host, or
 * X-Forwarded-Host behind a trusted proxy) gets 400 before anything else runs, so a forged Host
 * cannot reach a handler. Unset, any host is accepted, so a site server works under whatever name
 * its LAN gives it; links are then never built from the Host header (see server/engine/paging.ts).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** `example.com` matches itself; `.example.com` matches it and its subdomains; `*` anything. */
export function hostAllowed(hostname: string, allowed: readonly string[]): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some((a) => a === '*' || a === h || (a.startsWith('.') && (h === a.slice(1) || h.endsWith(a))));
}

export function allowedHostsHook(allowed: readonly string[]) {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (hostAllowed(req.hostname ?? '', allowed)) return done();
    req.log.warn({ host: req.host }, 'request for a host not in ALLOWED_HOSTS');
    reply.code(400).header('cache-control', 'no-store').send({ detail: 'Bad request: unknown host.' });
  };
}
