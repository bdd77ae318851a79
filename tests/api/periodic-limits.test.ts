/**
 * Periodic limits (docs/terminal.md, Limits) through the real server: their calls (period types,
 * status choices, roll forward, clone, attachment), the periods' rules, what completed tickets
 * use of a period (converted to the limit's unit, exact), and loads warned or refused at the
 * limit. Every refusal writes nothing; another company sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

const LIM = `${TB}/periodic-limit`;
const PER = `${TB}/limit-period`;
let s: TestServer;
let admin: string;
let operator: string;
let partner: string;
let t: Terminal;
let bbl: any;
let limit: any;
let november: any;

const call = (method: string, path: string, body?: unknown, token = admin) => s.call(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await call(method, path, body, token);
  expect([200, 201], `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
  return res.body;
};
const period = (id: string) => ok('GET', `${PER}/${id}/`);
const ticketCount = async () => (await ok('GET', `${TB}/ticket/?shipper=${t.shipper.id}&page_size=0`)).length;
/** A load of the limited shipper and product at the site, in m³ unless `extra` says otherwise. */
const load = (status: string, net: string, extra: Record<string, unknown> = {}) => call('POST', `${TB}/ticket/`, ticketBody(t, {
  status, ticket_type: 'delivery', shipper: t.shipper.id, volume_unit: t.unit.id, net_volume: net, gross_volume: net, ...extra,
}));

