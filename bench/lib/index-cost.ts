/**
 * What a table's list indexes cost: their size on disk, and the time to load and to insert rows
 * with and without them. "List indexes" are the non-unique indexes of two or more columns led by
 * the tenant column (`company_id`): the shapes lists use (docs/architecture.md "List indexes").
 * Loads go to scratch copies of the table (same columns, the chosen indexes), never to the table.
 */
import pg from 'pg';

export interface IndexInfo { name: string; def: string; bytes: number; list: boolean }

const LIST_SHAPE = /^CREATE INDEX \S+ ON \S+ USING btree \(company_id, /;

export async function indexesOf(c: pg.Client, table: string): Promise<{ heapBytes: number; indexes: IndexInfo[] }> {
  const { rows } = await c.query<{ name: string; def: string; bytes: string }>(`
    select i.indexname as name, i.indexdef as def, pg_relation_size(format('%I', i.indexname)::regclass) as bytes
    from pg_indexes i where i.schemaname = 'public' and i.tablename = $1 order by i.indexname`, [table]);
  const [{ heap }] = (await c.query<{ heap: string }>('select pg_table_size($1::regclass) as heap', [table])).rows;
  return { heapBytes: Number(heap), indexes: rows.map((r) => ({ name: r.name, def: r.def, bytes: Number(r.bytes), list: LIST_SHAPE.test(r.def) })) };
}

export interface LoadCost { bulkRows: number; bulkSeconds: number; insertRows: number; insertSeconds: number; indexBytes: number }

/**
 * Into an empty scratch copy with `indexes`: all `bulkRows` of the table in one INSERT ... SELECT
 * (a bulk load), then `insertRows` further rows in statements of 1,000 (writes into a full table).
 */
export async function loadCost(c: pg.Client, table: string, indexes: IndexInfo[], bulkRows: number, insertRows: number): Promise<LoadCost> {
  const scratch = `${table}_cost`;
  await c.query(`drop table if exists ${scratch}`);
  await c.query(`create table ${scratch} (like ${table} including defaults including identity including generated)`);
  try {
    for (const [i, ix] of indexes.entries()) {
      await c.query(ix.def.replace(/^(CREATE (?:UNIQUE )?INDEX )\S+ ON public\.\S+ /, `$1${scratch}_${i} ON public.${scratch} `));
    }
    const cols = (await c.query<{ name: string; identity: string }>(`
      select column_name as name, is_identity as identity from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`, [table])).rows;
    const all = cols.map((x) => `"${x.name}"`).join(', ');
    let t0 = performance.now();
    await c.query(`insert into ${scratch} (${all}) overriding system value select ${all} from ${table} limit ${bulkRows}`);
    const bulkSeconds = (performance.now() - t0) / 1000;
    // The copied rows hold identity numbers the scratch table's own sequences would hand out again.
    for (const x of cols.filter((y) => y.identity === 'YES')) {
      await c.query(`select setval(pg_get_serial_sequence('${scratch}', '${x.name}'), (select max("${x.name}") from ${scratch}))`);
    }
    // New rows: same values, fresh ids and identity numbers, codes made unique again.
    const fresh = cols.filter((x) => x.name !== 'id' && x.identity !== 'YES');
    const list = fresh.map((x) => `"${x.name}"`).join(', ');
    const values = fresh.map((x) => (x.name === 'code' ? `code || '~' || n as code` : `"${x.name}"`)).join(', ');
    await c.query(`create temp table cost_src as select ${values}, n from (select *, row_number() over () as n from ${table} limit ${insertRows}) s`);
    await c.query('create index on cost_src (n)');
    t0 = performance.now();
    for (let from = 1; from <= insertRows; from += 1000) {
      await c.query(`insert into ${scratch} (${list}) select ${list} from cost_src where n between ${from} and ${from + 999}`);
    }
    const insertSeconds = (performance.now() - t0) / 1000;
    const [{ bytes }] = (await c.query<{ bytes: string }>('select pg_indexes_size($1::regclass) as bytes', [scratch])).rows;
    return { bulkRows, bulkSeconds, insertRows, insertSeconds, indexBytes: Number(bytes) };
  } finally {
    await c.query('drop table if exists cost_src');
    await c.query(`drop table if exists ${scratch}`);
  }
}
