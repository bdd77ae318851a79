/**
 * Reads a large ordered query in batches without holding it all in memory: a server-side cursor on
 * PostgreSQL (pg-query-stream), limit/offset pages on the embedded PGlite.
 */
import QueryStream from 'pg-query-stream';
import pg from 'pg';
import type { PgSelect, PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './connection';

// Dates and timestamps reach drizzle's column mappers as the raw text, as drizzle's own driver does.
const RAW_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187]);
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    RAW_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export async function* selectInBatches<T extends Record<string, unknown>>(
  database: Database,
  query: PgSelect,
  selection: Record<string, PgColumn>,
  batchSize: number,
): AsyncGenerator<T[]> {
  if (database.kind === 'postgres' && database.pool) {
    const { sql, params } = query.toSQL();
    const keys = Object.keys(selection);
    const cols = Object.values(selection);
    const client = await database.pool.connect();
    // The cursor under pg-query-stream, read a batch at a time: a row-by-row object stream costs
    // more than the rest of an export. The next batch is requested before this one is handed on,
    // so PostgreSQL and this process work at the same time.
    const cursor = client.query(new QueryStream(sql, params, { batchSize, rowMode: 'array', types })).cursor as {
      read(rows: number): Promise<unknown[][]>;
      close(): Promise<void>;
      state: string;
    };
    let failed: unknown;
    let pending: Promise<unknown[][]> | null = null;
    try {
      pending = cursor.read(batchSize);
      while (pending) {
        const raws: unknown[][] = await pending;
        pending = raws.length < batchSize ? null : cursor.read(batchSize);
        pending?.catch(() => undefined); // awaited on the next turn; never an unhandled rejection
        if (!raws.length) break;
        const batch: T[] = new Array(raws.length);
        for (let r = 0; r < raws.length; r++) {
          const raw = raws[r];
          const row: Record<string, unknown> = {};
          // A computed field's expression (server/engine/computed.ts) is no column: its value is used as sent.
          for (let i = 0; i < keys.length; i++) row[keys[i]] = raw[i] === null ? null : typeof cols[i].mapFromDriverValue === 'function' ? cols[i].mapFromDriverValue(raw[i]) : raw[i];
          batch[r] = row as T;
        }
        yield batch;
      }
    } catch (e) {
      failed = e;
      throw e;
    } finally {
      // Stopped early (the client hung up): let the batch in flight land, then close the portal.
      if (pending) await pending.catch(() => undefined);
      if (!failed && cursor.state !== 'done') await cursor.close().catch((e: unknown) => { failed = e; });
      client.release(failed instanceof Error ? failed : undefined);
    }
    return;
  }
  for (let offset = 0; ; offset += batchSize) {
    const rows = (await query.limit(batchSize).offset(offset)) as T[];
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
  }
}
