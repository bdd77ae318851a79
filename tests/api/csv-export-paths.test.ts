/**
 * On PostgreSQL, `download_table/` lets PostgreSQL write the CSV lines and streams them with COPY
 * (server/engine/csv-copy.ts) when every column allows it. The file must be byte for byte what the
 * row-by-row formatter writes: this compares the two paths on every resource (the formatter runs
 * when the database handle has no pool) with awkward values. On PGlite both runs use the formatter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { tableOf } from '../../server/db/tables';
import { product } from '../../src/resources/logistics/product';
import { resources } from '../../src/resources/index';
import type { Resource } from '../../src/resources/define';
import { exportCsv } from '../../server/engine/csv-export';
import { csvLinesSelect } from '../../server/engine/csv-copy';
import type { Ctx } from '../../server/engine/context';

let s: TestServer;
let admin: Ctx;
let operator: Ctx;

beforeAll(async () => {
  s = await startServer();
  admin = await s.ctxOf('admin@demo.test');
  operator = await s.ctxOf('operator@demo.test');
  const t = tableOf(product);
  const company = operator.user.companyId!;
  await s.database.db.insert(t).values([
    { name: 'Quote " and, comma', code: 'Q1', description: 'line one\nline two\r\nthree "quoted"', density: '1.2300', class: '3', packingGroup: 'II', enabled: false, company },
    { name: '=SUM(A1:A2)', code: '+CMD', description: '-1', stcc: '4910007', color: '#000000', enabled: true, company },
    { name: '@mention\ttab', code: 'UNI-ü', description: 'Ünïcödé ✓ 漢字', unCode: null, company },
    { name: "O'Reilly \\ backslash", code: 'BS', description: '', company },
  ]);
  await s.database.db.execute(sql`update product set updated_at = '2024-02-29 23:59:59.123789+00', enabled = true where code = 'BS'`);
});
afterAll(() => s?.close());

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/** Columns the SQL path can write (everything but times, references, JSON and passwords). */
const copyable = (r: Resource) => ['id', 'version',
  ...Object.keys(r.fields).filter((n) => !['datetime', 'ref', 'refs', 'json', 'password'].includes(r.fields[n].kind))];

const both = async (ctx: Ctx, r: Resource, query: Record<string, string>, body: object) => {
  const fast = await text((await exportCsv(s.database, ctx, r, query, body)).stream);
  const slow = await text((await exportCsv({ ...s.database, pool: undefined }, ctx, r, query, body)).stream);
  return { fast, slow };
};

describe('CSV export: the COPY path writes what the formatter writes', () => {
  it('on awkward product values, with filters, search and ordering, for a tenant user', async () => {
    for (const [query, body] of [
      [{}, { columns: copyable(product) }],
      [{ class: '3' }, { columns: ['name', 'class', 'enabled', 'density', 'description'], ordering: '-name' }],
      [{}, { search: 'o', filters: { code__not_in: 'Q1' }, columns: ['code', 'name', 'updated_at'] }],
      [{}, {}],
      // Times take the formatter on both (docs/architecture.md, Time zones).
      [{}, { columns: ['code', 'enabled', 'created_at', 'updated_at'] }],
    ] as const) {
      const { fast, slow } = await both(operator, product, query, body);
      expect(fast).toBe(slow);
      expect(fast.endsWith('\r\n')).toBe(true);
    }
    // A byte-order mark first, Yes/No, and the time in the company's zone (America/Edmonton) with its offset.
    const { fast } = await both(operator, product, {}, { columns: ['code', 'name', 'enabled', 'updated_at'], filters: { code: 'BS' } });
    expect(fast).toBe('\uFEFF"Code","Name","Enabled","Updated"\r\n"BS","O\'Reilly \\ backslash","Yes","2024-02-29T16:59:59-07:00"\r\n');
  });

  it('nests concat() past the 100 arguments of one SQL function call', () => {
    // The export's columns are distinct; the statement builder is asked directly for a line of 200 cells.
    const wide = Array.from({ length: 20 }, () => copyable(product)).flat();
    expect(csvLinesSelect(s.database.db, product, tableOf(product), wide, undefined, [])).toMatch(/concat\(concat\(/);
  });

  it('on every resource of the registry, as a superuser', async () => {
    for (const r of resources) {
      // The fast path is really taken for these columns.
      expect(csvLinesSelect(s.database.db, r, tableOf(r), copyable(r), undefined, []), r.name).not.toBeNull();
      const { fast, slow } = await both(admin, r, {}, { columns: copyable(r) });
      expect(fast, r.name).toBe(slow);
    }
  });
});
