/** The browser's data provider against the real server: the calls the screens make, end to end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { createDataProvider, type AppDataProvider } from '../../src/dataProvider/createDataProvider';

let s: TestServer;
let dp: AppDataProvider;
beforeAll(async () => {
  s = await startServer();
  const token = await s.login('operator@demo.test');
  dp = createDataProvider({ apiUrl: `${s.url}/api`, getToken: () => token, fetch: (...a) => fetch(...a) });
});
afterAll(() => s?.close());

describe('data provider on the real server', () => {
  it('getList with filters, search, sort and paging; plain arrays for all rows', async () => {
    const page = await dp.getList('product', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'DESC' }, filter: { class: ['3', '8'] } });
    expect(page.total).toBe(4);
    expect(page.data.map((p) => p.name)).toEqual(['Sulphuric Acid', 'Petroleum Crude Oil']);
    const all = await dp.getList('product', { pagination: { page: 1, perPage: 0 }, sort: { field: 'code', order: 'ASC' }, filter: { q: 'sulph', name: ['Sulphur, Molten', 'Sulphuric Acid'] } });
    expect(all.data.map((p) => p.code)).toEqual(['H2SO4', 'SUL']);
    const slim = await dp.getList('product', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {}, meta: { fields: ['name'] } });
    expect(Object.keys(slim.data[0]).sort()).toEqual(['id', 'name', 'version']);
  });

  it('getOne, getMany, getManyReference', async () => {
    expect((await dp.getOne('product', { id: 1 })).data.code).toBe('CRUDE');
    expect((await dp.getMany('product', { ids: [1, 2] })).data.map((p) => p.code).sort()).toEqual(['C3', 'CRUDE']);
    const cn = (await dp.getList('party', { pagination: { page: 1, perPage: 0 }, sort: { field: 'id', order: 'ASC' }, filter: { code: 'CN' } })).data[0];
    const served = await dp.getManyReference('facility', { target: 'serving_railroad', id: cn.id, pagination: { page: 1, perPage: 10 }, sort: { field: 'code', order: 'ASC' }, filter: {} });
    expect(served.data.map((f) => f.code)).toEqual(['FSK', 'SCY']);
  });

  it('create, update of only the changed field, a stale update refused with 409, delete', async () => {
    const { data: created } = await dp.create('product', { data: { name: 'Xylene', code: 'XYL', density: '0.8600' } });
    const { data: updated } = await dp.update('product', { id: created.id, previousData: created, data: { ...created, description: 'Mixed isomers' } });
    expect(updated).toMatchObject({ name: 'Xylene', density: '0.8600', description: 'Mixed isomers', version: 2 });
    const stale = await dp.update('product', { id: created.id, previousData: created, data: { ...created, name: 'Xylenes' } }).catch((e) => e);
    expect(stale.status).toBe(409);
    expect((await dp.getOne('product', { id: created.id })).data.name).toBe('Xylene');
    const admin = createDataProvider({ apiUrl: `${s.url}/api`, getToken: () => adminToken, fetch: (...a) => fetch(...a) });
    const adminToken = await s.login('admin@demo.test');
    await admin.delete('product', { id: created.id, previousData: updated });
    expect(await dp.getOne('product', { id: created.id }).catch((e) => e.status)).toBe(404);
  });

  it('a 400 arrives as field errors for the form', async () => {
    const e = await dp.create('product', { data: { name: '', stcc: 'abc' } }).catch((x) => x);
    expect(e.status).toBe(400);
    expect(e.body.errors).toEqual({ name: 'This field may not be blank.', stcc: 'STCC is 7 digits starting 01-49.' });
  });

  it('count, choices, autocomplete, metadata, options, clone and actions', async () => {
    expect(await dp.count('product', { filter: { class: ['3'] } })).toBe(3);
    const choices = await dp.choices('party', { search: 'rail', selected_ids: [] });
    expect(choices.map((c) => c.label)).toEqual(['BNSF Railway', 'Canadian National Railway']);
    const suggestions = await dp.autocomplete('product', { field: 'packingGroup', input: 'I' });
    expect(suggestions.map((x) => x.value)).toEqual(['I', 'II', 'III']);
    expect(((await dp.metadata('product')) as any).columns.length).toBeGreaterThan(5);
    expect((await dp.options('product'))?.stcc).toMatchObject({ label: 'STCC', max_length: 7 });
    expect((await dp.clone('product', { id: 2, data: { code: 'C3-COPY' } })).data).toMatchObject({ name: 'Propane', code: 'C3-COPY' });
    expect(await dp.callAction('user', { action: 'me', method: 'GET' })).toMatchObject({ email: 'operator@demo.test' });
    const colors = await dp.callAction('product', { action: 'product_colors', method: 'GET' }) as Record<string, string>;
    expect(colors['1']).toBe('#3b3b3b');
    const direct = await s.call('GET', '/api/product/product_colors/', { token: await s.login('operator@demo.test') });
    expect(direct).toMatchObject({ status: 200, body: colors });
  });
});
