/**
 * The server side of the benchmark, run as a child process of bench/api.ts so the load generator
 * does not share its event loop: opens the database (BENCH_DB_URL = PostgreSQL, else in-memory
 * PGlite), migrates, seeds (BENCH_SEED_VOLUME: `small`, the default, or `full`), loads BENCH_LOAD_ROWS products, then serves the real app plus the
 * hand-written baseline routes on one Fastify instance. Samples its own RSS on request.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { createApp } from '../server/app';
import { syncPermissions } from '../server/seed/permissions';
import { seedDemo, findUserId } from '../server/seed/demo';
import { rawRows } from '../server/db/connection';
import { mountBaseline } from './lib/baseline';
import { copyProducts, insertProducts } from './lib/load';
import type { ChildMessage, ParentMessage } from './lib/ipc';

const send = (m: ChildMessage) => process.send!(m);

/** Counts SQL statements sent by either driver (a diagnostic column of the report). */
let queries = 0;
for (const proto of [pg.Client.prototype, PGlite.prototype] as any[]) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    queries++;
    return original.apply(this, args);
  };
}
const url = process.env.BENCH_DB_URL || undefined;
const rows = Number(process.env.BENCH_LOAD_ROWS ?? 1000);

async function main() {
  const started = performance.now();
  const config = loadConfig({ LOGIN_LIMIT_PER_ADDRESS: '100000', LOGIN_LIMIT_PER_EMAIL: '1000', PUBLIC_URL: 'http://127.0.0.1' });
  const database = await openDatabase({ url, statementTimeoutMs: config.statementTimeoutMs });
  await database.migrate();
  await syncPermissions(database.db);
  await seedDemo(database.db, { volume: process.env.BENCH_SEED_VOLUME === 'full' ? 'full' : 'small' });
  const userId = await findUserId(database.db, 'operator@demo.test');
  const [{ company_id: companyId }] = await rawRows<{ company_id: number }>(database.db, sql`select company_id from "user" where id = ${userId}`);
  const [{ max: before }] = await rawRows<{ max: number }>(database.db, sql`select coalesce(max(id), 0)::int as max from product`);
  const loadStart = performance.now();
  if (url) await copyProducts(url, companyId, rows);
  else await insertProducts(database, companyId, rows);
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const [{ max: after }] = await rawRows<{ max: number }>(database.db, sql`select max(id)::int as max from product`);

  const app = await createApp({ config, database, logger: false, spaDir: null });
  mountBaseline(app, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let timer: NodeJS.Timeout | undefined;
  let startRss = 0;
  let peakRss = 0;
  process.on('message', async (m: ParentMessage) => {
    if (m.type === 'drain') {
      // Requests abandoned by the last run still hold or wait for pool connections: let them finish.
      const pool = database.pool;
      for (let quiet = 0; pool && quiet < 3;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        quiet = pool.waitingCount === 0 && pool.idleCount === pool.totalCount ? quiet + 1 : 0;
      }
      send({ type: 'drained' });
    } else if (m.type === 'cpu') {
      const u = process.cpuUsage();
      send({ type: 'cpu', micros: u.user + u.system, queries });
    } else if (m.type === 'rss-start') {
      startRss = peakRss = process.memoryUsage().rss;
      timer = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 50);
      send({ type: 'rss-started' });
    } else if (m.type === 'rss-stop') {
      clearInterval(timer);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      send({ type: 'rss', startMb: startRss / 2 ** 20, peakMb: peakRss / 2 ** 20 });
    } else if (m.type === 'close') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  send({ type: 'ready', port, companyId, firstId: before + 1, lastId: after, loadSeconds, setupSeconds: (performance.now() - started) / 1000 });
}

// The parent going away (crash, Ctrl-C) ends this process too.
process.on('disconnect', () => process.exit(0));
main().catch((e: unknown) => {
  send({ type: 'error', message: e instanceof Error ? e.stack ?? e.message : String(e) });
  setTimeout(() => process.exit(1), 100);
});
