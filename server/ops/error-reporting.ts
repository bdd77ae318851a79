/**
 * Error reporting to a Sentry-compatible service (docs/security.md, Error reporting), off unless
 * SENTRY_DSN is set. The server reports every answer it could not give (a 500: the error the log
 * has), with the request id and route and no body, token or cookie; a tenth of the requests are
 * traced. The browser app's settings come from `error-reporting/` (public: it is needed before
 * sign-in), so one build serves every site with its own DSN or none.
 */
import * as Sentry from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { PUBLIC } from '../http/public-routes';
import { BACKEND_VERSION } from '../actions/accounts/user-actions';

/** The sample rates (docs/security.md, Error reporting) as a Sentry client reads them. */
export const SAMPLE_RATES = { tracesSampleRate: 0.1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 } as const;

const RELEASE = `bulk-logistics@${BACKEND_VERSION}`;

/** Headers never sent with a report (the SDK sends few; these never, whatever its defaults). */
const SECRET_HEADERS = ['authorization', 'cookie', 'x-api-key', 'proxy-authorization'];

export function startErrorReporting(c: Config['errorReporting']): boolean {
  if (!c.dsn || Sentry.isInitialized()) return Sentry.isInitialized();
  Sentry.init({
    dsn: c.dsn,
    environment: c.environment,
    release: RELEASE,
    tracesSampleRate: SAMPLE_RATES.tracesSampleRate,
    // The app's error handler reports what it could not answer, with the request id (reportError);
    // the SDK's own Fastify capture would report first without it, and the copy be dropped as a duplicate.
    integrations: (defaults) => defaults.filter((i) => i.name !== 'Fastify'),
    // No bodies, headers, cookies, query strings or user details unless this code adds them (the request id, route and user id).
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    beforeSend(event) {
      const headers = event.request?.headers;
      if (headers) for (const h of Object.keys(headers)) if (SECRET_HEADERS.includes(h.toLowerCase())) delete headers[h];
      if (event.request) { delete event.request.data; delete event.request.cookies; delete event.request.query_string; }
      return event;
    },
  });
  return true;
}

/** Reports an error the server could not answer for (a 500), when reporting is on. */
export function reportError(err: unknown, req: FastifyRequest) {
  if (!Sentry.isInitialized()) return;
  const user = (req as FastifyRequest & { ctx?: { user?: { id: number } } | null }).ctx?.user;
  Sentry.withScope((scope) => {
    scope.setTag('request_id', String(req.id));
    scope.setTag('route', req.routeOptions?.url ?? 'unmatched');
    scope.setContext('request', { method: req.method, route: req.routeOptions?.url ?? null });
    if (user) scope.setUser({ id: String(user.id) });
    Sentry.captureException(err);
  });
}

/** What the browser app starts its reporting with; `dsn: null` when reporting is off. */
export function mountErrorReportingSettings(app: FastifyInstance, c: Config['errorReporting']) {
  app.get('/api/error-reporting/', PUBLIC, async () => ({
    dsn: c.browserDsn, environment: c.environment, release: RELEASE, ...SAMPLE_RATES,
  }));
}

/** The origin the browser sends its reports to, for the Content-Security-Policy's connect-src. */
export const reportingOrigin = (dsn: string | null): string | null => (dsn ? new URL(dsn).origin : null);
