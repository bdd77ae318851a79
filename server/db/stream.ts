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
    try {
      const stream = client.query(new QueryStream(sql, params, { batchSize, rowMode: 'array', types }));
      let batch: T[] = [];
      for await (const raw of stream as AsyncIterable<unknown[]>) {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) row[keys[i]] = raw[i] === null ? null : cols[i].mapFromDriverValue(raw[i]);
        batch.push(row as T);
        if (batch.length >= batchSize) { yield batch; batch = []; }
      }
      if (batch.length) yield batch;
    } finally {
      client.release();
    }
    return;
  }
  for (let offset = 0; ; offset += batchSize) {
    const rows = (await query.limit(batchSize).offset(offset)) as T[];
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
  }
}
