/** Terminal users' helpers, vehicle types, GC analyses, company lockout and company hierarchy choices. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordProblems } from '../../src/lib/password-policy';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let op: string;
let driver: string;
let partner: string;
let siteId: string;
const V3 = '/api/terminalboss/v3/';
const post = async (path: string, body: unknown, token = admin) => s.call('POST', `${V3}${path}/`, { token, body });
const count = async (path: string) => (await s.call('GET', `/api/${path}/count/`, { token: admin })).body.count as number;

beforeAll(async () => {
  s = await startServer();
  // The partner company runs a terminal of its own here, to show what another company may not see.
  await s.subscribe('partner@partner.test', 'terminalboss');
  admin = await s.login('siteadmin@demo.test');
  op = await s.login('operator@demo.test');
  driver = await s.login('driver@demo.test');
  partner = await s.login('partner@partner.test');
  siteId = (await post('site', { name: 'Users site', username: 'users-site' })).body.id;
});
afterAll(() => s?.close());

describe('terminal users', () => {
  it('generates strong random passwords that meet the policy', async () => {
    const a = await s.call('GET', `${V3}user/generate_password/`, { token: admin });
    const b = await s.call('GET', `${V3}user/generate_password/`, { token: admin });
    expect(a.status).toBe(200);
    expect(a.body.password).toHaveLength(14);
    expect(a.body.password).not.toBe(b.body.password);
    expect(passwordProblems(a.body.password)).toEqual([]);
    expect(a.body.password).toMatch(/[a-z]/);
    expect(a.body.password).toMatch(/[A-Z]/);
    expect(a.body.password).toMatch(/\d/);
    expect((await s.call('GET', `${V3}user/generate_password/`, { token: op })).status).toBe(403);
  });

  it('answers the lowest free numeric username from 1001', async () => {
    const next = async () => (await s.call('GET', `${V3}user/get_available_numeric_username/?server=${siteId}`, { token: admin })).body.username;
    const first = await next();
    expect(Number(first)).toBeGreaterThanOrEqual(1001);
    expect((await post('user', { username: first, first_name: 'A', last_name: 'B', site: siteId })).status).toBe(201);
    const second = await next();
    expect(Number(second)).toBeGreaterThan(Number(first));
    // A gap is filled first.
    expect((await post('user', { username: String(Number(second) + 1), first_name: 'C', last_name: 'D' })).status).toBe(201);
    expect(await next()).toBe(second);
  });

  it('refuses an unknown or foreign site, and callers without add/change', async () => {
    expect((await s.call('GET', `${V3}user/get_available_numeric_username/`, { token: admin })).body.server[0]).toMatch(/required/);
    expect((await s.call('GET', `${V3}user/get_available_numeric_username/?server=nope`, { token: admin })).status).toBe(400);
    expect((await s.call('GET', `${V3}user/get_available_numeric_username/?server=${siteId}`, { token: partner })).status).toBe(400);
    expect((await s.call('GET', `${V3}user/get_available_numeric_username/?server=${siteId}`, { token: driver })).status).toBe(403);
  });

  it('sets a password: policy enforced, stored hashed, never returned', async () => {
    const u = (await post('user', { username: 'pw-user', first_name: 'P', last_name: 'W', email: 'pwuser@site.example' })).body;
    const weak = await s.call('POST', `${V3}user/${u.id}/set_password/`, { token: admin, body: { password: '12345678' } });
    expect(weak).toMatchObject({ status: 400, body: { password: ['This password is entirely numeric.'] } });
    const similar = await s.call('POST', `${V3}user/${u.id}/set_password/`, { token: admin, body: { password: 'pwuser-2026' } });
    expect(similar.body.password).toEqual(['This password is too similar to the email address.']);
    const after = (await s.call('GET', `${V3}user/${u.id}/`, { token: admin })).body;
    expect(after.version).toBe(u.version);
    const ok = await s.call('POST', `${V3}user/${u.id}/set_password/`, { token: admin, body: { password: 'Gauge-Tank-42' } });
    expect(ok).toMatchObject({ status: 200, body: { detail: 'Password set.' } });
    const stored = await s.database.db.execute('select password from terminalboss_v3_user where username = \'pw-user\'' as never) as unknown as { rows: { password: string }[] };
    expect(stored.rows[0].password).toBeTruthy();
    expect(stored.rows[0].password).not.toContain('Gauge-Tank-42');
    expect((await s.call('GET', `${V3}user/${u.id}/`, { token: admin })).body).not.toHaveProperty('password');
    expect((await s.call('POST', `${V3}user/${u.id}/set_password/`, { token: op, body: { password: 'Gauge-Tank-42' } })).status).toBe(403);
    expect((await s.call('POST', `${V3}user/${u.id}/set_password/`, { token: partner, body: { password: 'Gauge-Tank-42' } })).status).toBe(404);
    expect((await s.call('POST', `${V3}user/${u.id}/set_password/`, { token: admin, body: {} })).body).toEqual({ password: ['This field is required.'] });
  });
});

describe('vehicle types', () => {
  it('lists value and label', async () => {
    const res = await s.call('GET', `${V3}vehicle/types/`, { token: op });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ value: 'tractor', label: 'Tractor' });
    expect(res.body).toContainEqual({ value: 'trailer', label: 'Trailer' });
    expect((await s.call('GET', `${V3}vehicle/types/`, { token: driver })).status).toBe(403);
  });
});

describe('GC analyses', () => {
  const components = [
    { component: 'C1', mole_fraction: 0.9 }, { component: 'C2', mole_fraction: 0.05 }, { component: 'C3', mole_fraction: 0.02 },
    { component: 'N2', mole_fraction: 0.02 }, { component: 'CO2', mole_fraction: 0.01 },
  ];

  it('derives relative density and heating value on save', async () => {
    const res = await post('gcanalysis', { sample_number: 'GC-T-1', sample_date: '2026-05-01', components });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ relative_density: '0.61542', gross_heating_value: '39.115' });
    const changed = await s.call('PATCH', `${V3}gcanalysis/${res.body.id}/`, { token: admin, body: { components: [{ component: 'C1', mole_fraction: 1 }] } });
    expect(changed.body).toMatchObject({ relative_density: '0.55391', gross_heating_value: '37.704' });
  });

  it('refuses bad components with clear messages and writes nothing; derived values are read-only', async () => {
    const before = await count('terminalboss/v3/gcanalysis');
    const res = await post('gcanalysis', { sample_number: 'GC-T-2', sample_date: '2026-05-01', components: [{ component: 'C1', mole_fraction: 0.5 }, { component: 'XX', mole_fraction: 0.5 }] });
    expect(res.status).toBe(400);
    expect(res.body.components[0]).toMatch(/Row 2: unknown component "XX"/);
    const sum = await post('gcanalysis', { sample_number: 'GC-T-3', sample_date: '2026-05-01', components: [{ component: 'C1', mole_fraction: 0.5 }] });
    expect(sum.body.components).toEqual(['The mole fractions must add up to 1 (±0.0001); they add up to 0.5.']);
    const ro = await post('gcanalysis', { sample_number: 'GC-T-4', sample_date: '2026-05-01', relative_density: '0.6' });
    expect(ro.body).toEqual({ relative_density: ['This field is read-only.'] });
    expect(await count('terminalboss/v3/gcanalysis')).toBe(before);
    expect((await post('gcanalysis', { sample_number: 'GC-T-5', sample_date: '2026-05-01', components }, op)).status).toBe(403);
  });

  it('lists the component data used', async () => {
    const res = await s.call('GET', `${V3}gcanalysis/static_densities/`, { token: op });
    expect(res.status).toBe(200);
    expect(res.body.find((c: any) => c.component === 'C1')).toEqual({ component: 'C1', name: 'Methane', molar_mass: 16.0425, relative_density: 0.553906, gross_heating_value: 37.7041 });
    expect(res.body.map((c: any) => c.component)).toEqual(expect.arrayContaining(['C7+', 'N2', 'CO2', 'H2S', 'He', 'H2', 'O2']));
  });
});

describe('company lockout', () => {
  it('locked needs a date and a reason; leaving locked clears them', async () => {
    const co = (await post('company', { name: 'Lock Co', company_code: 'LOCK1' })).body;
    const bare = await s.call('PATCH', `${V3}company/${co.id}/`, { token: admin, body: { status: 'locked' } });
    expect(bare).toMatchObject({ status: 400, body: { lockout_date: [expect.any(String)], lockout_reason: [expect.any(String)] } });
    expect((await s.call('GET', `${V3}company/${co.id}/`, { token: admin })).body.status).toBe('active');
    const early = await s.call('PATCH', `${V3}company/${co.id}/`, { token: admin, body: { lockout_reason: 'x' } });
    expect(early.body.lockout_reason[0]).toMatch(/Only a locked company/);
    const locked = await s.call('PATCH', `${V3}company/${co.id}/`, { token: admin, body: { status: 'locked', lockout_date: '2026-11-01', lockout_reason: 'Unpaid invoices' } });
    expect(locked.body).toMatchObject({ status: 'locked', lockout_date: '2026-11-01', lockout_reason: 'Unpaid invoices' });
    const active = await s.call('PATCH', `${V3}company/${co.id}/`, { token: admin, body: { status: 'active' } });
    expect(active.body).toMatchObject({ status: 'active', lockout_date: null, lockout_reason: null });
    expect((await s.call('PATCH', `${V3}company/${co.id}/`, { token: partner, body: { status: 'active' } })).status).toBe(404);
  });
});

describe('company hierarchy choices', () => {
  it('answers the companies under a stockholder in one role', async () => {
    const types = (await s.call('GET', '/api/terminalboss/companytype/?page_size=0', { token: admin })).body;
    const cus = types.find((t: any) => t.company_type_code === 'CUS');
    const car = types.find((t: any) => t.company_type_code === 'CAR');
    const stk = (await post('company', { name: 'Hier Stock', company_code: 'HSTK' })).body.id;
    const a = (await post('company', { name: 'Hier Customer A', company_code: 'HCA' })).body.id;
    const b = (await post('company', { name: 'Hier Carrier B', company_code: 'HCB' })).body.id;
    for (const [company_table, company_type] of [[a, cus.id], [b, car.id]]) {
      expect((await s.call('POST', '/api/terminalboss/companyhierarchy/', { token: admin, body: { stockholder: stk, company_table, company_type } })).status).toBe(201);
    }
    const res = await s.call('GET', `/api/terminalboss/companyhierarchy/choices/?company_type_code=CUS&stockholder=${stk}`, { token: admin });
    expect(res).toMatchObject({ status: 200, body: [{ label: 'Hier Customer A', company_table_id: a, company_type_key: 'CUS' }] });
    const all = await s.call('GET', `/api/terminalboss/companyhierarchy/choices/?stockholder=${stk}`, { token: admin });
    expect(all.body.map((x: any) => x.company_type_key)).toEqual(['CAR', 'CUS']);
    // Without those parameters, the generic choices.
    const generic = await s.call('GET', '/api/terminalboss/companyhierarchy/choices/?limit=2', { token: admin });
    for (const c of generic.body) expect(Object.keys(c).sort()).toEqual(['id', 'label']);
    expect((await s.call('GET', '/api/terminalboss/companyhierarchy/choices/?stockholder=bad', { token: admin })).status).toBe(400);
    expect((await s.call('GET', `/api/terminalboss/companyhierarchy/choices/?stockholder=${stk}`, { token: partner })).body).toEqual([]);
    expect((await s.call('GET', `/api/terminalboss/companyhierarchy/choices/?stockholder=${stk}`, { token: driver })).status).toBe(403);
  });
});

describe('demo terminal seed (small volume)', () => {
  it('has the sizes of the issue, and 50 tickets with entries and properties', async () => {
    const sizes: Record<string, number> = {
      'terminalboss/v3/product': 30, 'terminalboss/v3/location': 200, 'terminalboss/v3/vehicle': 50, 'terminalboss/v3/driver': 40, 'terminalboss/v3/ticket': 50,
    };
    const sites = (await s.call('GET', `${V3}site/?page_size=0&username__in=fsk-terminal,tay-terminal`, { token: admin })).body;
    expect(sites.map((x: any) => x.timezone).sort()).toEqual(['America/Dawson_Creek', 'America/Edmonton']);
    for (const [path, n] of Object.entries(sizes)) expect(await count(path)).toBe(n);
    expect(await count('terminalboss/v3/ticketentry')).toBeGreaterThan(30);
    expect(await count('terminalboss/v3/ticketproperty')).toBeGreaterThan(30);
    const statuses = (await s.call('GET', `/api/autocomplete/suggestions/?model=${V3.slice(5)}ticket&field=status`, { token: admin })).body.map((x: any) => x.value);
    expect(statuses).toContain('completed');
  });

  it('every seeded master record passes the API validation and rules unchanged', async () => {
    const resources = ['site', 'company', 'product', 'location', 'vehicle', 'driver', 'user', 'staff', 'gcanalysis', 'usercertification', 'companycertification', 'vehiclecertification', 'location-product', 'route', 'useraccess', 'ticketwastedisposal'];
    const meta = async (r: string) => (await s.call('OPTIONS', `${V3}${r}/`, { token: admin })).body.actions.POST as Record<string, { read_only: boolean; type: string }>;
    for (const r of resources) {
      const fields = await meta(r);
      const rows = (await s.call('GET', `${V3}${r}/?page_size=0`, { token: admin })).body as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows.slice(0, 60)) {
        const body = Object.fromEntries(Object.entries(row).filter(([k, v]) => fields[k] && !fields[k].read_only && k !== 'company' && v !== null && fields[k].type !== 'file'));
        const res = await s.call('PATCH', `${V3}${r}/${row.id}/`, { token: admin, body });
        if (res.status !== 200) throw new Error(`${r} ${row.id}: ${res.text}`);
      }
    }
  });
});
