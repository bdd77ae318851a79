/**
 * What a tenant may not do to itself or see of others (docs/security.md): staff-only company fields,
 * company feature subscriptions enforced by the server, and reference labels: what a user may read
 * names what it references, without listing what it may not (docs/security.md, Reference labels).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { registry } from '../../src/resources/index';
import { TB_TICKET } from '../../src/resources/terminal/common';
import { can } from '../../server/engine/operations';

let s: TestServer;
let admin: string;
let siteadmin: string;
let driver: string;
let demoCompany: { id: number; name: string; features: { name: string; subscribed: boolean }[]; version: number };

beforeAll(async () => {
  s = await startServer();
  [admin, siteadmin, driver] = await Promise.all(['admin@demo.test', 'siteadmin@demo.test', 'driver@demo.test'].map((e) => s.login(e)));
  const me = (await s.call('GET', '/api/user/me/', { token: siteadmin })).body;
  demoCompany = (await s.call('GET', `/api/company/${me.company.id}/`, { token: admin })).body;
});
afterAll(() => s?.close());

describe('staff-only company fields', () => {
  it('a company administrator may not rename its company, change its subscription or its features', async () => {
    const url = `/api/company/${demoCompany.id}/`;
    for (const body of [{ name: 'Platform Operations' }, { name: 'Renamed' }, { subscribed: false }, { features: [{ name: 'customs', subscribed: false }] }]) {
      const res = await s.call('PATCH', url, { token: siteadmin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ [Object.keys(body)[0]]: ['This field is read-only.'] });
    }
    const after = (await s.call('GET', url, { token: admin })).body;
    expect(after).toMatchObject({ name: demoCompany.name, subscribed: true, features: demoCompany.features, version: demoCompany.version });
  });

  it('the same administrator still edits the company fields that are its own', async () => {
    const res = await s.call('PATCH', `/api/company/${demoCompany.id}/`, { token: siteadmin, body: { address: '1 Terminal Road' } });
    expect(res.status).toBe(200);
    expect(res.body.address).toBe('1 Terminal Road');
  });

  it('the form description tells each user which fields they may write', async () => {
    const tenant = (await s.call('OPTIONS', '/api/company/', { token: siteadmin })).body.actions.PUT;
    const staff = (await s.call('OPTIONS', '/api/company/', { token: admin })).body.actions.PUT;
    for (const f of ['name', 'subscribed', 'features']) {
      expect(tenant[f].read_only, f).toBe(true);
      expect(staff[f].read_only, f).toBe(false);
    }
    expect(tenant.address.read_only).toBe(false);
    const form = (await s.call('GET', '/api/company/form_configuration/', { token: siteadmin })).body;
    const name = form.sections.flatMap((x: any) => x.fields).find((f: any) => f.name === 'name');
    expect(name.read_only).toBe(true);
  });

  it('platform staff change them', async () => {
    const res = await s.call('PATCH', `/api/company/${demoCompany.id}/`, { token: admin, body: { name: `${demoCompany.name} Ltd` } });
    expect(res.status).toBe(200);
    const back = await s.call('PATCH', `/api/company/${demoCompany.id}/`, { token: admin, body: { name: demoCompany.name } });
    expect(back.body.name).toBe(demoCompany.name);
  });
});

describe('company feature subscriptions', () => {
  const setFeatures = async (features: { name: string; subscribed: boolean }[]) => {
    const res = await s.call('PATCH', `/api/company/${demoCompany.id}/`, { token: admin, body: { features } });
    expect(res.status).toBe(200);
  };
  const withoutTerminal = () => demoCompany.features.map((f) => (f.name === 'terminalboss' ? { ...f, subscribed: false } : f));

  it('every route of a terminal resource is refused once the company no longer subscribes to the terminal', async () => {
    const ticket = (await s.call('GET', `/api/${TB_TICKET}/?page_size=1`, { token: siteadmin })).body.results[0];
    expect(ticket).toBeTruthy();
    await setFeatures(withoutTerminal());
    try {
      const refused = [
        ['GET', `/api/${TB_TICKET}/`], ['GET', `/api/${TB_TICKET}/${ticket.id}/`], ['GET', `/api/${TB_TICKET}/count/`],
        ['GET', `/api/${TB_TICKET}/autocomplete/?field=ticket_number`], ['GET', `/api/${TB_TICKET}/choices/`],
        ['POST', `/api/${TB_TICKET}/download_table/`], ['PATCH', `/api/${TB_TICKET}/${ticket.id}/`],
        ['GET', `/api/${TB_TICKET}/${ticket.id}/print/`], ['GET', `/api/${TB_TICKET}/metadata/`],
        ['GET', '/api/terminalboss/v3/driver/'], ['GET', '/api/certificatetype/'],
      ] as const;
      for (const [method, path] of refused) {
        const res = await s.call(method, path, { token: siteadmin, body: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.detail, `${method} ${path}`).toBe('Your company does not subscribe to the terminalboss feature.');
      }
      // What the company does subscribe to stays open.
      expect((await s.call('GET', '/api/fleet/car/', { token: siteadmin })).status).not.toBe(403);
      expect((await s.call('GET', '/api/product/', { token: siteadmin })).status).toBe(200);
      // The superuser is platform staff and passes.
      expect((await s.call('GET', `/api/${TB_TICKET}/${ticket.id}/`, { token: admin })).status).toBe(200);
    } finally {
      await setFeatures(demoCompany.features);
    }
    expect((await s.call('GET', `/api/${TB_TICKET}/${ticket.id}/`, { token: siteadmin })).status).toBe(200);
  });

  it('the profile the screens guard with carries the same features', async () => {
    await setFeatures(withoutTerminal());
    try {
      const me = (await s.call('GET', '/api/user/me/', { token: siteadmin })).body;
      expect(me.company.features.find((f: any) => f.name === 'terminalboss').subscribed).toBe(false);
    } finally {
      await setFeatures(demoCompany.features);
    }
  });
});

describe('reference labels: what a user may read names what it references, and nothing more', () => {
  const fields = ['driver', 'shipper', 'carrier', 'vehicle', 'source_location', 'created_by_server'];
  const ticket = registry.get(TB_TICKET)!;

  it('the driver\'s column values name only what his own loads reference, though he may not list those resources', async () => {
    const ctx = await s.ctxOf('driver@demo.test');
    const own = (await s.call('GET', `/api/${TB_TICKET}/?page_size=0`, { token: driver })).body as Record<string, unknown>[];
    expect(own.length).toBeGreaterThan(0);
    let unlisted = 0;
    for (const field of fields) {
      const f = ticket.fields[field];
      if (f.kind !== 'ref') throw new Error(`${field} is not a reference`);
      const target = registry.get(f.to)!;
      const res = await s.call('GET', `/api/${TB_TICKET}/autocomplete/?field=${field}`, { token: driver });
      expect(res.status, field).toBe(200);
      const referenced = new Set(own.map((x) => x[field]).filter(Boolean));
      for (const v of res.body) expect(referenced.has(v.value), `${field} ${v.label}`).toBe(true);
      expect(res.body.length, field).toBe(referenced.size);
      if (!can(ctx, target, 'view')) {
        unlisted++;
        expect((await s.call('GET', `/api/${target.name}/`, { token: driver })).status, target.name).toBe(403);
      }
      const staff = await s.call('GET', `/api/${TB_TICKET}/autocomplete/?field=${field}`, { token: admin });
      expect(staff.status, field).toBe(200);
      expect(staff.body.length, field).toBeGreaterThanOrEqual(res.body.length);
    }
    // The demo driver may list none of the companies, vehicles and locations named on his tickets.
    expect(unlisted).toBeGreaterThanOrEqual(3);
    const drivers = (await s.call('GET', `/api/${TB_TICKET}/autocomplete/?field=driver`, { token: driver })).body;
    expect(drivers).toHaveLength(1);
  });

  it('a CSV export holds only the driver\'s own loads, with the names of what they reference', async () => {
    const own = ((await s.call('GET', `/api/${TB_TICKET}/?page_size=3&labels=1&fields=id,driver`, { token: driver })).body.results) as any[];
    const ownIds = new Set(own.map((x) => x.id));
    const others = ((await s.call('GET', `/api/${TB_TICKET}/?page_size=20&driver__isnull=false&fields=id,driver`, { token: admin })).body.results as any[])
      .filter((x) => !ownIds.has(x.id));
    expect(own.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const rows = [...own, ...others];
    const body = { columns: ['id', 'driver'], filters: { id__in: rows.map((r: any) => r.id).join(',') } };
    const mine = await s.call('POST', `/api/${TB_TICKET}/download_table/`, { token: driver, body });
    expect(mine.status).toBe(200);
    for (const r of own) expect(mine.text).toContain(`"${r.id}","${r._labels.driver}"`);
    for (const r of others) expect(mine.text).not.toContain(r.id);
  });
});
