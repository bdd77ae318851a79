/** The generic contract on a real resource (product): list, retrieve, create, update, delete, clone, count. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let op: string;
beforeAll(async () => {
  s = await startServer();
  op = await s.login('operator@demo.test');
});
afterAll(() => s?.close());

describe('product CRUD through the engine', () => {
  it('lists paged with count/next/previous and honours ordering', async () => {
    const res = await s.call('GET', '/api/product/?page_size=3&ordering=-name', { token: op });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(9);
    expect(res.body.results.map((p: any) => p.name)).toEqual(['Wheat', 'Sulphuric Acid', 'Sulphur, Molten']);
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toContain('page=2');
    const page3 = await s.call('GET', '/api/product/?page_size=3&ordering=-name&page=3', { token: op });
    expect(page3.body.results.map((p: any) => p.name)).toEqual(['Diesel Fuel', 'Canola Oil', 'Butane']);
    expect(page3.body.next).toBeNull();
  });

  it('page_size=0 answers every row as a plain array', async () => {
    const res = await s.call('GET', '/api/product/?page_size=0', { token: op });
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(9);
  });

  it('fields= limits each row to the named fields plus id and version', async () => {
    const res = await s.call('GET', '/api/product/?page_size=0&fields=name,code&ordering=code', { token: op });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body[0]).sort()).toEqual(['code', 'id', 'name', 'version']);
    const bad = await s.call('GET', '/api/product/?fields=name,nope', { token: op });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(['Unknown field "nope".']);
  });

  it('creates with defaults (201), stores exact decimals, and retrieves with an ETag', async () => {
    const res = await s.call('POST', '/api/product/', { token: op, body: { name: 'Asphalt', code: 'ASPH', density: '1.0312', stcc: '2911415' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Asphalt', density: '1.0312', enabled: true, color: '#1f77b4', version: 1 });
    const got = await s.call('GET', `/api/product/${res.body.id}/`, { token: op });
    expect(got.status).toBe(200);
    expect(got.headers.get('etag')).toBe('W/"1"');
    expect(got.body.company).toBe(res.body.company);
  });

  it('PATCH changes only the fields sent and bumps the version', async () => {
    const created = (await s.call('POST', '/api/product/', { token: op, body: { name: 'Toluene', code: 'TOL', unCode: 'UN1294', class: '3' } })).body;
    const res = await s.call('PATCH', `/api/product/${created.id}/`, { token: op, body: { id: created.id, description: 'Solvent grade' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Toluene', unCode: 'UN1294', description: 'Solvent grade', version: 2 });
  });

  it('clones a record with its values, making unique codes distinct', async () => {
    const res = await s.call('POST', '/api/product/1/clone/', { token: op });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Petroleum Crude Oil');
    expect(res.body.code).toBe('CRUDE (copy)');
    expect(res.body.id).not.toBe(1);
  });

  it('counts with filters', async () => {
    const res = await s.call('GET', '/api/product/count/?class=3', { token: op });
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(3);
  });

  it('deletes with 204 and then answers 404', async () => {
    const created = (await s.call('POST', '/api/product/', { token: op, body: { name: 'Temp' } })).body;
    const admin = await s.login('siteadmin@demo.test');
    const del = await s.call('DELETE', `/api/product/${created.id}/`, { token: admin });
    expect(del.status).toBe(204);
    expect((await s.call('GET', `/api/product/${created.id}/`, { token: admin })).status).toBe(404);
  });
});