beforeAll(async () => {
  s = await startServer();
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, operator, partner] = await Promise.all(['siteadmin@demo.test', 'operator@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin, 'L');
  bbl = await ok('POST', '/api/terminalboss/measurementunit/', { name: 'Barrel (test)', code: 'bblL', unit_type: 'volume', to_base_factor: '0.1589872949' });
  limit = await ok('POST', `${LIM}/`, {
    name: 'Crude deliveries, Peace River', status: 'active', period_type: 'month', site: t.site.id, shipper: t.shipper.id, product: t.product.id,
    ticket_type: 'delivery', basis: 'net_volume', unit: t.unit.id, default_limit: '100', warning_percent: '80',
  });
  november = await ok('POST', `${PER}/`, { periodic_limit: limit.id, period_start: '2026-11-01', period_end: '2026-11-30', limit: '100' });
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('periodic limit calls', () => {
  it('period_types and status_choices answer what a client needs to offer them', async () => {
    const types = await ok('GET', `${LIM}/period_types/`);
    expect(types.map((x: any) => [x.value, x.days])).toEqual([['day', 1], ['week', 7], ['month', null], ['quarter', null], ['year', null]]);
    const statuses = await ok('GET', `${LIM}/status_choices/`);
    expect(statuses.filter((x: any) => x.checks_loads).map((x: any) => x.value)).toEqual(['active']);
    expect(statuses.filter((x: any) => x.final).map((x: any) => x.value)).toEqual(['closed']);
  });

  it('a limit on a volume needs a volume unit; nothing is written when refused', async () => {
    const none = await call('POST', `${LIM}/`, { name: 'No unit', period_type: 'day', basis: 'net_volume', default_limit: '5' });
    expect(none.status).toBe(400);
    expect(none.body.unit[0]).toMatch(/Give the unit/);
    const kg = await ok('POST', '/api/terminalboss/measurementunit/', { name: 'Kilogram (test)', code: 'kgL', unit_type: 'mass' });
    const wrong = await call('POST', `${LIM}/`, { name: 'Wrong unit', period_type: 'day', basis: 'gross_volume', unit: kg.id, default_limit: '5' });
    expect(wrong.body).toEqual({ unit: ['kgL is a mass unit; a limit on gross volume is in a volume unit.'] });
    const loads = await ok('POST', `${LIM}/`, { name: 'Loads a day', period_type: 'day', basis: 'load', default_limit: '6' });
    expect(loads.status).toBe('draft');
    const names = (await ok('GET', `${LIM}/?page_size=0`)).map((l: any) => l.name);
    expect(names).not.toContain('No unit');
    expect(names).not.toContain('Wrong unit');
  });

  it('roll_forward makes the period holding today at the site, then each next one with the last limit', async () => {
    const weekly = await ok('POST', `${LIM}/`, { name: 'Weekly test', status: 'active', period_type: 'week', site: t.site.id, basis: 'load', default_limit: '12' });
    const first = await ok('POST', `${LIM}/${weekly.id}/roll_forward/`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton' }).format(new Date());
    expect(first.period_start <= today && today <= first.period_end).toBe(true);
    expect(new Date(`${first.period_start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(first.limit).toBe('12.000');
    await ok('PATCH', `${PER}/${first.id}/`, { limit: '15', warning_level: '14' });
    const second = await ok('POST', `${LIM}/${weekly.id}/roll_forward/`);
    const dayAfter = new Date(Date.parse(`${first.period_end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect([second.period_start, second.limit, second.warning_level]).toEqual([dayAfter, '15.000', '14.000']);
    const monthly = await ok('POST', `${LIM}/`, { name: 'Monthly test', status: 'active', period_type: 'month', basis: 'load', default_limit: '40' });
    await ok('POST', `${PER}/`, { periodic_limit: monthly.id, period_start: '2026-01-15', period_end: '2026-02-14', limit: '40' });
    const next = await ok('POST', `${LIM}/${monthly.id}/roll_forward/`);
    expect([next.period_start, next.period_end]).toEqual(['2026-02-15', '2026-03-14']);
  });

  it('periods do not overlap, end before they start or warn above their limit; a closed limit is history', async () => {
    const before = (await ok('GET', `${PER}/?periodic_limit=${limit.id}&page_size=0`)).length;
    const overlap = await call('POST', `${PER}/`, { periodic_limit: limit.id, period_start: '2026-11-25', period_end: '2026-12-24', limit: '100' });
    expect(overlap.body).toEqual({ period_start: ['It overlaps the period 2026-11-01 to 2026-11-30 of the same limit: a load counts in one period.'] });
    const backwards = await call('POST', `${PER}/`, { periodic_limit: limit.id, period_start: '2027-02-01', period_end: '2027-01-31', limit: '100' });
    expect(backwards.body).toEqual({ period_end: ['A period cannot end before it starts.'] });
    const high = await call('POST', `${PER}/`, { periodic_limit: limit.id, period_start: '2027-02-01', period_end: '2027-02-28', limit: '100', warning_level: '101' });
    expect(high.body).toEqual({ warning_level: ['The warning level is at most the limit.'] });
    expect((await ok('GET', `${PER}/?periodic_limit=${limit.id}&page_size=0`)).length).toBe(before);

    const old = await ok('POST', `${LIM}/`, { name: 'Closed test', status: 'active', period_type: 'day', basis: 'load', default_limit: '3' });
    const p = await ok('POST', `${LIM}/${old.id}/roll_forward/`);
    await ok('PATCH', `${LIM}/${old.id}/`, { status: 'closed' });
    const roll = await call('POST', `${LIM}/${old.id}/roll_forward/`);
    expect(roll.body).toEqual({ non_field_errors: ['A closed limit is not rolled forward: clone it to go on.'] });
    expect((await call('PATCH', `${PER}/${p.id}/`, { limit: '4' })).body.periodic_limit[0]).toMatch(/is closed/);
    expect((await call('DELETE', `${PER}/${p.id}/`)).status).toBe(400);
    expect((await call('PATCH', `${LIM}/${old.id}/`, { status: 'active' })).status).toBe(400);
  });

  it('a clone covers the same loads with the same properties, as a draft without periods or attachment', async () => {
    await ok('POST', `${TB}/limit-properties/`, { periodic_limit: limit.id, name: 'Nomination', value: 'NOM-2026-11-PRO' });
    const pdf = new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' });
    const form = new FormData();
    form.append('file', pdf, 'nomination.pdf');
    const up = await s.call('POST', `${LIM}/${limit.id}/upload_attachment/`, { token: admin, body: form });
    expect(up.status, up.text).toBe(200);
    expect(up.body.attachment).toBeTruthy();
    limit = up.body;
    const cloned = await call('POST', `${LIM}/${limit.id}/clone/`);
    expect(cloned.status).toBe(201);
    expect(cloned.headers.get('copied-fields')).toBe('name, period_type, site, shipper, product, ticket_type, location, basis, unit, default_limit, warning_percent, deny_over_limit, comments, created_by_server');
    const copy = cloned.body;
    expect(copy).toMatchObject({ name: 'Crude deliveries, Peace River (copy)', status: 'draft', shipper: t.shipper.id, product: t.product.id, ticket_type: 'delivery', warning_percent: '80.00', attachment: null });
    expect((await ok('GET', `${PER}/?periodic_limit=${copy.id}&page_size=0`))).toEqual([]);
    expect((await ok('GET', `${TB}/limit-properties/?periodic_limit=${copy.id}&page_size=0`)).map((p: any) => [p.name, p.value])).toEqual([['Nomination', 'NOM-2026-11-PRO']]);
  });
});

describe('loads against a limit', () => {
  it('completed tickets use the period, converted to its unit; drafts, voids and other loads do not', async () => {
    expect((await period(november.id))).toMatchObject({ used: '0.000', remaining: '100.000', loads: 0 });
    const a = await load('completed', '37.986');
    expect(a.status, a.text).toBe(201);
    expect(a.body.limit_warning).toBeNull();
    // 100 bbl = 15.899 m³ (0.1589872949 m³ a barrel).
    expect((await load('completed', '100', { volume_unit: bbl.id })).status).toBe(201);
    await load('draft', '50');
    await load('completed', '20', { ticket_type: 'receipt' });
    await load('completed', '20', { product: t.water.id });
    await load('completed', '20', { ticket_date: '2026-12-01' });
    expect(await period(november.id)).toMatchObject({ used: '53.885', in_progress: '0.000', remaining: '46.115', loads: 2 });
  });

  it('a load past the warning level passes and the ticket keeps the warning', async () => {
    const res = await load('completed', '30');
    expect(res.status, res.text).toBe(201);
    expect(res.body.limit_warning).toBe('Past the warning level of limit "Crude deliveries, Peace River" (2026-11-01 to 2026-11-30): 53.885 m³ of 100.000 m³ used, 0.000 under way; this load of 30.000 m³ makes 83.885 m³.');
    expect(await period(november.id)).toMatchObject({ used: '83.885', remaining: '16.115', loads: 3 });
  });

  it('a load that would go over is refused as it starts; nothing is written; the operator is told why', async () => {
    const before = await ticketCount();
    const res = await load('in_progress', '16.116');
    expect(res.status).toBe(400);
    expect(res.body.non_field_errors).toEqual(['The load is refused by limit "Crude deliveries, Peace River" (2026-11-01 to 2026-11-30): 83.885 m³ of 100.000 m³ used, 0.000 under way; this load of 16.116 m³ would make 100.001 m³.']);
    expect(await ticketCount()).toBe(before);
    // Keyed as a draft it waits; starting it through the status call is refused the same way, for every ticket given.
    const draft = await ok('POST', `${TB}/ticket/`, ticketBody(t, { status: 'draft', ticket_type: 'delivery', shipper: t.shipper.id, volume_unit: t.unit.id, net_volume: '16.116' }));
    const start = await call('POST', `${TB}/ticket/update-tickets-status/`, { ticket_ids: [draft.id], status: 'in_progress' }, operator);
    expect(start.status).toBe(400);
    expect(start.body.non_field_errors).toEqual([expect.stringMatching(new RegExp(`^${draft.code}: The load is refused by limit "Crude deliveries, Peace River"`))]);
    expect((await ok('GET', `${TB}/ticket/${draft.id}/`)).status).toBe('draft');
    // Exactly the limit fits.
    const fits = await call('PATCH', `${TB}/ticket/${draft.id}/`, { net_volume: '16.115', status: 'in_progress', version: draft.version });
    expect(fits.status, fits.text).toBe(200);
    expect(fits.body.limit_warning).toMatch(/^Past the warning level/);
    expect(await period(november.id)).toMatchObject({ used: '83.885', in_progress: '16.115' });
    // Under way, it counts: a load with no quantity yet is refused now that nothing remains.
    const empty = await load('in_progress', '', { net_volume: null, gross_volume: null });
    expect(empty.body.non_field_errors[0]).toMatch(/nothing remains this period/);
    // Completing a load already under way is never refused, even measured over: the product has moved.
    const done = await call('PATCH', `${TB}/ticket/${draft.id}/`, { net_volume: '17', status: 'completed', version: fits.body.version });
    expect(done.status, done.text).toBe(200);
    expect(done.body.limit_warning).toMatch(/^Over limit "Crude deliveries, Peace River".*this load of 17\.000 m³ makes 100\.885 m³\.$/);
    expect(await period(november.id)).toMatchObject({ used: '100.885', remaining: '-0.885', loads: 4 });
    // Voiding a load gives its quantity back.
    await ok('POST', `${TB}/ticket/update-tickets-status/`, { ticket_ids: [draft.id], status: 'void', void_reason: 'Keyed twice' });
    expect(await period(november.id)).toMatchObject({ used: '83.885', loads: 3 });
  });

  it('a limit that does not deny warns; a suspended or draft limit checks nothing', async () => {
    await ok('PATCH', `${LIM}/${limit.id}/`, { deny_over_limit: false, version: limit.version });
    const over = await load('in_progress', '50');
    expect(over.status, over.text).toBe(201);
    expect(over.body.limit_warning).toMatch(/^Over limit/);
    await ok('POST', `${TB}/ticket/update-tickets-status/`, { ticket_ids: [over.body.id], status: 'void', void_reason: 'Test' });
    const current = await ok('GET', `${LIM}/${limit.id}/`);
    await ok('PATCH', `${LIM}/${limit.id}/`, { deny_over_limit: true, status: 'suspended', version: current.version });
    const free = await load('in_progress', '50');
    expect(free.status, free.text).toBe(201);
    expect(free.body.limit_warning).toBeNull();
    await ok('POST', `${TB}/ticket/update-tickets-status/`, { ticket_ids: [free.body.id], status: 'void', void_reason: 'Test' });
    const again = await ok('GET', `${LIM}/${limit.id}/`);
    await ok('PATCH', `${LIM}/${limit.id}/`, { status: 'active', version: again.version });
    expect((await load('in_progress', '50')).status).toBe(400);
  });
});

describe('the demo', () => {
  it("has each active stockholder's monthly delivery limit with six months of periods, today's among them, sized above its busiest month", async () => {
    const demo = (await ok('GET', `${LIM}/?page_size=0&search=Fort Saskatchewan`)).filter((l: any) => l.name.endsWith('deliveries, Fort Saskatchewan'));
    expect(demo.length).toBeGreaterThanOrEqual(3);
    expect(demo.filter((l: any) => l.status === 'active').length).toBe(demo.length - 1);
    const ps = await ok('GET', `${PER}/?periodic_limit=${demo[0].id}&page_size=0&ordering=period_start`);
    expect(ps).toHaveLength(6);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton' }).format(new Date());
    expect(ps.at(-1).period_start <= today && today <= ps.at(-1).period_end).toBe(true);
    for (const p of ps) expect(Number(p.used)).toBeLessThan(Number(p.limit));
    // And each active stockholder's allocation of the older screens, with its monthly transfer limit.
    const allocations = await ok('GET', '/api/terminalboss/allocation/?page_size=0&search=-DLV-');
    expect(allocations.length).toBeGreaterThanOrEqual(3);
    const windows = await ok('GET', `/api/terminalboss/allocation/${allocations[0].id}/schedule_limit/`);
    expect(windows.length).toBeGreaterThanOrEqual(2);
    for (const w of windows) expect(Number(w.used)).toBeLessThan(Number(w.limit));
  });
});

describe('who may', () => {
  it('an operator reads limits and their use but does not change them; another company sees none', async () => {
    const seen = await ok('GET', `${PER}/${november.id}/`, undefined, operator);
    expect(seen.used).toBe('83.885');
    expect((await call('POST', `${LIM}/${limit.id}/roll_forward/`, undefined, operator)).status).toBe(403);
    expect((await call('PATCH', `${PER}/${november.id}/`, { limit: '1000' }, operator)).status).toBe(403);
    expect((await call('GET', `${LIM}/${limit.id}/`, undefined, partner)).status).toBe(404);
    expect(await ok('GET', `${PER}/?page_size=0`, undefined, partner)).toEqual([]);
    expect((await call('POST', `${LIM}/${limit.id}/roll_forward/`, undefined, partner)).status).toBe(404);
  });
});
