/**
 * The derived list indexes (docs/architecture.md "List indexes") exist in the migrated database,
 * on PGlite and on PostgreSQL, and a page filtered on a column that had no index before (the UN
 * number) is read through its (company, unCode, name) index rather than by walking the name order.
 * Plans, not timings: a few thousand rows, analysed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { rawRows } from '../../server/db/connection';
import { columnName, listIndexShapes, tableOf } from '../../server/db/tables';
import { resources } from '../../src/resources/index';
import { product } from '../../src/resources/logistics/product';

let s: TestServer;
let op: string;
let company: number;

beforeAll(async () => {
  s = await startServer();
  op = await s.login('operator@demo.test');
  company = (await s.call('GET', '/api/user/me/', { token: op })).body.company.id as number;
  // 3,000 products over 20 UN numbers; one of them (UN3077) on every 100th row, spread along the name order.
  const rows = Array.from({ length: 3000 }, (_, i) => ({
    name: `Bulk ${String(i).padStart(4, '0')}`, code: `LI-${i}`, company, enabled: true,
    unCode: i % 100 === 7 ? 'UN3077' : `UN${1000 + (i % 19)}`,
  }));
  for (let i = 0; i < rows.length; i += 500) await s.database.db.insert(tableOf(product)).values(rows.slice(i, i + 500));
  await s.database.db.execute(sql`analyze product`);
});
afterAll(() => s?.close());

describe('list indexes in the database', () => {
  it('has an index for every derived shape, its columns in order', async () => {
    const indexes = await rawRows<{ tbl: string; name: string; cols: string[] }>(s.database.db, sql`
      select t.relname as tbl, i.relname as name, array_agg(a.attname::text order by k.n) as cols
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace ns on ns.oid = t.relnamespace and ns.nspname = 'public'
      cross join lateral unnest(x.indkey::int2[]) with ordinality as k(attnum, n)
      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      group by t.relname, i.relname`);
    let shapes = 0;
    for (const r of resources) {
      for (const shape of listIndexShapes(r)) {
        shapes++;
        const want = shape.map((n) => (n in r.fields ? columnName(n, r.fields[n]) : n));
        const found = indexes.find((x) => x.tbl === r.table && want.every((c, i) => x.cols[i] === c));
        expect(found, `${r.table} (${want.join(', ')})`).toBeDefined();
      }
    }
    expect(shapes).toBeGreaterThan(10);
  });

  it('reads a page filtered on the UN number through (company, unCode, name)', async () => {
    const plan = await rawRows<{ 'QUERY PLAN': unknown }>(s.database.db, sql`explain (format json)
      select id from product where company_id = ${company} and "unCode" = 'UN3077' order by name, id limit 26`);
    expect(JSON.stringify(plan[0]['QUERY PLAN'])).toContain('"Index Name":"product_company_unCode_name_idx"');

    const page = await s.call('GET', '/api/product/?unCode=UN3077&fields=name,unCode', { token: op });
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(30);
    const names = page.body.results.map((x: { name: string }) => x.name);
    expect(names).toHaveLength(25);
    expect(names).toEqual([...names].sort());
  });
});
