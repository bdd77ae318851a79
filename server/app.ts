/**
 * The Fastify app factory, used by the CLI and by the tests: security headers, body limits, the
 * token check, the generic resource API, the auth routes, OpenAPI, health and the SPA.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Ctx } from './engine/context';
import { HttpError } from './engine/errors';
import { authenticate } from './auth/authenticate';
import { KnownTokens } from './auth/known-tokens';
import { watchAccess } from './auth/access';
import { mountResourceRoutes } from './engine/routes';
import { mountAuthRoutes } from './auth/routes';
import { actionHandlers } from './actions/index';
import { createMailer } from './mail/mailer';
import { mountOps } from './ops/routes';
import { mountSpa } from './spa';
import { mountFiles } from './files/routes';
import { mountCertificateBulk } from './actions/terminal/certificate-bulk';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyRequest { ctx: Ctx | null }
  interface FastifyInstance { services: Services }
}

/** Paths under /api that answer without a token. */
const PUBLIC = [/^\/api\/auth\/(login|password\/reset|password\/reset\/confirm|social\/[^/]+|providers)\/?$/, /^\/api\/health\/?$/, /^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/api\/user\/backend_version\/?$/];

export interface AppOptions { config: Config; database: Database; logger?: boolean | object; spaDir?: string | null }

export async function createApp(o: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: o.logger ?? { level: o.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key'] },
    bodyLimit: o.config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && /^[\w-]{1,64}$/.test(req.headers['x-request-id']) ? req.headers['x-request-id'] : randomUUID()),
    trustProxy: process.env.TRUST_PROXY === '1',
    return503OnClosing: true,
  });
  const services: Services = { config: o.config, database: o.database, mailer: createMailer(o.config.mail, app.log) };
  app.decorate('services', services);
  app.decorateRequest('ctx', null);

  // Helmet's middleware, built once. (The Fastify plugin rebuilt it, parsing the whole CSP, on
  // every request: about 5% of a retrieve's server CPU.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await app.register(multipart, { limits: { fileSize: o.config.uploadLimitBytes, files: 10, fields: 50 } });

  const tokens = new KnownTokens(o.database);
  const access = watchAccess(o.database);
  app.addHook('onClose', async () => { await tokens.close(); await access.close(); });
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const path = req.url.split('?')[0];
    if (!path.startsWith('/api/') || PUBLIC.some((p) => p.test(path))) return;
    req.ctx = await authenticate(services.database.db, tokens, req);
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).send(err.body);
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return reply.code(400).send({ detail: 'Malformed JSON in the request body.' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ detail: 'The request is too large.' });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ detail: 'Unsupported media type. Send JSON.' });
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.code(400).send({ detail: 'The JSON body is empty.' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return reply.code(err.statusCode).send({ detail: err.message });
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error. The error was logged; quote the request id when you report it.', request_id: req.id });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/print/')) return reply.code(404).send({ detail: 'Not found.' });
    return spa.fallback(req, reply);
  });

  const spa = await mountSpa(app, o.spaDir ?? null);
  await mountOps(app, services);
  mountAuthRoutes(app, services);
  mountFiles(app, services);
  mountResourceRoutes(app, services, actionHandlers);
  mountCertificateBulk(app, services);
  return app;
}
