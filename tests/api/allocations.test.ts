/**
 * Allocations and transfer limits of the older screens (docs/terminal.md, Allocations) through the
 * real server: their rules, the limit schedule (`schedule_limit/` GET) and the load check (POST),
 * and loads at the limit: refused, or the last one let through with last load denial 0, and no
 * more loads under way at once than the allocation allows. Refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal, ticketBody } from './terminal-tickets-fixtures';

const ALLOC = '/api/terminalboss/allocation';
const TL = '/api/terminalboss/transferlimit';
let s: TestServer;
let admin: string;
let operator: string;
let partner: string;
let t: Terminal;
let bbl: any;
let alloc: any;

const call = (method: string, path: string, body?: unknown, token = admin) => s.call(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await call(method, path, body, token);
  expect([200, 201], `${method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
  return res.body;
};
const load = (status: string, net: string, extra: Record<string, unknown> = {}) => call('POST', `${TB}/ticket/`, ticketBody(t, {
  status, ticket_type: 'delivery', shipper: t.shipper.id, consignee: t.consignee.id, volume_unit: t.unit.id, net_volume: net, ticket_date: '2026-11-20', ...extra,
}));
const schedule = () => ok('GET', `${ALLOC}/${alloc.id}/schedule_limit/?from=2026-11-01&to=2026-12-31`);

beforeAll(async () => {
  s = await startServer();
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, operator, partner] = await Promise.all(['siteadmin@demo.test', 'operator@demo.test', 'partner@partner.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin, 'V');
  bbl = await ok('POST', '/api/terminalboss/measurementunit/', { name: 'Barrel (test)', code: 'bblV', unit_type: 'volume', to_base_factor: '0.1589872949' });
  alloc = await ok('POST', `${ALLOC}/`, {
    allocation_code: 'pro-dlv-2611', product_key: t.product.id, stockholder: t.shipper.id, customer: t.consignee.id, product_direction: 'delivery',
    contract_number: 'C-7781', effective_date: '2026-10-01', expiration_date: '2027-03-31',
  });
  await ok('POST', `${TL}/`, { allocation: alloc.id, period_type: 'month', period_start_date: '2026-11-01', limit: '50' });
}, 120_000);
afterAll(async () => { await s?.close(); });

describe('allocations and transfer limits', () => {
  it('take the defaults of the older screens and are addressed by number', async () => {
    expect(alloc).toMatchObject({ allocation_code: 'PRO-DLV-2611', loading_warning: 1, last_load_denial: 1, max_allowed_uses: 1 });
    expect(Number.isInteger(alloc.id)).toBe(true);
    const zero = await ok('POST', `${TL}/`, { allocation: alloc.id, period_type: 'day', period_start_date: '2027-01-01', transfer_limit_start_date: '2027-01-01', transfer_limit_end_date: '2027-01-31' });
    expect(zero.limit).toBe('0.000');
    expect((await call('DELETE', `${TL}/${zero.id}/?version=${zero.version}`)).status).toBe(204);
  });

  it('refuse dates out of order and a period without its days; nothing is written', async () => {
    const backwards = await call('POST', `${ALLOC}/`, { allocation_code: 'X1', product_key: t.product.id, stockholder: t.shipper.id, effective_date: '2026-12-01', expiration_date: '2026-11-30' });
    expect(backwards.body).toEqual({ expiration_date: ['An allocation cannot expire before it takes effect.'] });
    const days = await call('POST', `${TL}/`, { allocation: alloc.id, period_type: 'days', period_start_date: '2026-11-01', limit: '5' });
    expect(days.body).toEqual({ days_in_period: ['Give the number of days in a period.'] });
    const extra = await call('POST', `${TL}/`, { allocation: alloc.id, period_type: 'week', days_in_period: 3, period_start_date: '2026-11-01', limit: '5' });
    expect(extra.body).toEqual({ days_in_period: ['Only for a period of "every n days".'] });
    const ends = await call('POST', `${TL}/`, { allocation: alloc.id, period_type: 'week', period_start_date: '2026-11-01', transfer_limit_start_date: '2026-11-10', transfer_limit_end_date: '2026-11-09' });
    expect(ends.body).toEqual({ transfer_limit_end_date: ['A transfer limit cannot end before it starts.'] });
    expect((await ok('GET', `${TL}/?allocation=${alloc.id}&page_size=0`))).toHaveLength(1);
    // The demo's own allocations aside (docs/terminal.md, Demo terminal).
    expect((await ok('GET', `${ALLOC}/?page_size=0&stockholder=${t.shipper.id}`)).map((a: any) => a.allocation_code)).toEqual(['PRO-DLV-2611']);
  });
});

describe('loads against an allocation', () => {
  it('the schedule counts its completed loads (m³) per window; other loads count nothing', async () => {
    expect((await load('completed', '30')).status).toBe(201);
    // 20 bbl = 3.180 m³.
    expect((await load('completed', '20', { volume_unit: bbl.id, ticket_date: '2026-11-21' })).status).toBe(201);
    await load('completed', '9', { consignee: t.carrier.id });
    await load('completed', '9', { ticket_type: 'receipt' });
    await load('completed', '9', { product: t.water.id });
    await load('completed', '7', { ticket_date: '2026-12-02' });
    const windows = await schedule();
    expect(windows.map((w: any) => [w.period_start, w.period_end, w.limit, w.used, w.remaining, w.loads])).toEqual([
      ['2026-11-01', '2026-11-30', '50.000', '33.180', '16.820', 2],
      ['2026-12-01', '2026-12-31', '50.000', '7.000', '43.000', 1],
    ]);
  });

  it('refuses the load that would go over (last load denial 1), in words; the check says the same', async () => {
    const res = await load('in_progress', '16.821');
    expect(res.status).toBe(400);
    expect(res.body.non_field_errors).toEqual(['The load is refused by allocation PRO-DLV-2611: 33.180 m³ of 50.000 m³ used in 2026-11-01 to 2026-11-30, 0.000 under way; this load of 16.821 m³ makes 50.001 m³.']);
    const check = await ok('POST', `${ALLOC}/${alloc.id}/schedule_limit/`, { load_date: '2026-11-25', quantity: '16.821' });
    expect(check).toMatchObject({ decision: 'deny', in_use: 0, max_allowed_uses: 1, quantity: '16.821' });
    expect(check.messages[0]).toMatch(/^The load is refused by allocation PRO-DLV-2611/);
    expect(await ok('POST', `${ALLOC}/${alloc.id}/schedule_limit/`, { load_date: '2026-11-25', quantity: '16.820' })).toMatchObject({ decision: 'ok', messages: [] });
    expect((await ok('POST', `${ALLOC}/${alloc.id}/schedule_limit/`, { load_date: '2027-04-01' })).messages).toEqual(['Allocation PRO-DLV-2611 does not cover 2027-04-01.']);
    expect((await schedule())[0].used).toBe('33.180');
  });

  it('allows as many loads under way as max_allowed_uses', async () => {
    const first = await load('in_progress', '1');
    expect(first.status, first.text).toBe(201);
    const second = await load('in_progress', '1');
    expect(second.body.non_field_errors).toEqual(['The load is refused by allocation PRO-DLV-2611: 1 load is under way on it, and it allows 1 at once.']);
    await ok('PATCH', `${ALLOC}/${alloc.id}/`, { max_allowed_uses: 2, version: alloc.version });
    const again = await load('in_progress', '1');
    expect(again.status, again.text).toBe(201);
    expect((await schedule())[0].in_progress).toBe('2.000');
    await ok('POST', `${TB}/ticket/update-tickets-status/`, { ticket_ids: [first.body.id, again.body.id], status: 'void', void_reason: 'Test' });
  });

  it('with last load denial 0 the last load passes with the warning, and the loads after it are refused', async () => {
    const current = await ok('GET', `${ALLOC}/${alloc.id}/`);
    await ok('PATCH', `${ALLOC}/${alloc.id}/`, { last_load_denial: 0, version: current.version });
    const last = await load('in_progress', '20');
    expect(last.status, last.text).toBe(201);
    expect(last.body.limit_warning).toBe('Over allocation PRO-DLV-2611: 33.180 m³ of 50.000 m³ used in 2026-11-01 to 2026-11-30, 0.000 under way; this load of 20.000 m³ makes 53.180 m³.');
    const done = await ok('PATCH', `${TB}/ticket/${last.body.id}/`, { status: 'completed', version: last.body.version });
    expect(done.status).toBe('completed');
    const after = await load('in_progress', '1');
    expect(after.body.non_field_errors[0]).toMatch(/^The load is refused by allocation PRO-DLV-2611: 53\.180 m³ of 50\.000 m³ used/);
    expect((await schedule())[0]).toMatchObject({ used: '53.180', remaining: '-3.180', loads: 3 });
  });
});

describe('who may', () => {
  it('an operator reads allocations and their schedule but does not change them; another company sees none', async () => {
    expect((await ok('GET', `${ALLOC}/${alloc.id}/schedule_limit/?from=2026-11-01&to=2026-11-30`, undefined, operator))[0].used).toBe('53.180');
    expect((await call('PATCH', `${ALLOC}/${alloc.id}/`, { comments: 'x' }, operator)).status).toBe(403);
    expect((await call('POST', `${TL}/`, { allocation: alloc.id, period_type: 'day', period_start_date: '2026-11-01' }, operator)).status).toBe(403);
    expect((await call('GET', `${ALLOC}/${alloc.id}/`, undefined, partner)).status).toBe(404);
    expect((await call('GET', `${ALLOC}/${alloc.id}/schedule_limit/`, undefined, partner)).status).toBe(404);
    expect(await ok('GET', `${TL}/?page_size=0`, undefined, partner)).toEqual([]);
  });
});
