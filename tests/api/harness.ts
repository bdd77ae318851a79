/**
 * Starts the real server for a test file: a fresh database (in-memory PGlite, or a PostgreSQL
 * database created for the file and dropped after it), migrated and seeded (copied from the run's
 * template, db-templates.ts), listening on a free port.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/connection';
import { createApp } from '../../server/app';
import { createPgDatabase, prepareDatabase, templateEnv } from './db-templates';
import { checkAnswer } from './contract/openapi-check';
import { DEMO_PASSWORD } from '../../server/seed/demo-data';
import { sql } from 'drizzle-orm';
import { invalidateAccess, loadUser } from '../../server/auth/access';
import type { Ctx } from '../../server/engine/context';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** fetch against the server; `token` adds the Authorization header, objects are sent as JSON. */
  call(method: string, path: string, o?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  login(email: string, password?: string): Promise<string>;
  /** PostgreSQL only: a second server process's app on the same database (its own pool and caches). */
  sibling(): Promise<{ base: string; close(): Promise<void> }>;
  /** What the engine's operations get for this user (for tests that call them directly). */
  ctxOf(email: string): Promise<Ctx>;
  /** Subscribes the company this user acts for to a feature (the demo's partner company has no terminal of its own). */
  subscribe(email: string, feature: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every answer `call` receives is checked against the OpenAPI document (contract/openapi-check.ts;
 * the file's mismatches are reported after its tests, setup-answers.ts); `checkAnswers: false`
 * for a file that answers outside the document on purpose.
 */
export async function startServer(env: Record<string, string> = {}, o: { seed?: boolean; spaDir?: string; checkAnswers?: boolean } = {}): Promise<TestServer> {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const seeding = o.seed === false ? 'bare' : 'seeded';
  // The run's prepared template when the test runner made one (db-templates.ts); otherwise built here.
  const template = process.env[templateEnv(kind, seeding)];
  const pgDb = kind === 'postgres' ? await createPgDatabase(template) : null;
  const config = loadConfig({ LOGIN_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_EMAIL: '1000', PUBLIC_URL: 'http://app.test', CERTIFICATE_SWEEP_MINUTES: '0', REPORT_MAIL_SECONDS: '0', ...env });
  const loadDataDir = kind === 'pglite' && template ? new Blob([readFileSync(template)]) : undefined;
  const database = await openDatabase({ url: pgDb?.url, loadDataDir, statementTimeoutMs: config.statementTimeoutMs });
  if (!template) await prepareDatabase(database, seeding);
  const app = await createApp({ config, database, logger: process.env.TEST_LOG === '1' ? { level: 'error' } : false, spaDir: o.spaDir ?? null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call: TestServer['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Token ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (typeof opts.body === 'string' || opts.body instanceof FormData) body = opts.body as BodyInit;
      else { body = JSON.stringify(opts.body); headers['content-type'] ??= 'application/json'; }
      if (typeof opts.body === 'string') headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json') && text) parsed = JSON.parse(text);
    if (o.checkAnswers !== false) checkAnswer(method, path, res.status, type, parsed);
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
  const tokens = new Map<string, string>();
  return {
    url, app, database, config, call,
    async login(email, password = DEMO_PASSWORD) {
      const cached = tokens.get(`${email}|${password}`);
      if (cached) return cached;
      const res = await call('POST', '/api/auth/login/', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
      tokens.set(`${email}|${password}`, res.body.key);
      return res.body.key as string;
    },
    async sibling() {
      if (!pgDb) throw new Error('a sibling server needs PostgreSQL');
      const other = await openDatabase({ url: pgDb.url, statementTimeoutMs: config.statementTimeoutMs });
      const otherApp = await createApp({ config, database: other, logger: false, spaDir: null });
      await otherApp.listen({ port: 0, host: '127.0.0.1' });
      const { port } = otherApp.server.address() as { port: number };
      return { base: `http://127.0.0.1:${port}`, close: async () => { await otherApp.close(); await other.close(); } };
    },
    async ctxOf(email) {
      const { rows } = await database.db.execute(sql`select id from "user" where email = ${email}`) as unknown as { rows: { id: number }[] };
      return { user: { ...(await loadUser(database.db, rows[0].id))!, tokenId: 0 } };
    },
    async subscribe(email, feature) {
      await database.db.execute(sql`update company set features = coalesce(features, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('name', ${feature}::text, 'subscribed', true))
        where id = (select u.company_id from "user" u where u.email = ${email})`);
      invalidateAccess();
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/**
 * Polls `status()` until it answers `want` or `ms` pass (a notification from the database arrives
 * asynchronously); returns the last answer for the test to assert.
 */
export async function eventually(status: () => Promise<number>, want: number, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let last = await status();
  while (last !== want && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    last = await status();
  }
  return last;
}
