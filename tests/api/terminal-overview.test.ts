/**
 * The terminal overview's figures (docs/terminal.md, Terminal overview) through the real server:
 * allocation performance by the chosen group and over several sites, product transferred per
 * interval and the loads widget, each over what the user may read; bad parameters are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

const OV = '/api/terminalboss/overview';
let s: TestServer;
let admin: string;
let driver: string;
let partner: string;
let t: Terminal;
let second: any;
let alloc: any;

const call = (method: string, path: string, body?: unknown, token = admin) => s.call(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await call(method, path, body, token);
  expect([200, 201], `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
  return res.body;
};
const load = (extra: Record<string, unknown>) => ok('POST', `${TB}/ticket/`, ticketBody(t, {
  status: 'completed', ticket_type: 'delivery', shipper: t.shipper.id, volume_unit: t.unit.id, ticket_date: '2026-11-20', ...extra,
}));

beforeAll(async () => {
  s = await startServer();
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, driver, partner] = await Promise.all(['siteadmin@demo.test', 'driver@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin, 'O');
  second = await ok('POST', `${TB}/site/`, { name: 'Taylor Terminal O', username: 'tay-o', timezone: 'America/Dawson_Creek' });
  alloc = await ok('POST', '/api/terminalboss/allocation/', { allocation_code: 'OV-1', product_key: t.product.id, stockholder: t.shipper.id, product_direction: 'delivery', effective_date: '2026-11-01' });
  await ok('POST', '/api/terminalboss/transferlimit/', { allocation: alloc.id, period_type: 'month', period_start_date: '2026-11-01', limit: '200' });
  await load({ net_volume: '40', start_time: '2026-11-20T15:10:00Z' });
  await load({ net_volume: '10', created_by_server: second.id, start_time: '2026-11-20T16:00:00Z' });
  await load({ net_volume: '5', ticket_type: 'receipt', start_time: '2026-11-20T22:30:00Z' });
  await load({ net_volume: '7', status: 'in_progress', start_time: '2026-11-20T23:00:00Z' });
  await load({ net_volume: '3', ticket_date: '2026-11-02' });
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('allocation performance', () => {
  it('answers each allocation\'s window on the day with its use, and at one site only what its loads used', async () => {
    const all = await ok('GET', `${OV}/allocation_performance/?date=2026-11-20`);
    const row = all.rows.find((r: any) => r.label === 'OV-1');
    expect(row).toMatchObject({ limit: '200.000', used: '53.000', in_progress: '7.000', remaining: '147.000', percent_used: 26.5, loads: 3, allocations: 1 });
    // At one site, by stockholder (the demo's own allocations are there too, with nothing used at this site).
    const one = await ok('GET', `${OV}/allocation_performance/?date=2026-11-20&site=${t.site.id}&groupby=stockholder`);
    expect(one.rows[0]).toMatchObject({ key: t.shipper.id, label: 'Peace River Oil Corp.', used: '43.000', loads: 2 });
    expect(one.rows.slice(1).every((r: any) => r.used === '0.000')).toBe(true);
    const sites = await ok('POST', `${OV}/allocation_performance_aggregate_sites/`, { date: '2026-11-20', groupby: 'product', sites: [t.site.id, second.id] });
    expect(sites.rows.find((r: any) => r.key === t.product.id)).toMatchObject({ label: 'Petroleum Crude Oil', used: '53.000' });
    expect(sites.by_site).toEqual([{ site: t.site.id, used: '43.000', loads: 2 }, { site: second.id, used: '10.000', loads: 1 }]);
  });

  it('refuses unknown parameters and bad values, all of them at once', async () => {
    const bad = await call('GET', `${OV}/allocation_performance/?date=20-11-2026&groupby=colour&site=x&extra=1`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date', 'extra', 'groupby', 'site']);
    expect((await call('POST', `${OV}/allocation_performance_aggregate_sites/`, { sites: ['nope'] })).body).toEqual({ sites: ['Up to 50 ids of sites.'] });
  });
});

describe('product transferred and loads', () => {
  it('adds the completed net m³ per product and type in each interval', async () => {
    const days = await ok('GET', `${OV}/product_transferred/?from=2026-11-01&to=2026-11-30&interval=week`);
    const rows = days.rows.filter((r: any) => r.product === t.product.id).map((r: any) => [r.period, r.ticket_type, r.net_m3, r.loads]);
    expect(rows).toEqual([['2026-11-02', 'delivery', '3.000', 1], ['2026-11-16', 'delivery', '50.000', 2], ['2026-11-16', 'receipt', '5.000', 1]]);
    const month = await ok('GET', `${OV}/product_transferred/?from=2026-11-01&to=2026-11-30&interval=month&site=${second.id}`);
    expect(month.rows.map((r: any) => [r.period, r.net_m3])).toEqual([['2026-11-01', '10.000']]);
    expect((await call('GET', `${OV}/product_transferred/?from=2026-11-30&to=2026-11-01`)).body).toEqual({ to: ['The span cannot end before it starts.'] });
    expect((await call('GET', `${OV}/product_transferred/?from=2025-01-01&to=2026-11-01`)).body).toEqual({ from: ['At most 400 days at once.'] });
  });

  it('the loads widget counts a day\'s loads by status and type, and the loads started each hour at the site', async () => {
    const w = await ok('GET', `${OV}/loads_widget/?date=2026-11-20&site=${t.site.id}`);
    expect(w).toMatchObject({ date: '2026-11-20', loads: 3, completed_net_m3: '45.000', by_type: { delivery: 2, receipt: 1 } });
    expect(w.by_status).toMatchObject({ completed: 2, in_progress: 1, draft: 0, void: 0 });
    // 15:10Z is 08:10 in Edmonton (MST), 22:30Z 15:30, 23:00Z 16:00.
    expect(w.hours, JSON.stringify(w)).toHaveLength(24);
    expect(w.hours[8]).toBe(1);
    expect(w.hours[15]).toBe(1);
    expect(w.hours[16]).toBe(1);
    expect(w.hours.reduce((a: number, b: number) => a + b, 0)).toBe(3);
  });
});

describe('who may', () => {
  it('a driver counts only his own loads and reads no allocations; another company sees none of these', async () => {
    expect((await call('GET', `${OV}/allocation_performance/`, undefined, driver)).status).toBe(403);
    const mine = await ok('GET', `${OV}/loads_widget/?date=2026-11-20&site=${t.site.id}`, undefined, driver);
    expect(mine.loads).toBe(0);
    expect((await ok('GET', `${OV}/allocation_performance/?date=2026-11-20`, undefined, partner)).rows).toEqual([]);
    expect((await ok('GET', `${OV}/product_transferred/?from=2026-11-01&to=2026-11-30`, undefined, partner)).rows).toEqual([]);
    expect((await call('GET', `${OV}/loads_widget/`)).status).toBe(200);
    expect((await s.call('GET', `${OV}/loads_widget/`)).status).toBe(401);
  });
});
