/** Serves the built browser app from dist/ with history fallback: unknown non-API paths get index.html. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface Spa { fallback(req: FastifyRequest, reply: FastifyReply): FastifyReply }

export async function mountSpa(app: FastifyInstance, dir: string | null): Promise<Spa> {
  const index = dir ? join(dir, 'index.html') : null;
  if (!dir || !index || !existsSync(index)) {
    return { fallback: (_req, reply) => reply.code(404).type('text/plain').send('Not found. (The browser app is not built: run npm start.)') };
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // Hashed assets may be cached for ever; index.html never, so a new release is picked up at once.
    setHeaders: (reply, path) => reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return {
    fallback: (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send({ detail: 'Not found.' });
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  };
}
