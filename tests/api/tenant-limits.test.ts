/**
 * What a tenant may not do to itself or see of others (docs/security.md): staff-only company fields,
 * company feature subscriptions enforced by the server, and reference labels that follow the view
 * permission of the referenced resource.
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
    for (const body of [{ name: 'Platform Operations' }, { name: 'Renamed' }, { subscribed: false }, { features: [{ name: 'customs', subscribed: true }] }]) {
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

describe('reference labels follow the view permission of what they name', () => {
  const fields = ['driver', 'shipper', 'carrier', 'vehicle', 'source_location', 'created_by_server'];
  const ticket = registry.get(TB_TICKET)!;

  it('the driver gets no suggestions naming records it may not list, and the superuser does', async () => {
    const ctx = await s.ctxOf('driver@demo.test');
    expect((await s.call('GET', `/api/${TB_TICKET}/?page_size=1`, { token: driver })).status).toBe(200);
    let refused = 0;
    for (const field of fields) {
      const f = ticket.fields[field];
      if (f.kind !== 'ref') throw new Error(`${field} is not a reference`);
      const target = registry.get(f.to)!;
      const res = await s.call('GET', `/api/${TB_TICKET}/autocomplete/?field=${field}`, { token: driver });
      if (can(ctx, target, 'view')) {
        expect(res.status, field).toBe(200);
      } else {
        refused++;
        expect(res.status, field).toBe(403);
        expect(JSON.stringify(res.body), field).not.toMatch(/"label"/);
        const listed = await s.call('GET', `/api/${target.name}/`, { token: driver });
        expect(listed.status, target.name).toBe(403);
      }
      const staff = await s.call('GET', `/api/${TB_TICKET}/autocomplete/?field=${field}`, { token: admin });
      expect(staff.status, field).toBe(200);
      expect(staff.body.length, field).toBeGreaterThan(0);
    }
    // The demo driver may list none of the drivers, companies and vehicles named on tickets.
    expect(refused).toBeGreaterThanOrEqual(3);
  });

  it('a CSV export names a reference the user may not view by its id only', async () => {
    const rows = (await s.call('GET', `/api/${TB_TICKET}/?page_size=5&driver__isnull=false&fields=id,driver`, { token: admin })).body.results;
    expect(rows.length).toBeGreaterThan(0);
    const ids = rows.map((r: any) => r.id);
    const body = { columns: ['id', 'driver'], filters: { id__in: ids.join(',') } };
    const mine = await s.call('POST', `/api/${TB_TICKET}/download_table/`, { token: driver, body });
    const staff = await s.call('POST', `/api/${TB_TICKET}/download_table/`, { token: admin, body });
    expect(mine.status).toBe(200);
    expect(staff.status).toBe(200);
    for (const r of rows) {
      expect(mine.text).toContain(`"${r.id}","${r.driver}"`);
      expect(staff.text).not.toContain(`"${r.id}","${r.driver}"`);
    }
  });
});
