/** A user sees and touches only the rows of the company it acts for; other rows do not exist for it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let partner: string;
let op: string;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  partner = await s.login('partner@partner.test');
  op = await s.login('operator@demo.test');
  admin = await s.login('admin@demo.test');
});
afterAll(() => s?.close());

const names = (rows: any[]) => rows.map((r) => r.name).sort();

describe('tenancy', () => {
  it('lists, counts, choices, autocomplete and exports show only the own company', async () => {
    const list = await s.call('GET', '/api/product/?page_size=0', { token: partner });
    expect(names(list.body)).toEqual(['Butane', 'Petroleum Crude Oil', 'Propane']);
    expect((await s.call('GET', '/api/product/count/', { token: partner })).body.count).toBe(3);
    expect((await s.call('GET', '/api/product/choices/', { token: partner })).body).toHaveLength(3);
    const suggestions = await s.call('GET', '/api/product/autocomplete/?field=name&input=', { token: partner });
    expect(suggestions.body.map((x: any) => x.value).sort()).toEqual(['Butane', 'Petroleum Crude Oil', 'Propane']);
    const csv = await s.call('POST', '/api/product/download_table/', { token: partner, body: {} });
    expect(csv.text.split('\r\n')).toHaveLength(5);
    const parties = await s.call('GET', '/api/party/?page_size=0', { token: partner });
    expect(parties.body).toHaveLength(2);
  });

  it("another company's row answers 404 to GET, PATCH, DELETE and clone", async () => {
    const own = (await s.call('GET', '/api/product/?page_size=0&code=CRUDE', { token: op })).body[0];
    const before = (await s.call('GET', `/api/product/${own.id}/`, { token: op })).body;
    for (const [method, path, body] of [['GET', `/api/product/${own.id}/`], ['PATCH', `/api/product/${own.id}/`, { description: 'x' }], ['DELETE', `/api/product/${own.id}/`], ['POST', `/api/product/${own.id}/clone/`]] as const) {
      const res = await s.call(method, path, { token: partner, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
    const after = (await s.call('GET', `/api/product/${own.id}/`, { token: op })).body;
    expect(after).toEqual(before);
  });

  it("a reference to another company's record is refused as if it did not exist", async () => {
    const foreign = (await s.call('GET', '/api/party/?page_size=0&code=CN', { token: op })).body[0];
    const res = await s.call('POST', '/api/facility/', { token: partner, body: { name: 'Partner yard', serving_railroad: foreign.id } });
    expect(res).toMatchObject({ status: 400, body: { serving_railroad: [`Invalid pk "${foreign.id}" - object does not exist.`] } });
  });

  it('new rows belong to the current company; a company the user does not belong to cannot be named', async () => {
    const created = (await s.call('POST', '/api/party/', { token: partner, body: { name: 'Partner broker', party_type: 'customs_broker' } })).body;
    const me = (await s.call('GET', '/api/user/me/', { token: partner })).body;
    expect(created.company).toBe(me.company.id);
    const opCompany = (await s.call('GET', '/api/user/me/', { token: op })).body.company.id;
    const res = await s.call('POST', '/api/party/', { token: partner, body: { name: 'Sneaky', party_type: 'other', company: opCompany } });
    expect(res.status).toBe(400);
  });

  it('change_company switches what lists show, only to companies the user belongs to', async () => {
    const meOp = (await s.call('GET', '/api/user/me/', { token: op })).body;
    const mePartner = (await s.call('GET', '/api/user/me/', { token: partner })).body;
    const refused = await s.call('POST', '/api/user/change_company/', { token: op, body: { company: mePartner.company.id } });
    expect(refused).toMatchObject({ status: 400, body: { company: [`Invalid pk "${mePartner.company.id}" - object does not exist.`] } });

    // The administrator lets the operator work for the partner company too.
    expect((await s.call('PATCH', `/api/user/${meOp.id}/`, { token: admin, body: { companies: [meOp.company.id, mePartner.company.id] } })).status).toBe(200);
    const switched = await s.call('POST', '/api/user/change_company/', { token: op, body: { company: mePartner.company.id } });
    expect(switched.status).toBe(200);
    expect(switched.body.company.id).toBe(mePartner.company.id);
    expect(switched.body.company.companies.map((c: any) => c.id).sort()).toEqual([meOp.company.id, mePartner.company.id].sort());
    expect(names((await s.call('GET', '/api/product/?page_size=0', { token: op })).body)).toEqual(['Butane', 'Petroleum Crude Oil', 'Propane']);
    await s.call('POST', '/api/user/change_company/', { token: op, body: { company: meOp.company.id } });
    expect((await s.call('GET', '/api/product/count/', { token: op })).body.count).toBeGreaterThan(3);
  });

  it('the superuser sees every company', async () => {
    const all = await s.call('GET', '/api/product/count/', { token: admin });
    const own = await s.call('GET', '/api/product/count/', { token: op });
    expect(all.body.count).toBe(own.body.count + 3);
  });
});
