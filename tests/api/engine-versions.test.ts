/** No lost updates: versions in the body or If-Match refuse stale writes, also under concurrency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let op: string;
let admin: string;
const fresh = async (name: string) => (await s.call('POST', '/api/product/', { token: op, body: { name } })).body;

beforeAll(async () => {
  s = await startServer();
  op = await s.login('operator@demo.test');
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

describe('versions', () => {
  it('a PATCH naming an older version answers 409 and changes nothing', async () => {
    const p = await fresh('V1');
    expect((await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { version: 1, description: 'first' } })).body.version).toBe(2);
    const stale = await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { version: 1, description: 'second' } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('changed by someone else');
    const now = await s.call('GET', `/api/product/${p.id}/`, { token: op });
    expect(now.body).toMatchObject({ description: 'first', version: 2 });
  });

  it('If-Match with an old version answers 412; with the current one it applies', async () => {
    const p = await fresh('V2');
    await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { description: 'x' } });
    const stale = await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { description: 'y' }, headers: { 'if-match': 'W/"1"' } });
    expect(stale.status).toBe(412);
    const ok = await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { description: 'y' }, headers: { 'if-match': 'W/"2"' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe('W/"3"');
  });

  it('a PATCH without a version still applies', async () => {
    const p = await fresh('V3');
    const res = await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { description: 'no version' } });
    expect(res.body).toMatchObject({ description: 'no version', version: 2 });
  });

  it('a DELETE naming an old version answers 409 and keeps the record', async () => {
    const p = await fresh('V4');
    await s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { description: 'changed' } });
    const del = await s.call('DELETE', `/api/product/${p.id}/`, { token: admin, body: { version: 1 } });
    expect(del.status).toBe(409);
    expect((await s.call('GET', `/api/product/${p.id}/`, { token: op })).status).toBe(200);
    expect((await s.call('DELETE', `/api/product/${p.id}/`, { token: admin, body: { version: 2 } })).status).toBe(204);
  });

  it('two concurrent PATCHes from the same version: exactly one wins', async () => {
    const p = await fresh('V5');
    const results = await Promise.all(['alpha', 'beta', 'gamma'].map((d) =>
      s.call('PATCH', `/api/product/${p.id}/`, { token: op, body: { version: 1, description: d } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.description;
    const now = await s.call('GET', `/api/product/${p.id}/`, { token: op });
    expect(now.body).toMatchObject({ version: 2, description: winner });
  });

  it('deleting a party that a facility names as its railroad clears that optional reference', async () => {
    const party = (await s.call('POST', '/api/party/', { token: admin, body: { name: 'Rail Co', party_type: 'railroad' } })).body;
    const yard = (await s.call('POST', '/api/facility/', { token: admin, body: { name: 'Yard', serving_railroad: party.id } })).body;
    expect((await s.call('DELETE', `/api/party/${party.id}/`, { token: admin })).status).toBe(204);
    expect((await s.call('GET', `/api/facility/${yard.id}/`, { token: admin })).body.serving_railroad).toBeNull();
  });
});
