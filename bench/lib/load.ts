/** Bulk loading: COPY FROM STDIN on PostgreSQL, large multi-row inserts in one transaction on PGlite. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../server/db/connection';
import { tableOf } from '../../server/db/tables';
import { product } from '../../src/resources/logistics/product';
import { productRows, type ProductRow } from './data';

const COLUMNS = ['name', 'code', 'stcc', 'harmonizedCode', 'unCode', 'class', 'packingGroup', 'cas', 'density', 'color', 'description', 'enabled', 'company_id'];

/** CSV cell for COPY: NULL is an unquoted empty field, text is always quoted. */
const cell = (v: string | null) => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);

function csvLine(r: ProductRow, companyId: number): string {
  return [cell(r.name), cell(r.code), cell(r.stcc), cell(r.harmonizedCode), cell(r.unCode), cell(r.class), cell(r.packingGroup),
    cell(r.cas), r.density ?? '', cell(r.color), cell(r.description), r.enabled ? 't' : 'f', String(companyId)].join(',') + '\n';
}

async function* csvChunks(rows: number, companyId: number): AsyncGenerator<string> {
  let chunk: string[] = [];
  for (const r of productRows(rows)) {
    chunk.push(csvLine(r, companyId));
    if (chunk.length === 10_000) { yield chunk.join(''); chunk = []; }
  }
  if (chunk.length) yield chunk.join('');
}

/** COPY on its own connection (no statement timeout), then VACUUM ANALYZE so counts can use index-only scans. */
export async function copyProducts(url: string, companyId: number, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cols = COLUMNS.map((c) => `"${c}"`).join(', ');
    const copy = client.query(copyFrom(`COPY product (${cols}) FROM STDIN WITH (FORMAT csv)`));
    await pipeline(Readable.from(csvChunks(rows, companyId)), copy);
    await client.query('VACUUM ANALYZE product');
  } finally {
    await client.end();
  }
}

/** PGlite: batches of 1,000 rows in one transaction, then ANALYZE. */
export async function insertProducts(database: Database, companyId: number, rows: number): Promise<void> {
  const t = tableOf(product);
  await database.db.transaction(async (tx) => {
    let batch: Record<string, unknown>[] = [];
    for (const r of productRows(rows)) {
      batch.push({ ...r, company: companyId });
      if (batch.length === 1_000) { await tx.insert(t).values(batch); batch = []; }
    }
    if (batch.length) await tx.insert(t).values(batch);
  });
  await database.db.execute('VACUUM ANALYZE product');
}
