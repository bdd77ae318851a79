/**
 * A plain PATCH runs as an UPDATE prepared once per shape (server/engine/update-statement.ts).
 * The same shape used again with other values, NULLs, versions and another company's row must all
 * behave exactly like a freshly built statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let op: string;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  op = await s.login('operator@demo.test');
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

const mine = async () => (await s.call('GET', '/api/product/?page_size=0&ordering=code', { token: op })).body as any[];

describe('PATCH through prepared statements', () => {
  it('reuses a shape with other values and rows, and writes NULL as NULL', async () => {
    const [a, b] = await mine();
    for (const [row, text] of [[a, 'first'], [b, 'second'], [a, 'third']] as const) {
      const res = await s.call('PATCH', `/api/product/${row.id}/`, { token: op, body: { description: text, density: '1.0000' } });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ id: row.id, description: text, density: '1.0000' });
    }
    for (const row of [a, b]) {
      const res = await s.call('PATCH', `/api/product/${row.id}/`, { token: op, body: { description: null, density: null } });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ description: null, density: null });
      const again = await s.call('GET', `/api/product/${row.id}/`, { token: op });
      expect(again.body).toMatchObject({ description: null, density: null });
    }
  });

  it('checks the version on every use of a versioned shape', async () => {
    const [a] = await mine();
    const ok = await s.call('PATCH', `/api/product/${a.id}/`, { token: op, body: { version: a.version, name: 'Renamed once' } });
    expect(ok.status, ok.text).toBe(200);
    const stale = await s.call('PATCH', `/api/product/${a.id}/`, { token: op, body: { version: a.version, name: 'Renamed twice' } });
    expect(stale.status).toBe(409);
    const current = await s.call('PATCH', `/api/product/${a.id}/`, { token: op, body: { version: ok.body.version, name: 'Renamed twice' } });
    expect(current.status, current.text).toBe(200);
    expect(current.body.version).toBe(ok.body.version + 1);
  });

  it('keeps tenancy: another company\'s row is not found, for the same shape', async () => {
    const all = (await s.call('GET', '/api/product/?page_size=0', { token: admin })).body as any[];
    const ours = new Set((await mine()).map((p) => p.id));
    const foreign = all.find((p) => !ours.has(p.id));
    expect(foreign).toBeDefined();
    const res = await s.call('PATCH', `/api/product/${foreign.id}/`, { token: op, body: { description: 'not mine' } });
    expect(res.status).toBe(404);
    const unchanged = await s.call('GET', `/api/product/${foreign.id}/`, { token: admin });
    expect(unchanged.body.description).not.toBe('not mine');
    // The superuser's shape has no tenancy condition.
    const su = await s.call('PATCH', `/api/product/${foreign.id}/`, { token: admin, body: { description: 'by the superuser' } });
    expect(su.status, su.text).toBe(200);
    expect(su.body.description).toBe('by the superuser');
  });
});
