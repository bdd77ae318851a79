/**
 * Security headers (helmet), chosen by the scheme the client used. HSTS and the CSP's
 * `upgrade-insecure-requests` only make sense over HTTPS: sent over plain HTTP they make the browser
 * rewrite every script and API call to https://, which a site server on its LAN
 * (`http://site-server:8000`) does not answer, so the app stays blank. Over HTTPS (directly, or
 * behind a proxy that says so in X-Forwarded-Proto with TRUST_PROXY=1) both are sent.
 */
import helmet from 'helmet';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // MUI's styling engine (emotion) writes the components' CSS into <style> elements at run time,
  // and MUI X, MapLibre and React set style attributes: the UI library needs 'unsafe-inline' for
  // styles (docs/security.md, Headers). Scripts, the dangerous part, stay 'self' only.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The fonts are the app's own files (Roboto from the build) or data: URIs; no font host anywhere.
  fontSrc: ["'self'", 'data:'],
  imgSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  // The print tab shows the PDF it fetched with the session as a blob of this origin (print/bol/{id}/).
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
};

/**
 * Both middlewares are built once. (The Fastify plugin rebuilt helmet, parsing the whole CSP, on
 * every request: about 5% of a retrieve's server CPU.)
 */
function middlewares(connectTo: readonly string[]) {
  // The browser's error reports go to the reporting service's origin (server/ops/error-reporting.ts), when one is set.
  const d = { ...directives, connectSrc: [...directives.connectSrc, ...connectTo] };
  return {
    overHttps: helmet({ contentSecurityPolicy: { directives: d }, crossOriginEmbedderPolicy: false }),
    overHttp: helmet({
      // helmet adds upgrade-insecure-requests by default; null leaves it out.
      contentSecurityPolicy: { directives: { ...d, upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
  };
}

/**
 * The browser features a page may use (docs/security.md, Headers): none of the device's sensors or
 * payment, but geolocation for the app itself (the maps' Near me).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=()', 'browsing-topics=()', 'camera=()', 'display-capture=()', 'geolocation=(self)', 'gyroscope=()',
  'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'publickey-credentials-get=()', 'serial=()', 'usb=()', 'xr-spatial-tracking=()',
].join(', ');

/**
 * An onRequest hook. `req.protocol` is `https` for a TLS socket, or, when the app trusts its proxy,
 * what X-Forwarded-Proto says; otherwise a client cannot choose it.
 */
export function securityHeaders(connectTo: readonly string[] = []) {
  const { overHttps, overHttp } = middlewares(connectTo);
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.header('x-request-id', req.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const apply = req.protocol === 'https' ? overHttps : overHttp;
    apply(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  };
}
