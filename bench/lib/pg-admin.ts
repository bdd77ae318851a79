/** A throw-away PostgreSQL database for one benchmark run. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TempDb { name: string; url: string; drop(): Promise<void> }

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

export async function createTempDb(): Promise<TempDb> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Ends a run on a temporary database: the client, then the server, then the database itself (said when dropped). */
export async function endRun(o: { client?: { end(): Promise<void> }; server?: { close(): Promise<void> } }, db: TempDb, say: (line: string) => void) {
  await o.client?.end().catch(() => undefined);
  await o.server?.close().catch(() => undefined);
  await db.drop();
  say(`  dropped ${db.name}`);
}
