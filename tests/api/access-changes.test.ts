/**
 * What a user may do is cached per process for 5 s (server/auth/access.ts), but a change made
 * anywhere (another process, plain SQL) reaches every process at once through the
 * `access_changed` notification. Each wait below gives up well before the 5 s cache would expire
 * on its own, so passing proves the notification did it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventually, startServer, type TestServer } from './harness';

const BEFORE_TTL_MS = 4_000;
let s: TestServer;
let op: string;
let opId: number;

beforeAll(async () => {
  s = await startServer();
  op = await s.login('operator@demo.test');
  opId = (await s.ctxOf('operator@demo.test')).user.id;
}, 120_000);
afterAll(async () => { await s?.close(); });

const products = (base?: string) => (base
  ? fetch(`${base}/api/product/?page_size=1`, { headers: { authorization: `Token ${op}` } }).then((r) => r.status)
  : s.call('GET', '/api/product/?page_size=1', { token: op }).then((r) => r.status));

describe('access changes reach the cached profiles at once', () => {
  it('permissions taken away with plain SQL (groups and own permissions) are refused, and given back are allowed', async () => {
    expect(await products()).toBe(200);
    const groups = await s.database.db.execute(sql`delete from user__groups where owner_id = ${opId} returning target_id`) as unknown as { rows: { target_id: number }[] };
    const own = await s.database.db.execute(sql`delete from user__user_permissions where owner_id = ${opId} returning target_id`) as unknown as { rows: { target_id: number }[] };
    expect(groups.rows.length + own.rows.length).toBeGreaterThan(0);
    expect(await eventually(() => products(), 403, BEFORE_TTL_MS)).toBe(403);
    for (const g of groups.rows) await s.database.db.execute(sql`insert into user__groups (owner_id, target_id) values (${opId}, ${g.target_id})`);
    for (const p of own.rows) await s.database.db.execute(sql`insert into user__user_permissions (owner_id, target_id) values (${opId}, ${p.target_id})`);
    expect(await eventually(() => products(), 200, BEFORE_TTL_MS)).toBe(200);
  });

  it('a deactivated user is refused', async () => {
    expect(await products()).toBe(200);
    await s.database.db.execute(sql`update "user" set is_active = false where id = ${opId}`);
    expect(await eventually(() => products(), 401, BEFORE_TTL_MS)).toBe(401);
    await s.database.db.execute(sql`update "user" set is_active = true where id = ${opId}`);
    expect(await eventually(() => products(), 200, BEFORE_TTL_MS)).toBe(200);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('several server processes on one PostgreSQL', () => {
  it('a group taken away through one server is refused by another that had the profile cached', async () => {
    const { base, close } = await s.sibling();
    try {
      expect(await products(base)).toBe(200);
      const admin = await s.login('admin@demo.test');
      const before = await s.call('GET', `/api/user/${opId}/`, { token: admin });
      const res = await s.call('PATCH', `/api/user/${opId}/`, { token: admin, body: { groups: [], user_permissions: [] } });
      expect(res.status).toBe(200);
      expect(await eventually(() => products(base), 403, BEFORE_TTL_MS)).toBe(403);
      const back = await s.call('PATCH', `/api/user/${opId}/`, { token: admin, body: { groups: before.body.groups, user_permissions: before.body.user_permissions } });
      expect(back.status).toBe(200);
      expect(await eventually(() => products(base), 200, BEFORE_TTL_MS)).toBe(200);
    } finally {
      await close();
    }
  });
});
