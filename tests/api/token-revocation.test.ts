/**
 * Remembered tokens (server/auth/known-tokens.ts) never outlive their revocation: signing out,
 * a password reset, or a token deleted behind the server's back (another process, plain SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashKey } from '../../server/auth/tokens';
import { eventually, startServer, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => { s = await startServer(); }, 120_000);
afterAll(async () => { await s?.close(); });

const me = (token: string, base?: string) => (base
  ? fetch(`${base}/api/user/me/`, { headers: { authorization: `Token ${token}` } }).then((r) => r.status)
  : s.call('GET', '/api/user/me/', { token }).then((r) => r.status));

async function freshToken(): Promise<string> {
  const res = await s.call('POST', '/api/auth/login/', { body: { email: 'operator@demo.test', password: 'demo12345' } });
  expect(res.status).toBe(200);
  return res.body.key;
}

/** How long a revocation may take to arrive before the test gives up (normally milliseconds). */
const NOTIFIED_WITHIN_MS = 15_000;

describe('remembered tokens', () => {
  it('a token signed out is refused by the very next request', async () => {
    const token = await freshToken();
    expect(await me(token)).toBe(200);
    expect(await me(token)).toBe(200); // now remembered
    expect((await s.call('POST', '/api/auth/logout/', { token })).status).toBe(200);
    const res = await s.call('GET', '/api/user/me/', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid token.' });
  });

  it('a token deleted with plain SQL (not through this server) is refused once the database says so', async () => {
    const token = await freshToken();
    expect(await me(token)).toBe(200);
    expect(await me(token)).toBe(200);
    await s.database.db.execute(sql`delete from auth_token where key_hash = ${hashKey(token)}`);
    expect(await eventually(() => me(token), 401, NOTIFIED_WITHIN_MS)).toBe(401);
  });

  it('a changed token row is forgotten as well (the trigger covers UPDATE of the key or owner)', async () => {
    const token = await freshToken();
    expect(await me(token)).toBe(200);
    await s.database.db.execute(sql`update auth_token set key_hash = ${hashKey('0'.repeat(40))} where key_hash = ${hashKey(token)}`);
    expect(await eventually(() => me(token), 401, NOTIFIED_WITHIN_MS)).toBe(401);
  });

  it('other tokens keep working after a revocation', async () => {
    const keep = await freshToken();
    const drop = await freshToken();
    expect(await me(keep)).toBe(200);
    expect((await s.call('POST', '/api/auth/logout/', { token: drop })).status).toBe(200);
    expect(await me(keep)).toBe(200);
    expect(await me(drop)).toBe(401);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('several server processes on one PostgreSQL', () => {
  it('a sign-out on one server is refused by another that had the token remembered', async () => {
    const { base, close } = await s.sibling();
    try {
      const token = await freshToken();
      expect(await me(token, base)).toBe(200);
      expect(await me(token, base)).toBe(200);
      expect((await s.call('POST', '/api/auth/logout/', { token })).status).toBe(200);
      expect(await eventually(() => me(token, base), 401, NOTIFIED_WITHIN_MS)).toBe(401);
    } finally {
      await close();
    }
  });

  it('when the notification connection is lost, tokens are checked against the database again', async () => {
    const token = await freshToken();
    expect(await me(token)).toBe(200);
    const killed = await s.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%'`) as unknown as { rows: unknown[] };
    expect(killed.rows.length).toBeGreaterThan(0);
    // Deleted while nobody listens: no notification will ever say so.
    await s.database.db.execute(sql`delete from auth_token where key_hash = ${hashKey(token)}`);
    expect(await eventually(() => me(token), 401, NOTIFIED_WITHIN_MS)).toBe(401);
    // And the subscription comes back: a new token is remembered and revoked as before.
    const next = await freshToken();
    expect(await me(next)).toBe(200);
    await s.database.db.execute(sql`delete from auth_token where key_hash = ${hashKey(next)}`);
    expect(await eventually(() => me(next), 401, NOTIFIED_WITHIN_MS)).toBe(401);
  });
});
