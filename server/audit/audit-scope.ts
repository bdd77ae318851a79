/**
 * Who a write is by, for the audit trail (docs/audit.md). The row triggers (migration 0039) read
 * the transaction's `audit.ctx` setting; every transaction the server opens sets it first from the
 * scope of the work that opened it: the request being served (server/audit/request-scope.ts), a
 * job run for its user, or nothing at all (the seed turns recording off). The scope lives in
 * AsyncLocalStorage, so no handler passes it along and none can forget to.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';

/** What an audit entry says of who and how: user id and label, acting company, the call, request id, address. */
export interface AuditStamp { u?: number | null; l?: string | null; c?: number | null; v?: string | null; r?: string | null; a?: string | null }

/** The stamp of the work in progress, read when a transaction opens (a request's user is known only after its token is checked). */
type Source = () => AuditStamp | 'off' | null;

const scope = new AsyncLocalStorage<Source>();

/** Runs `fn` (and everything it starts) with this source of stamps. */
export const withAuditScope = <T>(source: Source, fn: () => T): T => scope.run(source, fn);

/** Runs `fn` recording nothing: the demo seed's rows are the starting point, not changes. */
export const withoutAudit = <T>(fn: () => T): T => scope.run(() => 'off', fn);

/** The stamp as the `audit.ctx` setting holds it ('' when none: the entry names no one). */
export function currentStamp(): string {
  const s = scope.getStore()?.();
  return s && s !== 'off' ? JSON.stringify(s) : '';
}

/**
 * A condition that is always true and stamps the statement's own transaction: for the one-statement
 * writes that run without a transaction of their own (the engine's plain update). `value` is the
 * stamp or a placeholder for it.
 */
export const stampCondition = (value: unknown = currentStamp()): SQL => sql`set_config('audit.ctx', ${value}, true) is not null`;

async function stamp(tx: Db) {
  const s = scope.getStore()?.();
  if (!s) return;
  if (s === 'off') await tx.execute(sql`select set_config('audit.off', 'on', true)`);
  else await tx.execute(sql`select set_config('audit.ctx', ${JSON.stringify(s)}, true)`);
}

/**
 * Makes every transaction of `db` begin with its stamp (nested ones are savepoints of a stamped
 * one). A write outside any transaction carries no stamp: the generated audit test finds such
 * writes (an entry without its caller) so they are put in one.
 */
export function stampTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  db.transaction = ((fn, config) => begin(async (tx) => {
    await stamp(tx as unknown as Db);
    return fn(tx);
  }, config)) as Db['transaction'];
  return db;
}
