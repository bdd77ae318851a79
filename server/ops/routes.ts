/** Operations endpoints: health for load balancers, the OpenAPI document and its browsable page. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { isAlive } from '../db/connection';
import type { Services } from '../services';
import { buildOpenApi } from './openapi/document';
import { PUBLIC, markRoutesPublic } from '../http/public-routes';

export async function mountOps(app: FastifyInstance, s: Services) {
  app.get('/api/health/', PUBLIC, async (_req, reply) => {
    const ok = await isAlive(s.database);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'database unavailable', database: s.database.kind });
  });
  const document = buildOpenApi();
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  // The documentation pages are public; swagger-ui declares its routes itself, so they are flagged
  // as they are registered, inside their own scope.
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  });
  app.get('/api/openapi.json', PUBLIC, async () => document);
}
