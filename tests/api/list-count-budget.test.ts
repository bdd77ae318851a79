/**
 * Past the capped count, a list counts exactly whenever that fits in a time budget
 * (LIST_COUNT_BUDGET_MS) and estimates only past it; the planner's statistics are fresh after the
 * demo seed, so an estimate is as good as ANALYZE makes it. The cap is lowered to 20 so a few dozen
 * rows cross it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { tableOf } from '../../server/db/tables';
import { rawRows } from '../../server/db/connection';
import { countWithin, resolveCount } from '../../server/engine/list-count';
import { product } from '../../src/resources/logistics/product';

const CAP = 20;
let s: TestServer;
let op: string;

beforeAll(async () => {
  s = await startServer({ LIST_EXACT_COUNT_LIMIT: String(CAP) });
  op = await s.login('operator@demo.test');
  const me = await s.call('GET', '/api/user/me/', { token: op });
  await s.database.db.insert(tableOf(product)).values(Array.from({ length: 260 }, (_, i) => ({
    name: `BUDGET ${String(i).padStart(3, '0')}`, code: `BUDGET-${String(i).padStart(3, '0')}`, company: me.body.company.id as number, enabled: true,
  })));
  await s.database.db.execute(sql`create sequence count_probe`);
  // No ANALYZE after this load: the statistics still say these rows do not exist, as after a bulk load without one.
});
afterAll(() => s?.close());

const list = (q: string) => s.call('GET', `/api/product/?${q}`, { token: op });
/** A filter that takes 300 ms to evaluate (once: an InitPlan), whatever the rows, and counts its runs in a sequence. */
const slowWhere = sql`(select nextval('count_probe') from pg_sleep(0.3)) > 0`;
const runs = async () => (await rawRows<{ n: number }>(s.database.db, sql`select last_value::int as n from count_probe`))[0].n;

describe('list counts within a time budget', () => {
  it('counts exactly beyond the cap when it is quick, even where the statistics know nothing of the rows', async () => {
    const res = await list('code__icontains=BUDGET&page_size=10');
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(260);
    expect(res.body).not.toHaveProperty('count_is_estimate');
    expect(res.body.results).toHaveLength(10);
  });

  it('falls back to the flagged estimate when the count overruns the budget, and stops trying for a while', async () => {
    const t = tableOf(product);
    const db = s.database.db;
    // PostgreSQL cancels the count at the budget; PGlite cannot cancel, so it finishes and is remembered as slow.
    const first = await countWithin(db, t, slowWhere, 25);
    if (s.database.kind === 'postgres') expect(first).toBeNull();
    expect(await runs()).toBe(1);
    // Remembered as slow: the second call does not spend the budget again (the filter does not run).
    expect(await countWithin(db, t, slowWhere, 25)).toBeNull();
    expect(await runs()).toBe(1);
    const total = await resolveCount(db, t, slowWhere, CAP, CAP + 1, { offset: 0, rows: 10, hasMore: true }, 25);
    expect(total.estimated).toBe(true);
    expect(total.count).toBeGreaterThan(CAP);
    // A generous budget counts the same filter exactly once it is no longer remembered as slow.
    const otherWhere = sql`(select pg_sleep(0.05)) is not null and ${t.code} like 'BUDGET-%'`;
    expect(await countWithin(db, t, otherWhere, 5_000)).toBe(260);
  });

  it('leaves the connection as it was: the budget is local to the count, also inside a caller\'s transaction', async () => {
    const db = s.database.db;
    const setting = async (tx: typeof db) => (await rawRows<{ v: string }>(tx, sql`select current_setting('statement_timeout') as v`))[0].v;
    const before = await setting(db);
    await db.transaction(async (tx) => {
      expect(await countWithin(tx, tableOf(product), undefined, 5_000)).toBeGreaterThan(260);
      expect(await setting(tx)).toBe(before);
      // A cancelled count (PostgreSQL) rolls back to its savepoint: the caller's transaction goes on.
      await countWithin(tx, tableOf(product), sql`(select pg_sleep(0.2)) is not null and ${tableOf(product).name} <> 'x'`, 20);
      expect(await setting(tx)).toBe(before);
      expect((await rawRows<{ n: number }>(tx, sql`select 1 as n`))[0].n).toBe(1);
    });
    expect(await setting(db)).toBe(before);
  });

  it('LIST_COUNT_BUDGET_MS=0 estimates past the cap, as before, from statistics the seed left fresh', async () => {
    const other = await startServer({ LIST_EXACT_COUNT_LIMIT: String(CAP), LIST_COUNT_BUDGET_MS: '0' });
    try {
      const token = await other.login('admin@demo.test');
      const res = await other.call('GET', '/api/car_event/?page_size=10', { token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count_is_estimate).toBe(true);
      // The seed's car events were never analyzed before: the estimate was several times off.
      const [{ n }] = await rawRows<{ n: number }>(other.database.db, sql`select count(*)::int as n from car_event`);
      expect(n).toBeGreaterThan(CAP);
      expect(res.body.count).toBe(n);
    } finally {
      await other.close();
    }
  });

  it('the demo seed leaves planner statistics on every table it filled', async () => {
    const never = await rawRows<{ name: string }>(s.database.db, sql`
      select c.relname as name from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
      where c.relkind = 'r' and ns.nspname = current_schema() and c.reltuples < 0
        -- The audit trail fills as the tests call the server, after the seed.
        and c.relname not in ('audit_crud', 'audit_request')`);
    const filled: string[] = [];
    for (const { name } of never) {
      const [{ any }] = await rawRows<{ any: boolean }>(s.database.db, sql`select exists (select 1 from ${sql.identifier(name)}) as any`);
      if (any) filled.push(name);
    }
    expect(filled).toEqual([]);
  });
});
