/**
 * Nobody acts on an account that holds more than they do (server/auth/account-guard.ts): a site
 * administrator, or a partner company's administrator once the superuser acts for the partner
 * company, cannot take a token for, set the password of, change, delete or copy the superuser or a
 * user with a permission they lack. Tokens for another account only for service accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { DEMO_PASSWORD } from '../../server/seed/demo-data';

let s: TestServer;
let admin: string;
let adminId: number;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
  adminId = (await s.ctxOf('admin@demo.test')).user.id;
}, 120_000);
afterAll(async () => { await s?.close(); });

const REFUSED = [403, 404];

/** Every way the API offers to act on account `id` (and `email`); answers each status by name. */
async function takeoverAttempts(token: string, id: number, email: string): Promise<Record<string, number>> {
  const at = (method: string, path: string, body?: unknown) => s.call(method, path, { token, body }).then((r) => r.status);
  return {
    user_tokens: await at('POST', '/api/user/user_tokens/', { email }),
    regenerate_token: await at('POST', `/api/user/${id}/regenerate_token/`),
    set_password: await at('POST', `/api/user/${id}/set_password/`, { password: 'Taken-over-99' }),
    patch_password: await at('PATCH', `/api/user/${id}/`, { password: 'Taken-over-99' }),
    patch_is_active: await at('PATCH', `/api/user/${id}/`, { is_active: false }),
    patch_email: await at('PATCH', `/api/user/${id}/`, { email: 'mine@attacker.test' }),
    patch_service_account: await at('PATCH', `/api/user/${id}/`, { is_service_account: true }),
    put_name: await at('PUT', `/api/user/${id}/`, { name: 'Mine now' }),
    clone: await at('POST', `/api/user/${id}/clone/`, { email: 'copy-of-victim@attacker.test' }),
    delete: await at('DELETE', `/api/user/${id}/`),
  };
}

function expectAllRefused(statuses: Record<string, number>) {
  for (const [what, status] of Object.entries(statuses)) expect({ what, refused: REFUSED.includes(status) }).toEqual({ what, refused: true });
}

