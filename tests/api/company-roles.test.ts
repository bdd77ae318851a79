/**
 * Roles (docs/security.md, Groups and Platform rows): the platform's groups are every company's to
 * hold and platform staff's alone to change; a company's administrator makes, changes, copies and
 * deletes his company's own roles, which no other company sees, holds or changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let siteadmin: string;
let partner: string;
const PLATFORM_ONLY = "This is one of the platform's records, which every company shares: only platform staff change it. Copy it to make your company's own.";

beforeAll(async () => {
  s = await startServer();
  [admin, siteadmin, partner] = await Promise.all(['admin@demo.test', 'siteadmin@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
}, 120_000);
afterAll(async () => { await s?.close(); });

const groups = async (token: string) => (await s.call('GET', '/api/groups/?page_size=0', { token })).body as { id: number; name: string; company: number | null; permissions: number[] }[];
const permIds = async (codenames: string) => ((await s.call('GET', `/api/permission/?page_size=0&codename=${codenames}`, { token: admin })).body as { id: number }[]).map((p) => p.id);

describe('company roles beside the platform groups', () => {
  it('the role groups are the platform\'s: read by every company, changed by platform staff only', async () => {
    const platform = (await groups(siteadmin)).filter((g) => g.company === null).map((g) => g.name).sort();
    expect(platform).toEqual(['Carrier/Dispatch', 'Driver', 'Operator', 'Site Administration']);
    const driver = (await groups(siteadmin)).find((g) => g.name === 'Driver')!;
    for (const [method, body] of [['PATCH', { permissions: [] }], ['PATCH', { name: 'Drivers' }], ['DELETE', undefined]] as const) {
      for (const token of [siteadmin, partner]) {
        const res = await s.call(method, `/api/groups/${driver.id}/`, { token, body });
        expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(403);
        expect(res.body.detail).toBe(PLATFORM_ONLY);
      }
    }
    expect((await s.call('GET', `/api/groups/${driver.id}/`, { token: admin })).body).toMatchObject({ name: 'Driver', permissions: driver.permissions });
    // Nor does a company make a platform group: the company of a row is not his to write.
    const made = await s.call('POST', '/api/groups/', { token: siteadmin, body: { name: 'Everyone\'s loaders', company: null } });
    expect(made.status).toBe(400);
    expect(Object.keys(made.body)).toEqual(['company']);
    expect((await groups(admin)).some((g) => g.name === 'Everyone\'s loaders')).toBe(false);
    // Platform staff do, and change one.
    const platformMade = await s.call('POST', '/api/groups/', { token: admin, body: { name: 'Auditors', company: null, permissions: await permIds('view_crudevent') } });
    expect(platformMade.status, platformMade.text).toBe(201);
    expect(platformMade.body.company).toBeNull();
    expect((await s.call('PATCH', `/api/groups/${platformMade.body.id}/`, { token: admin, body: { name: 'Record auditors' } })).status).toBe(200);
    expect((await groups(partner)).some((g) => g.name === 'Record auditors')).toBe(true);
    expect((await s.call('POST', '/api/groups/', { token: admin, body: { name: 'record AUDITORS', company: null } })).body).toEqual({ name: ['Another platform group has this name.'] });
  });

  it("a company's own role is its own: made, renamed, copied and deleted by its administrator, unseen by others", async () => {
    const made = await s.call('POST', '/api/groups/', { token: siteadmin, body: { name: 'Rack loaders', permissions: await permIds('view_product,access_menu__reports') } });
    expect(made.status, made.text).toBe(201);
    const terminal = (await s.ctxOf('siteadmin@demo.test')).user.companyId;
    expect(made.body.company).toBe(terminal);
    expect((await s.call('PATCH', `/api/groups/${made.body.id}/`, { token: siteadmin, body: { name: 'Rack loaders (day)' } })).status).toBe(200);
    // The partner company neither sees, reads, changes, holds nor copies it.
    expect((await groups(partner)).some((g) => g.id === made.body.id)).toBe(false);
    for (const [method, path, body] of [['GET', '', undefined], ['PATCH', '', { name: 'Ours' }], ['DELETE', '', undefined], ['POST', 'clone/', {}]] as const) {
      expect((await s.call(method, `/api/groups/${made.body.id}/${path}`, { token: partner, body })).status, `${method} ${path}`).toBe(404);
    }
    const partnerMe = (await s.call('GET', '/api/user/me/', { token: partner })).body;
    const held = await s.call('PATCH', `/api/user/${partnerMe.id}/`, { token: partner, body: { groups: [made.body.id] } });
    expect(held.status).toBe(400);
    expect(held.body.groups[0]).toContain('object does not exist');
    // The same name is free in another company.
    expect((await s.call('POST', '/api/groups/', { token: partner, body: { name: 'Rack loaders (day)' } })).status).toBe(201);
    // A copy of a platform group is the company's own, with the same permissions, and changeable.
    const operator = (await groups(siteadmin)).find((g) => g.name === 'Operator')!;
    const copy = await s.call('POST', `/api/groups/${operator.id}/clone/`, { token: siteadmin, body: { name: 'Night operators' } });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ company: terminal, name: 'Night operators' });
    expect([...copy.body.permissions].sort()).toEqual([...operator.permissions].sort());
    expect((await s.call('PATCH', `/api/groups/${copy.body.id}/`, { token: siteadmin, body: { permissions: operator.permissions.slice(1) } })).status).toBe(200);
    expect((await s.call('DELETE', `/api/groups/${made.body.id}/`, { token: siteadmin })).status).toBe(204);
  });

  it("a company's role never takes a role's name: role checks read group names", async () => {
    for (const name of ['Site Administration', 'driver', ' Operator ']) {
      const res = await s.call('POST', '/api/groups/', { token: siteadmin, body: { name } });
      expect(res.status, name).toBe(400);
      expect(res.body.name).toEqual(["This is the name of one of the platform's roles: give your company's role a name of its own."]);
    }
    const mine = await s.call('POST', '/api/groups/', { token: siteadmin, body: { name: 'Weighbridge' } });
    expect((await s.call('PATCH', `/api/groups/${mine.body.id}/`, { token: siteadmin, body: { name: 'Carrier/Dispatch' } })).status).toBe(400);
    expect((await groups(siteadmin)).filter((g) => g.name === 'Carrier/Dispatch')).toHaveLength(1);
  });
});
