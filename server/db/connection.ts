/**
 * Opens the database: PostgreSQL through node-postgres when DATABASE_URL is set, otherwise the
 * embedded PGlite in DATA_DIR (or in memory). Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type SQL, sql } from 'drizzle-orm';
import { RAW_PARSERS, dropRedundantParsers } from './pglite-parsers';
import { type Subscription, type SubscriptionHandlers, pgSubscription, pgliteSubscription } from './notifications';
import { stampTransactions } from '../audit/audit-scope';
import { attachAuditTriggers } from '../audit/audit-triggers';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The node-postgres pool (PostgreSQL only), for streaming and COPY. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  /** Receives `pg_notify(channel, ...)` from every process; ends with `close()`. */
  subscribe(channel: string, handlers: SubscriptionHandlers): Subscription;
  close(): Promise<void>;
}

/** Subscriptions end before the connection does. */
function subscriptions(open: (channel: string, h: SubscriptionHandlers) => Subscription) {
  const all = new Set<Subscription>();
  return {
    subscribe(channel: string, h: SubscriptionHandlers): Subscription {
      const s = open(channel, h);
      all.add(s);
      return { get live() { return s.live; }, close: () => { all.delete(s); return s.close(); } };
    },
    closeAll: () => Promise.all([...all].map((s) => s.close())),
  };
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
  /** Milliseconds before any single statement is cancelled. */
  statementTimeoutMs?: number;
  poolSize?: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK = 72_210_001;

export async function openDatabase(o: DatabaseOptions): Promise<Database> {
  const timeout = o.statementTimeoutMs ?? 30_000;
  if (o.url) {
    const pool = new pg.Pool({ connectionString: o.url, max: o.poolSize ?? 10, options: `-c statement_timeout=${timeout}` });
    // Exact decimals stay strings (node-postgres already does); bigint counts become numbers.
    pool.on('error', () => { /* an idle client died; the pool replaces it */ });
    // A checked-out client whose connection dies (the server restarted, an admin terminated the
    // backend) emits 'error' besides failing its query; without a listener that would end the whole
    // process. The query in flight still gets the error, and the pool drops the dead client on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = stampTransactions(drizzlePg(pool) as unknown as Db);
    const subs = subscriptions((channel, h) => pgSubscription(o.url!, channel, h));
    return {
      kind: 'postgres',
      db,
      pool,
      subscribe: subs.subscribe,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
          await attachAuditTriggers(drizzlePg(client) as unknown as Db);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      async close() {
        await subs.closeAll();
        await pool.end();
      },
    };
  }
  if (o.dataDir) mkdirSync(o.dataDir, { recursive: true });
  // One options object: PGlite reads the second argument only when the first is a directory, so an
  // in-memory database given `(undefined, options)` would silently drop the parsers.
  const client = new PGlite({ dataDir: o.dataDir, parsers: RAW_PARSERS, loadDataDir: o.loadDataDir });
  dropRedundantParsers(client);
  await client.exec(`SET statement_timeout = ${timeout}`);
  const db = stampTransactions(drizzlePglite(client) as unknown as Db);
  const subs = subscriptions((channel, h) => pgliteSubscription(client, channel, h));
  return {
    kind: 'pglite',
    db,
    subscribe: subs.subscribe,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await attachAuditTriggers(db);
    },
    async close() {
      await subs.closeAll();
      await client.close();
    },
  };
}

/** True when the database answers a trivial query. */
export async function isAlive(d: Database): Promise<boolean> {
  try {
    await d.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL statement (both drivers answer `{rows}`). */
export async function rawRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const res = (await db.execute(statement)) as unknown as { rows: T[] };
  return res.rows;
}
