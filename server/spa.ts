/**
 * Serves the built browser app from dist/ with history fallback: unknown non-API paths get index.html,
 * and the app's router shows its page or its own "not found". A path that names a file (its last
 * segment has an extension: `/.env`, `/wp-login.php`, `/sitemap.xml`) and is not one of the app's
 * files is a real 404, not the app's page with 200. `/robots.txt` keeps every crawler out: this is a
 * private business application. Precompressed variants (.br, .gz) are preferred when the client
 * accepts them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface Spa { fallback(req: FastifyRequest, reply: FastifyReply): FastifyReply }

/** A last path segment with a file extension; the app's own routes have none. */
const FILE_PATH = /\.[A-Za-z0-9]{1,10}$/;
const notAFile = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found.');

export async function mountSpa(app: FastifyInstance, dir: string | null): Promise<Spa> {
  app.get('/robots.txt', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'));
  const index = dir ? join(dir, 'index.html') : null;
  if (!dir || !index || !existsSync(index)) {
    return { fallback: (_req, reply) => reply.code(404).type('text/plain').send('Not found. (The browser app is not built: run npm start.)') };
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside every text asset (vite.config.ts): the file matching
    // the client's Accept-Encoding is sent with Content-Encoding and Vary: Accept-Encoding, at no
    // CPU cost per request (the 1.1 MB of JavaScript the sign-in page loads goes out as ~300 KB).
    preCompressed: true,
    // Hashed assets may be cached for ever; index.html never, so a new release is picked up at once.
    setHeaders: (reply, path) => reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return {
    fallback: (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send({ detail: 'Not found.' });
      if (FILE_PATH.test(new URL(req.url, 'http://x').pathname)) return notAFile(reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  };
}
