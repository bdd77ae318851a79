/**
 * An unpaged list (`page_size=0`) is written as JSON by the database (server/engine/json-list.ts).
 * It must be what the row path (driver rows through serialize()) gives: same keys in the same
 * order, same values. Compared on awkward values and on every declared resource, both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from './harness';
import { tableOf } from '../../server/db/tables';
import { product } from '../../src/resources/logistics/product';
import { resources } from '../../src/resources/index';
import type { Resource } from '../../src/resources/define';
import { find } from '../../server/engine/operations';
import type { Ctx } from '../../server/engine/context';
import type { Query } from '../../server/engine/list-query';

let s: TestServer;
let admin: Ctx;
let operator: Ctx;

beforeAll(async () => {
  s = await startServer({}, {});
  admin = await s.ctxOf('admin@demo.test');
  operator = await s.ctxOf('operator@demo.test');
  const company = operator.user.companyId!;
  await s.database.db.insert(tableOf(product)).values([
    { name: 'Quote " and \\ backslash', code: 'J1', description: 'line one\nline two\r\n\ttab \u0001 control', density: '1.2300', class: '3', enabled: false, company },
    { name: 'Ünïcödé ✓ 漢字 \u2028 sep', code: 'J2', description: '', density: '0.000001', stcc: '4910007', company },
    { name: 'Nulls', code: 'J3', company },
  ]);
  await s.database.db.execute(sql`update product set updated_at = '2024-02-29 23:59:59.123789+00', created_at = '0999-01-01 00:00:00.9999+00' where code = 'J1'`);
}, 180_000);
afterAll(() => s?.close());

/** Both paths' answers as text: the row path serialised the way the HTTP reply does. */
async function both(ctx: Ctx, r: Resource, query: Query) {
  const all = { ...query, page_size: '0' };
  const rows = JSON.stringify((await find(s.database.db, ctx, r, all)).rows);
  const json = (await find(s.database.db, ctx, r, all, [], { asJson: true })).json!;
  return { rows, json };
}

describe('unpaged lists written by the database', () => {
  it('match the row path on awkward product values, with filters, fields and ordering, for a tenant user', async () => {
    for (const q of [{}, { ordering: '-name' }, { class: '3' }, { fields: 'name,density,updated_at' }, { search: 'code', fields: 'code' }, { code: 'NO-SUCH' }] as Query[]) {
      const { rows, json } = await both(operator, product, q);
      // Same text, byte for byte (not only the same values).
      expect(json).toBe(rows);
    }
    const { json } = await both(operator, product, { code: 'J1', fields: 'density,created_at,updated_at' });
    expect(JSON.parse(json)).toEqual([expect.objectContaining({ density: '1.2300', created_at: '0999-01-01T00:00:00.999Z', updated_at: '2024-02-29T23:59:59.123Z' })]);
  });

  it('match the row path on every resource of the registry, as a superuser', async () => {
    let compared = 0;
    for (const r of resources) {
      const { rows, json } = await both(admin, r, { ordering: 'id' });
      expect(JSON.parse(json), r.name).toEqual(JSON.parse(rows));
      compared += JSON.parse(rows).length;
    }
    // The demo data gives every comparison something to compare.
    expect(compared).toBeGreaterThan(500);
  });

  it('reach the client through the HTTP list route, with permissions and tenancy applied', async () => {
    const token = await s.login('operator@demo.test');
    const res = await s.call('GET', '/api/product/?page_size=0&ordering=code&code__icontains=J', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.map((p: { code: string }) => p.code)).toEqual(['J1', 'J2', 'J3']);
    const driver = await s.login('driver@demo.test');
    expect((await s.call('GET', '/api/user/?page_size=0', { token: driver })).status).toBe(403);
  });
});
