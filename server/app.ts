/**
 * The Fastify app factory, used by the CLI and by the tests: security headers, body limits, the
 * token check, the generic resource API, the auth routes, OpenAPI, health and the SPA.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/connection';
import type { Ctx } from './engine/context';
import { HttpError } from './engine/errors';
import { loggableError } from './engine/loggable-error';
import { KnownTokens } from './auth/known-tokens';
import { watchAccess } from './auth/access';
import { watchDefinitions } from './engine/additional';
import { mountResourceRoutes } from './engine/routes';
import { mountAuthRoutes } from './auth/routes';
import { actionHandlers } from './actions/index';
import { startCertificateSweep } from './notify/certificate-sweep';
import { startReportMailing } from './reports/mailing';
import { createMailer } from './mail/mailer';
import { mountOps } from './ops/routes';
import { mountSpa } from './spa';
import { mountFiles } from './files/routes';
import { mountJobs } from './jobs/routes';
import { mountTimeZones } from './http/time-zones';
import { mountPartnerPicker } from './actions/partner/picker';
import { mountTripMetrics } from './actions/trace/trip-metrics';
import { mountTerminalOverview } from './actions/terminal/overview';
import { mountBookingLinks } from './actions/schedule/carrier-link';
import type { Services } from './services';
import { registerInputGuards } from './http/input-guards';
import { clientErrorAnswer } from './http/client-errors';
import { securityHeaders } from './http/security-headers';
import { mountErrorReportingSettings, reportError, reportingOrigin, startErrorReporting } from './ops/error-reporting';
import { allowedHostsHook } from './http/allowed-hosts';
import { requireTokens } from './http/public-routes';
import { registerCompression } from './http/compression';
import { registerRequestScope } from './audit/request-scope';
import { registerRequestLog } from './audit/request-log';

declare module 'fastify' {
  interface FastifyRequest { ctx: Ctx | null }
  interface FastifyInstance { services: Services }
}

export interface AppOptions { config: Config; database: Database; logger?: boolean | object; spaDir?: string | null }

export async function createApp(o: AppOptions): Promise<FastifyInstance> {
  // Before the server is made, so the reporting service's tracing sees its requests; off without a DSN.
  startErrorReporting(o.config.errorReporting);
  const app = Fastify({
    // Every logged error goes through loggableError, whoever configures the logger: no SQL parameters.
    logger: o.logger === false ? false : {
      level: o.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key'],
      ...(typeof o.logger === 'object' ? o.logger : {}), serializers: { err: loggableError },
    },
    bodyLimit: o.config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && /^[\w-]{1,64}$/.test(req.headers['x-request-id']) ? req.headers['x-request-id'] : randomUUID()),
    trustProxy: o.config.trustProxy,
    return503OnClosing: true,
  });
  const services: Services = { config: o.config, database: o.database, mailer: createMailer(o.config.mail, app.log) };
  app.decorate('services', services);
  app.decorateRequest('ctx', null);
  // First of all: everything after runs in the request's audit scope (server/audit/request-scope.ts).
  registerRequestScope(app);
  registerRequestLog(app, o.database.db, o.config.auditRequestDays);

  // A host outside ALLOWED_HOSTS is refused before anything else; then the security headers for the
  // scheme the client used (server/http/security-headers.ts: HSTS and upgrade-insecure-requests only
  // over HTTPS).
  if (o.config.allowedHosts) app.addHook('onRequest', allowedHostsHook(o.config.allowedHosts));
  app.addHook('onRequest', securityHeaders([reportingOrigin(o.config.errorReporting.browserDsn)].filter((x): x is string => x !== null)));
  if (o.config.compression) await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: o.config.uploadLimitBytes, files: 10, fields: 50 } });
  registerInputGuards(app); // JSON bodies and parameters the database cannot take answer 400 (server/http/input-guards.ts)

  const tokens = new KnownTokens(o.database);
  const access = watchAccess(o.database);
  const definitions = watchDefinitions(o.database);
  app.addHook('onClose', async () => { await tokens.close(); await access.close(); await definitions.close(); });
  // Token check by the matched route's public flag, before any body is read (server/http/public-routes.ts).
  app.addHook('onRequest', requireTokens(services.database.db, tokens));

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.status).send(err.body);
    const clientError = clientErrorAnswer(err); if (clientError) return reply.code(clientError.status).send(clientError.body);
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) return reply.code(400).send({ detail: 'Malformed JSON in the request body.' });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ detail: 'The request is too large.' });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ detail: 'Unsupported media type. Send JSON.' });
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.code(400).send({ detail: 'The JSON body is empty.' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return reply.code(err.statusCode).send({ detail: err.message });
    req.log.error({ err }, 'unhandled error');
    reportError(err, req);
    return reply.code(500).send({ detail: 'Internal server error. The error was logged; quote the request id when you report it.', request_id: req.id });
  });
  app.setNotFoundHandler((req, reply) => {
    // `/print/bol/{id}/` is a page of the app (it asks the API for the PDF with the session), so only the API answers JSON here.
    if (req.url.startsWith('/api/')) return reply.code(404).send({ detail: 'Not found.' });
    return spa.fallback(req, reply);
  });

  const spa = await mountSpa(app, o.spaDir ?? null);
  await mountOps(app, services);
  mountErrorReportingSettings(app, o.config.errorReporting);
  mountAuthRoutes(app, services);
  mountFiles(app, services);
  mountJobs(app);
  mountTimeZones(app);
  mountPartnerPicker(app, services.database.db);
  mountTripMetrics(app, services.database.db);
  mountTerminalOverview(app, services.database.db);
  mountBookingLinks(app, services);
  mountResourceRoutes(app, services, actionHandlers);
  if (o.config.certificateSweepMinutes) {
    const stop = startCertificateSweep(services.database.db, o.config.certificateSweepMinutes * 60_000, app.log);
    app.addHook('onClose', async () => stop());
  }
  if (o.config.reportMailSeconds) {
    const stop = startReportMailing(services, o.config.reportMailSeconds * 1000, app.log);
    app.addHook('onClose', async () => stop());
  }
  return app;
}
