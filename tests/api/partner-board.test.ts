/**
 * The nominations board through the real server (docs/partners.md, Nominations board): one shared
 * contract followed from the partner's draft forecast to a shipped car, read by both sides at each
 * step; what each side may not see stays out; the window is checked.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { TANK_CAR, nextCarNumber, ok, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused } = suite;
const N = 'partner/railnomination';
type Board = { days: string[]; contracts: { id: number; side: string; days: Record<string, Record<string, number>>; totals: Record<string, number>; _labels: Record<string, string> }[] };
const board = async (token: string, query = 'from=2026-11-11&to=2026-11-24') => ok(await call('GET', `${N}/board/?${query}`, undefined, token)) as unknown as Board;
const line = (b: Board, id: number) => b.contracts.find((c) => c.id === id);

let contract: number;
let nomination: number;

beforeAll(async () => {
  await shippingIds(suite);
  ids.nrpParty = await suite.idOf('party', 'NRP');
  contract = ok(await call('POST', 'contract/', {
    contract_type: 'sale', party: ids.nrpParty, product: ids.crude, facility: ids.fsk, carrier: ids.cn, number_of_cars: 40,
    start_date: '2026-11-01', end_date: '2026-12-31', status: 'active', contract_number: 'BOARD-1',
  }), 201).id as number;
  const order = ok(await call('POST', 'partner/railorder/', { contract, number_of_cars: 5, start_date: '2026-11-11', end_date: '2026-11-20' }, t.partner), 201).id as number;
  ok(await call('POST', `partner/railorder/${order}/send/`, {}, t.partner));
  nomination = ok(await call('POST', N + '/', { order }, t.partner), 201).id as number;
  ok(await call('POST', `${N}/${nomination}/forecast/`, { forecast: 5 }, t.partner));
  ok(await call('POST', `${N}/${nomination}/auto_schedule/`, {}, t.partner));
});

describe('the nominations board', () => {
  it('follows a contract from the draft forecast to approved days and a shipped car, each side through its own eyes', async () => {
    let p = await board(t.partner);
    expect(p.days).toHaveLength(14);
    expect(p.days[0]).toBe('2026-11-11');
    const mine = line(p, contract)!;
    expect(mine.side).toBe('partner');
    expect(mine._labels.company).toBe('Prairie Bulk Terminals Ltd.');
    // The forecast of 5 over the order's 10 days, by the schedule's spreading rule; nothing nominated yet.
    expect(mine.totals).toEqual({ forecast: 5, nominated: 0, approved: 0, shipped: 0 });
    expect(Object.keys(mine.days.forecast).every((d) => d >= '2026-11-11' && d <= '2026-11-20')).toBe(true);
    // The shipper reads no draft: no forecast yet; it sees its own planned days.
    let s = line(await board(t.siteadmin), contract)!;
    expect(s.side).toBe('shipper');
    expect(s.totals).toEqual({ forecast: 0, nominated: 0, approved: 0, shipped: 0, planned: 0 });

    ok(await call('POST', `${N}/${nomination}/send/`, {}, t.partner));
    s = line(await board(t.siteadmin), contract)!;
    expect(s.totals).toMatchObject({ forecast: 5, nominated: 5, approved: 0 });
    expect(s.days.nominated).toEqual(line(await board(t.partner), contract)!.days.nominated);

    ok(await call('POST', `${N}/${nomination}/approve/`, {}));
    s = line(await board(t.siteadmin), contract)!;
    expect(s.totals).toMatchObject({ nominated: 5, approved: 5, planned: 5 });
    expect(s.days.planned).toEqual(s.days.approved);

    // A car shipped on the first approved day.
    const day = Object.keys(s.days.approved).sort()[0];
    const [schedule] = ok(await call('GET', `rail_schedule/list/?contract_id=${contract}`)) as unknown as { id: number }[];
    const shipment = ok(await call('POST', `rail_schedule/${schedule.id}/create_shipment/`, { date: day }), 201);
    ok(await call('PATCH', `rail_shipment/${shipment.id as number}/`, { destination: ids.hrd, routing: 'CN', version: shipment.version }));
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: shipment.id, car_mark: 'SHPX', car_number: nextCarNumber(), ...TANK_CAR }), 201);
    // Open, it is not shipped yet.
    expect(line(await board(t.partner), contract)!.totals.shipped).toBe(0);
    ok(await call('POST', `rail_shipment/${shipment.id as number}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    // The nomination's shipments: both sides read the one shipped on its day.
    for (const token of [t.partner, t.siteadmin]) {
      const listed = ok(await call('GET', `${N}/${nomination}/get_shipments/`, undefined, token)) as unknown as Record<string, unknown>[];
      expect(listed.map((x) => [x.id, x.ship_date, x.status, x.counted_cars])).toEqual([[shipment.id, day, 'shipped', 1]]);
    }
    p = await board(t.partner);
    expect(line(p, contract)!.days.shipped).toEqual({ [day]: 1 });
    expect(line(await board(t.siteadmin), contract)!.totals.shipped).toBe(1);
    // The window cuts the days: a board of the second week holds only its days.
    const later = line(await board(t.partner, 'from=2026-11-18&to=2026-11-24'), contract)!;
    expect(Object.keys(later.days.approved).every((d) => d >= '2026-11-18')).toBe(true);
    expect(later.totals.approved).toBe(Object.entries(s.days.approved).filter(([d]) => d >= '2026-11-18').reduce((a, [, n]) => a + n, 0));
  });

  it("a cancelled order's approved days leave the board's approved cars but stay in the shipper's plan, which is its own", async () => {
    const order = ok(await call('POST', 'partner/railorder/', { contract, number_of_cars: 2, start_date: '2026-11-21', end_date: '2026-11-22' }, t.partner), 201).id as number;
    ok(await call('POST', `partner/railorder/${order}/send/`, {}, t.partner));
    const nom = ok(await call('POST', N + '/', { order, shipping_schedule: [{ date: '2026-11-21', quantity: 2 }] }, t.partner), 201).id as number;
    ok(await call('POST', `${N}/${nom}/send/`, {}, t.partner));
    ok(await call('POST', `${N}/${nom}/approve/`, {}));
    const before = line(await board(t.siteadmin), contract)!;
    expect(before.days.approved['2026-11-21']).toBe(2);
    ok(await call('POST', `partner/railorder/${order}/cancel/`, { reason: 'Plant turnaround' }, t.partner));
    const after = line(await board(t.siteadmin), contract)!;
    expect(after.days.approved['2026-11-21']).toBeUndefined();
    expect(after.days.planned['2026-11-21']).toBe(before.days.planned['2026-11-21']);
    expect(line(await board(t.partner), contract)!.days.approved['2026-11-21']).toBeUndefined();
  });

  it('shows only shared contracts, one when asked; a contract outside the window is left out', async () => {
    const own = ok(await call('POST', 'contract/', {
      contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, number_of_cars: 5, start_date: '2026-11-01', end_date: '2026-12-31', status: 'active',
    }), 201).id as number;
    for (const token of [t.siteadmin, t.partner]) expect(line(await board(token), own)).toBeUndefined();
    expect((await board(t.partner, `from=2026-11-11&to=2026-11-24&contract=${contract}`)).contracts.map((c) => c.id)).toEqual([contract]);
    expect((await board(t.partner, 'from=2027-02-01&to=2027-02-14')).contracts.map((c) => c.id)).not.toContain(contract);
    // Another company's contract, asked for by id, is not found.
    const res = await call('GET', `${N}/board/?from=2026-11-11&to=2026-11-24&contract=${own}`, undefined, t.partner);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('contract');
  });

  it('checks the window and the right to read nominations, writing nothing', async () => {
    for (const [query, field] of [['from=2026-12-10&to=2026-12-01', 'to'], ['from=2026-12-01&to=2027-03-15', 'to'], ['to=2026-12-14', 'from'], ['from=2026-12-01&to=someday', 'to']] as const) {
      const res = await refused('GET', `${N}/board/?${query}`, undefined, t.partner);
      expect([res.status, Object.keys(res.body), res.changed]).toEqual([400, [field], []]);
    }
    expect((await call('GET', `${N}/board/?from=2026-11-11&to=2026-11-24`, undefined, t.driver)).status).toBe(403);
  });
});