async function expectAdminIntact() {
  expect((await s.call('GET', '/api/user/me/', { token: admin })).body).toMatchObject({ email: 'admin@demo.test', is_superuser: true });
  const fresh = await s.call('POST', '/api/auth/login/', { body: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
  expect(fresh.status).toBe(200);
}

describe('the superuser cannot be taken over', () => {
  it('by the site administrator (change_user): every request is refused and the superuser keeps its password and token', async () => {
    const siteadmin = await s.login('siteadmin@demo.test');
    expectAllRefused(await takeoverAttempts(siteadmin, adminId, 'admin@demo.test'));
    const after = (await s.call('GET', `/api/user/${adminId}/`, { token: admin })).body;
    expect(after).toMatchObject({ email: 'admin@demo.test', is_active: true, name: 'Avery Admin' });
    expect(after.is_service_account).not.toBe(true);
    await expectAdminIntact();
  });

  it('by the partner company\'s administrator after the superuser switched to the partner company', async () => {
    const adminMe = (await s.call('GET', '/api/user/me/', { token: admin })).body;
    const partnerCompany = adminMe.company.companies.find((c: { name: string }) => c.name.startsWith('Northern Refining'));
    const home = adminMe.company.id;
    expect((await s.call('POST', '/api/user/change_company/', { token: admin, body: { company: partnerCompany.id } })).status).toBe(200);
    try {
      const partner = await s.login('partner@partner.test');
      // The superuser now acts for the partner company, so tenancy alone no longer hides it.
      expect((await s.call('GET', `/api/user/${adminId}/`, { token: partner })).status).toBe(200);
      expectAllRefused(await takeoverAttempts(partner, adminId, 'admin@demo.test'));
      await expectAdminIntact();
    } finally {
      await s.call('POST', '/api/user/change_company/', { token: admin, body: { company: home } });
    }
  });

  it('nor a user holding a permission the site administrator lacks', async () => {
    const [addGroup] = (await s.call('GET', '/api/permission/?page_size=0&codename=add_company', { token: admin })).body;
    const created = await s.call('POST', '/api/user/', { token: admin, body: { email: 'groupkeeper@demo.test', name: 'Gail Groupkeeper', password: 'Keeper-pass-1', user_permissions: [addGroup.id] } });
    expect(created.status).toBe(201);
    const siteadmin = await s.login('siteadmin@demo.test');
    expectAllRefused(await takeoverAttempts(siteadmin, created.body.id, 'groupkeeper@demo.test'));
    expect((await s.call('POST', '/api/auth/login/', { body: { email: 'groupkeeper@demo.test', password: 'Keeper-pass-1' } })).status).toBe(200);
  });
});

describe('accounts deleted with their company', () => {
  it('a company administrator cannot delete the company while the superuser acts for it', async () => {
    const adminMe = (await s.call('GET', '/api/user/me/', { token: admin })).body;
    const partnerCompany = adminMe.company.companies.find((c: { name: string }) => c.name.startsWith('Northern Refining'));
    const perms = (await s.call('GET', '/api/permission/?page_size=0&codename=view_company,delete_company', { token: admin })).body;
    const created = await s.call('POST', '/api/user/', { token: admin, body: {
      email: 'closer@partner.test', password: 'Closer-pass-12', company: partnerCompany.id, user_permissions: perms.map((p: { id: number }) => p.id),
    } });
    expect(created.status).toBe(201);
    expect((await s.call('POST', '/api/user/change_company/', { token: admin, body: { company: partnerCompany.id } })).status).toBe(200);
    try {
      const closer = await s.login('closer@partner.test', 'Closer-pass-12');
      expect((await s.call('DELETE', `/api/company/${partnerCompany.id}/`, { token: closer })).status).toBe(403);
      await expectAdminIntact();
    } finally {
      await s.call('POST', '/api/user/change_company/', { token: admin, body: { company: adminMe.company.id } });
    }
  });
});

describe('what stays allowed', () => {
  it('the site administrator changes, sets the password of and copies a user with fewer rights', async () => {
    const siteadmin = await s.login('siteadmin@demo.test');
    const opId = (await s.ctxOf('operator@demo.test')).user.id;
    expect((await s.call('PATCH', `/api/user/${opId}/`, { token: siteadmin, body: { telephone: '780-555-0100' } })).status).toBe(200);
    expect((await s.call('POST', `/api/user/${opId}/clone/`, { token: siteadmin, body: { email: 'operator2@demo.test' } })).status).toBe(201);
    expect((await s.call('POST', `/api/user/${opId}/set_password/`, { token: siteadmin, body: { password: 'Brand-new-pass-1' } })).status).toBe(200);
    expect((await s.call('POST', '/api/auth/login/', { body: { email: 'operator@demo.test', password: 'Brand-new-pass-1' } })).status).toBe(200);
  });

  it('tokens are issued for a service account, never for a person\'s account', async () => {
    const siteadmin = await s.login('siteadmin@demo.test');
    const svc = await s.call('POST', '/api/user/', { token: siteadmin, body: { email: 'erp-feed@demo.test', name: 'ERP feed', is_service_account: true } });
    expect(svc.status).toBe(201);
    const issued = await s.call('POST', '/api/user/user_tokens/', { token: siteadmin, body: { email: 'erp-feed@demo.test' } });
    expect(issued).toMatchObject({ status: 200, body: { user: svc.body.id } });
    expect((await s.call('GET', '/api/user/me/', { token: issued.body.key })).body.email).toBe('erp-feed@demo.test');
    const regenerated = await s.call('POST', `/api/user/${svc.body.id}/regenerate_token/`, { token: siteadmin });
    expect(regenerated.body.key).toMatch(/^[0-9a-f]{40}$/);

    const person = await s.call('POST', '/api/user/user_tokens/', { token: siteadmin, body: { email: 'driver@demo.test' } });
    expect(person.status).toBe(403);
    expect((await s.call('POST', '/api/user/user_tokens/', { token: admin, body: { email: 'driver@demo.test' } })).status).toBe(403);
  });

  it('only a superuser turns an existing account into a service account', async () => {
    const siteadmin = await s.login('siteadmin@demo.test');
    const driverId = (await s.ctxOf('driver@demo.test')).user.id;
    expect((await s.call('PATCH', `/api/user/${driverId}/`, { token: siteadmin, body: { is_service_account: true } })).status).toBe(403);
    expect((await s.call('PATCH', `/api/user/${driverId}/`, { token: admin, body: { is_service_account: true } })).body).toMatchObject({ is_service_account: true });
    expect((await s.call('POST', '/api/user/user_tokens/', { token: siteadmin, body: { email: 'driver@demo.test' } })).status).toBe(200);
  });
});

describe('the permission table and groups', () => {
  it('nobody renames, creates or deletes a permission through the API: what it grants comes from the declarations', async () => {
    const admin = await s.login('admin@demo.test');
    const [perm] = (await s.call('GET', '/api/permission/?codename=view_product', { token: admin })).body.results;
    for (const body of [{ codename: 'add_company' }, { content_type: 'accounts.company' }]) {
      const res = await s.call('PATCH', `/api/permission/${perm.id}/`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(res.body).flat()).toEqual(['This field is read-only.']);
    }
    expect((await s.call('POST', '/api/permission/', { token: admin, body: { name: 'Rogue' } })).status).toBe(400);
    expect((await s.call('DELETE', `/api/permission/${perm.id}/`, { token: admin })).status).toBe(400);
    expect((await s.call('GET', `/api/permission/${perm.id}/`, { token: admin })).body).toMatchObject({ codename: 'view_product' });
    expect((await s.call('PATCH', `/api/permission/${perm.id}/`, { token: admin, body: { name: 'Can view products' } })).status).toBe(200);
  });

  it('a group is changed or deleted only by someone holding every permission it gives', async () => {
    const admin = await s.login('admin@demo.test');
    const siteadmin = await s.login('siteadmin@demo.test');
    const perms = (await s.call('GET', '/api/permission/?page_size=0&codename=add_company,view_product', { token: admin })).body;
    const strong = await s.call('POST', '/api/groups/', { token: admin, body: { name: 'Platform billing', permissions: perms.map((p: any) => p.id) } });
    expect(strong.status, strong.text).toBe(201);
    const weak = await s.call('POST', '/api/groups/', { token: admin, body: { name: 'Product readers', permissions: perms.filter((p: any) => p.codename === 'view_product').map((p: any) => p.id) } });
    // The site administrator is given the right to change and delete groups.
    const groupPerms = (await s.call('GET', '/api/permission/?page_size=0&codename=change_group,delete_group', { token: admin })).body;
    const me = (await s.call('GET', '/api/user/me/', { token: siteadmin })).body;
    const given = await s.call('PATCH', `/api/user/${me.id}/`, { token: admin, body: { user_permissions: groupPerms.map((p: any) => p.id) } });
    expect(given.status, given.text).toBe(200);
    // The site administrator may change groups, but not this one: it gives add_company.
    for (const [method, body] of [['PATCH', { permissions: [] }], ['PATCH', { name: 'Renamed' }], ['DELETE', undefined]] as const) {
      const res = await s.call(method, `/api/groups/${strong.body.id}/`, { token: siteadmin, body });
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(403);
    }
    expect((await s.call('GET', `/api/groups/${strong.body.id}/`, { token: admin })).body).toMatchObject({ name: 'Platform billing', permissions: strong.body.permissions });
    expect((await s.call('PATCH', `/api/groups/${weak.body.id}/`, { token: siteadmin, body: { name: 'Product viewers' } })).status).toBe(200);
  });
});
