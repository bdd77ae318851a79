/**
 * "Nothing was written": a cheap fingerprint of every table, taken before and after a call that must
 * fail. Per table the number of rows and the newest row version (`xmin`, the transaction that wrote
 * the row: an insert or an update gives the row a new one; a delete lowers the count), so any
 * committed insert, update or delete shows, in any table, also one no test thought of. Transactions
 * rolled back leave nothing visible, as they should.
 *
 * The request log (`audit_request`) is left out: every call, refused or not, is logged, after its
 * answer (server/audit/request-log.ts). One table is read differently: `auth_token` refreshes `last_used_at` of a token now and then as it
 * is used (server/auth/tokens.ts), so its fingerprint is the count and a hash of the token hashes.
 *
 * Reading every table costs a few milliseconds, and the suites take thousands of fingerprints, so
 * the last one is kept with the database's transaction snapshot (`pg_current_snapshot()`: the next
 * transaction id and those in progress). A write needs a transaction id, so while that snapshot is
 * the same nothing can have been written, and the kept fingerprint is still the tables' own.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/connection';
import type { Answer } from './client';

type Snapshot = Map<string, string>;

const VOLATILE: Record<string, string> = {
  auth_token: `count(*)::text || '/' || coalesce(sum(hashtext(key_hash))::text, '')`,
};

const queries = new WeakMap<Database, string>();
const kept = new WeakMap<Database, { xids: string; snapshot: Snapshot }>();

async function rows<T>(database: Database, q: ReturnType<typeof sql.raw>): Promise<T[]> {
  return ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

export async function snapshot(database: Database): Promise<Snapshot> {
  const [{ xids }] = await rows<{ xids: string }>(database, sql.raw('select pg_current_snapshot()::text as xids'));
  const last = kept.get(database);
  if (last?.xids === xids) return last.snapshot;
  const taken = await fingerprint(database);
  kept.set(database, { xids, snapshot: taken });
  return taken;
}

async function fingerprint(database: Database): Promise<Snapshot> {
  let q = queries.get(database);
  if (!q) {
    const tables = await rows<{ name: string }>(database, sql.raw(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname <> 'audit_request' order by 1`));
    q = tables.map(({ name }) => `select '${name}' as t, ${VOLATILE[name] ?? `count(*)::text || '/' || coalesce(max(xmin::text::bigint)::text, '')`} as f from "${name}"`).join(' union all ');
    queries.set(database, q);
  }
  return new Map((await rows<{ t: string; f: string }>(database, sql.raw(q))).map((r) => [r.t, r.f]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t)).sort();
}

/**
 * Runs a call that must be refused and returns its answer, with the tables it changed (there must be
 * none): `expect(await unchanged(db, () => call(...))).toMatchObject({ status: 404, changed: [] })`.
 */
export async function unchanged(database: Database, call: () => Promise<Answer>): Promise<Answer & { changed: string[] }> {
  const before = await snapshot(database);
  const answer = await call();
  return { ...answer, changed: changedTables(before, await snapshot(database)) };
}
