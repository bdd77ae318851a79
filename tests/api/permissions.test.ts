/** The server enforces the codenames of every operation and refuses grants of what one does not hold. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let driver: string;
let siteadmin: string;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  [driver, siteadmin, admin] = await Promise.all(['driver@demo.test', 'siteadmin@demo.test', 'admin@demo.test'].map((e) => s.login(e)));
});
afterAll(() => s?.close());

describe('permissions', () => {
  it('the driver views products but may not add, change, clone or delete them', async () => {
    expect((await s.call('GET', '/api/product/', { token: driver })).status).toBe(200);
    expect((await s.call('GET', '/api/product/1/', { token: driver })).status).toBe(200);
    expect((await s.call('POST', '/api/product/', { token: driver, body: { name: 'X' } })).status).toBe(403);
    expect((await s.call('PATCH', '/api/product/1/', { token: driver, body: { name: 'X' } })).status).toBe(403);
    expect((await s.call('POST', '/api/product/1/clone/', { token: driver })).status).toBe(403);
    expect((await s.call('DELETE', '/api/product/1/', { token: driver })).status).toBe(403);
    expect((await s.call('GET', '/api/product/1/', { token: admin })).body.name).toBe('Petroleum Crude Oil');
  });

  it('the driver has no configuration codes and no user administration', async () => {
    const me = (await s.call('GET', '/api/user/me/', { token: driver })).body;
    const codes = me.user_access.flatMap((a: any) => a.models.flatMap((m: any) => m.codenames));
    expect(codes.filter((c: string) => c.startsWith('configuration__'))).toEqual([]);
    expect((await s.call('GET', '/api/user/', { token: driver })).status).toBe(403);
    expect((await s.call('POST', '/api/user/user_tokens/', { token: driver, body: { email: 'driver@demo.test' } })).status).toBe(403);
  });

  it('a company administrator cannot grant permissions it does not hold, directly or through a group', async () => {
    const perms = (await s.call('GET', '/api/permission/?page_size=0&codename=add_company,view_product', { token: admin })).body;
    const addCompany = perms.find((p: any) => p.codename === 'add_company').id;
    const viewProduct = perms.find((p: any) => p.codename === 'view_product').id;
    const me = (await s.call('GET', '/api/user/me/', { token: driver })).body;
    const denied = await s.call('PATCH', `/api/user/${me.id}/`, { token: siteadmin, body: { user_permissions: [addCompany] } });
    expect(denied).toMatchObject({ status: 400, body: { user_permissions: ['You cannot grant permissions you do not hold: add_company.'] } });
    expect((await s.call('PATCH', `/api/user/${me.id}/`, { token: siteadmin, body: { user_permissions: [viewProduct] } })).status).toBe(200);
    const group = (await s.call('POST', '/api/groups/', { token: admin, body: { name: 'Company creators', permissions: [addCompany] } })).body;
    const viaGroup = await s.call('PATCH', `/api/user/${me.id}/`, { token: siteadmin, body: { groups: [group.id] } });
    expect(viaGroup.status).toBe(400);
    expect(viaGroup.body.groups[0]).toContain('add_company');
  });

  it('a new permission takes effect for the user at once on this server', async () => {
    const perms = (await s.call('GET', '/api/permission/?page_size=0&codename=view_party', { token: admin })).body;
    const me = (await s.call('GET', '/api/user/me/', { token: driver })).body;
    expect((await s.call('GET', '/api/party/', { token: driver })).status).toBe(403);
    await s.call('PATCH', `/api/user/${me.id}/`, { token: admin, body: { user_permissions: [perms[0].id] } });
    expect((await s.call('GET', '/api/party/', { token: driver })).status).toBe(200);
  });

  it('nobody deletes their own account', async () => {
    const me = (await s.call('GET', '/api/user/me/', { token: siteadmin })).body;
    expect((await s.call('DELETE', `/api/user/${me.id}/`, { token: siteadmin })).body).toEqual({ non_field_errors: ['You cannot delete your own account.'] });
  });
});
