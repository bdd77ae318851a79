/**
 * The count of a paged list: exact up to LIST_EXACT_COUNT_LIMIT, the planner's estimate beyond it
 * (flagged `count_is_estimate: true`), while `next` / `previous` stay exact and `count/` stays exact.
 * The cap is lowered to 20 so a few dozen rows cross it, and the time budget for an exact count past
 * it is 0, so what lies past the cap is estimated (the budget: list-count-budget.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { tableOf } from '../../server/db/tables';
import { product } from '../../src/resources/logistics/product';

const CAP = 20;
let s: TestServer;
let op: string;

const rows = (prefix: string, n: number, company: number) => Array.from({ length: n }, (_, i) => ({
  name: `${prefix} ${String(i).padStart(3, '0')}`, code: `${prefix}-${String(i).padStart(3, '0')}`, company, enabled: true,
}));

beforeAll(async () => {
  s = await startServer({ LIST_EXACT_COUNT_LIMIT: String(CAP), LIST_COUNT_BUDGET_MS: '0' });
  op = await s.login('operator@demo.test');
  const me = await s.call('GET', '/api/user/me/', { token: op });
  const company = me.body.company.id as number;
  const t = tableOf(product);
  await s.database.db.insert(t).values([...rows('SMALL', 15, company), ...rows('EDGE', CAP, company), ...rows('BIG', 60, company)]);
  // Another company's rows match the same filter but must never be counted for the operator.
  const [other] = (await s.database.db.execute(sql`select id from company where id <> ${company} order by id limit 1`) as unknown as { rows: { id: number }[] }).rows;
  expect(other).toBeDefined();
  await s.database.db.insert(t).values(rows('BIG', 7, other.id).map((r) => ({ ...r, code: `X${r.code}` })));
  await s.database.db.execute(sql`analyze product`);
});
afterAll(() => s?.close());

const list = (q: string) => s.call('GET', `/api/product/?${q}`, { token: op });
const relative = (link: string) => { const u = new URL(link); return u.pathname + u.search; };

describe('list count strategy', () => {
  it('is exact, with no estimate flag, at or below the cap', async () => {
    for (const [q, n] of [['code__icontains=SMALL', 15], ['code__icontains=EDGE', CAP]] as const) {
      const res = await list(`${q}&page_size=10`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(n);
      expect(res.body).not.toHaveProperty('count_is_estimate');
      expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
    }
  });

  it('is a flagged estimate above the cap, never below what is certain', async () => {
    const res = await list('code__icontains=BIG&page_size=10&ordering=code');
    expect(res.status, res.text).toBe(200);
    expect(res.body.count_is_estimate).toBe(true);
    expect(res.body.count).toBeGreaterThan(CAP);
    expect(res.body.results).toHaveLength(10);
    expect(res.body.previous).toBeNull();
    expect(new URL(res.body.next).searchParams.get('page')).toBe('2');
  });

  it('next and previous walk every row exactly once; the last numbered page knows the exact count', async () => {
    const seen: string[] = [];
    let path: string | null = '/api/product/?code__icontains=BIG&page_size=10&ordering=code';
    let last: any;
    let pages = 0;
    while (path) {
      const res = await s.call('GET', path, { token: op });
      expect(res.status, res.text).toBe(200);
      pages++;
      if (pages > 1) expect(new URL(res.body.previous).searchParams.get('page')).toBe(String(pages - 1));
      seen.push(...res.body.results.map((r: any) => r.code));
      last = res.body;
      path = res.body.next ? relative(res.body.next) : null;
    }
    expect(pages).toBe(6);
    expect(seen).toEqual(rows('BIG', 60, 0).map((r) => r.code));
    // Products are a large list: the links carry cursors (docs/api.md, Cursors), and a page read
    // from a cursor does not know how many rows come before it, so its count stays the estimate.
    expect(new URL(relative(last.previous), 'http://x').searchParams.get('cursor')).toBeTruthy();
    expect(last.count).toBeGreaterThan(CAP);
    const numbered = await list('code__icontains=BIG&page_size=10&ordering=code&page=6');
    expect(numbered.body.count).toBe(60);
    expect(numbered.body).not.toHaveProperty('count_is_estimate');
    expect((await list('code__icontains=BIG&page_size=10&page=7')).status).toBe(404);
  });

  it('count/ stays exact and tenant-scoped above the cap', async () => {
    const res = await s.call('GET', '/api/product/count/?code__icontains=BIG', { token: op });
    expect(res.body).toEqual({ count: 60 });
  });

  it('follows writes at once: below the cap again, the count is exact', async () => {
    const t = tableOf(product);
    await s.database.db.delete(t).where(sql`${t.code} like 'BIG-%' and ${t.code} >= 'BIG-010'`);
    const res = await list('code__icontains=BIG&page_size=5');
    expect(res.body.count).toBe(10);
    expect(res.body).not.toHaveProperty('count_is_estimate');
    expect(new URL(res.body.next).searchParams.get('page')).toBe('2');
  });

  it('an empty list answers count 0 (the count rides on the page rows, and there are none); a page past the end is 404', async () => {
    const res = await list('code__icontains=NO-SUCH-CODE&page_size=5');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const past = await list('code__icontains=SMALL&page_size=5&page=9');
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: 'Invalid page.' });
  });

  it('a page with its count is one statement; an estimate is asked for once per filter, not per page view', async () => {
    const execute = vi.spyOn(s.database.db, 'execute');
    try {
      const res = await list('code__icontains=SMALL&page_size=5&page=2&ordering=code');
      expect(execute).toHaveBeenCalledTimes(1);
      expect(res.body.count).toBe(15);
      expect(res.body.results.map((r: { code: string }) => r.code)).toEqual(['SMALL-005', 'SMALL-006', 'SMALL-007', 'SMALL-008', 'SMALL-009']);
      execute.mockClear();
      // Above the cap: the page (with its capped count) and the planner's estimate ...
      const first = await list('code__icontains=-&page_size=5&ordering=-code');
      expect(first.body.count_is_estimate).toBe(true);
      expect(execute).toHaveBeenCalledTimes(2);
      execute.mockClear();
      // ... and the next view of the same filter reuses the estimate: the page alone.
      const again = await list('code__icontains=-&page_size=5&ordering=-code');
      expect(again.body).toEqual(first.body);
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });
});
