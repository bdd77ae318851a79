/**
 * The baseline: the same list / retrieve / PATCH / CSV export written by hand in SQL on the same
 * Fastify instance and the same database, with a token check (one SELECT on auth_token by key hash).
 * No engine, no drizzle: plain parameterised queries (the same wire protocol drizzle uses).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../server/db/connection';
import { DEFAULT_EXACT_COUNT_LIMIT } from '../../server/engine/list-count';

/** The cap the engine runs with in the benchmark (its default LIST_EXACT_COUNT_LIMIT). */
const COUNT_CAP = DEFAULT_EXACT_COUNT_LIMIT;

type Q = (text: string, params: unknown[]) => Promise<Record<string, any>[]>;

const COLS = `id, version, created_at, updated_at, name, code, stcc, "harmonizedCode", "unCode", class, "packingGroup", cas, density, color, description, enabled, company_id AS company`;
export const EXPORT_SELECT = (companyId: number) =>
  `SELECT id, name, code, stcc, "unCode", class, "packingGroup", enabled FROM product WHERE company_id = ${companyId} ORDER BY name, id`;

/** Raw query function of either driver (both answer `{rows}`). */
export function rawQuery(database: Database): Q {
  const client = (database.db as any).$client as { query(text: string, params: unknown[]): Promise<{ rows: Record<string, any>[] }> };
  return async (text, params) => (await client.query(text, params)).rows;
}

// PGlite hands timestamps over as text (server/db/pglite-parsers.ts), node-postgres as Date objects.
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : v);
function shape(row: Record<string, any>) {
  row.created_at = iso(row.created_at);
  row.updated_at = iso(row.updated_at);
  return row;
}

class Unauthorized extends Error { statusCode = 401; }
class NotFound extends Error { statusCode = 404; }

export function mountBaseline(app: FastifyInstance, database: Database) {
  const q = rawQuery(database);
  async function who(req: FastifyRequest): Promise<number> {
    const m = /^Token\s+([0-9a-f]{40})$/i.exec(req.headers.authorization ?? '');
    if (!m) throw new Unauthorized('Invalid token.');
    const hash = createHash('sha256').update(m[1]).digest('hex');
    const [row] = await q(`SELECT u.company_id FROM auth_token t JOIN "user" u ON u.id = t.user_id WHERE t.key_hash = $1 AND u.is_active`, [hash]);
    if (!row) throw new Unauthorized('Invalid token.');
    return row.company_id as number;
  }
  const base = '/bench/base/product';

  app.get(`${base}/`, async (req) => {
    const companyId = await who(req);
    const query = req.query as Record<string, string>;
    const where: string[] = ['company_id = $1'];
    const params: unknown[] = [companyId];
    for (const f of ['class', 'stcc'] as const) {
      if (query[f] !== undefined) { params.push(query[f]); where.push(`${f} = $${params.length}`); }
    }
    const order = query.ordering === '-name' ? 'name DESC, id ASC' : 'name ASC, id ASC';
    const page = Number(query.page ?? 1);
    const w = where.join(' AND ');
    // The engine's count strategy by hand: exact up to the cap, else the planner's estimate;
    // one row past the page says whether a next page exists.
    const [fetched, [{ n }]] = await Promise.all([
      q(`SELECT ${COLS} FROM product WHERE ${w} ORDER BY ${order} LIMIT 26 OFFSET ${(page - 1) * 25}`, params),
      q(`SELECT count(*)::int AS n FROM (SELECT 1 FROM product WHERE ${w} LIMIT ${COUNT_CAP + 1}) s`, params),
    ]);
    const hasMore = fetched.length > 25;
    const rows = hasMore ? fetched.slice(0, 25) : fetched;
    let count = n as number;
    let estimated = false;
    if (count > COUNT_CAP && hasMore) {
      const [plan] = await q(`EXPLAIN (FORMAT JSON) SELECT 1 FROM product WHERE ${w}`, params);
      const json = plan['QUERY PLAN'];
      const rowsEstimate = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows'] as number;
      count = Math.max(COUNT_CAP + 1, (page - 1) * 25 + 26, Math.round(rowsEstimate));
      estimated = true;
    } else if (count > COUNT_CAP) count = (page - 1) * 25 + rows.length;
    const url = new URL(req.url, `http://${req.host}`);
    url.searchParams.set('page', String(page + 1));
    const next = hasMore ? url.toString() : null;
    return estimated ? { count, count_is_estimate: true, next, previous: null, results: rows.map(shape) } : { count, next, previous: null, results: rows.map(shape) };
  });

  app.get(`${base}/:id/`, async (req, reply) => {
    const companyId = await who(req);
    const id = Number((req.params as { id: string }).id);
    const [row] = await q(`SELECT ${COLS} FROM product WHERE id = $1 AND company_id = $2`, [id, companyId]);
    if (!row) throw new NotFound('Not found.');
    return reply.header('etag', `W/"${row.version}"`).send(shape(row));
  });

  app.patch(`${base}/:id/`, async (req, reply) => {
    const companyId = await who(req);
    const id = Number((req.params as { id: string }).id);
    const body = req.body as { description?: unknown };
    if (typeof body?.description !== 'string') return reply.code(400).send({ description: ['Not a valid string.'] });
    const [row] = await q(
      `UPDATE product SET description = $1, version = version + 1, updated_at = now() WHERE id = $2 AND company_id = $3 RETURNING ${COLS}`,
      [body.description, id, companyId],
    );
    if (!row) throw new NotFound('Not found.');
    return reply.header('etag', `W/"${row.version}"`).send(shape(row));
  });

  app.post(`${base}/download_table/`, async (req, reply) => {
    const companyId = await who(req);
    if (!database.pool) return reply.code(501).send({ detail: 'COPY needs PostgreSQL.' });
    const client = await database.pool.connect();
    const stream = client.query(copyTo(`COPY (${EXPORT_SELECT(companyId)}) TO STDOUT WITH (FORMAT csv, HEADER, FORCE_QUOTE *)`));
    let released = false;
    const release = (err?: Error) => { if (!released) { released = true; client.release(err); } };
    let ended = false;
    stream.on('end', () => { ended = true; release(); });
    stream.on('error', (e) => release(e));
    // A client that hangs up mid-COPY leaves the connection busy: drop it rather than reuse it.
    stream.on('close', () => release(ended ? undefined : new Error('export aborted')));
    return reply.header('content-type', 'text/csv; charset=utf-8').send(stream);
  });
}
