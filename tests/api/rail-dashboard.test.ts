/**
 * The contract dashboard's numbers through the real server (docs/rail.md §6.1, §11.1): a
 * contract's cars, the cars its schedule planned up to a day, the cars shipped (its days'
 * actuals), what remains and how far behind it is; and a contract's shipment counts by status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused } = suite;

beforeAll(() => shippingIds(suite));

describe('get_dashboard_contract_list/ (docs/rail.md §11.1)', () => {
  it('measures a contract against its plan on a day: scheduled to date, shipped, remaining, behind', async () => {
    const x = await readyShipment(suite, { day: '2026-11-02', cars: 2, contract: { number_of_cars: 10 } });
    for (const [date, quantity] of [['2026-11-02', 2], ['2026-11-03', 2], ['2026-11-20', 3]] as const) {
      ok(await call('POST', 'rail_schedule_entry/', { schedule: x.scheduleId, date, quantity }), 201);
    }
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const list = ok(await call('GET', `contract/get_dashboard_contract_list/?date=2026-11-10&party=${ids.gcr}&contract_type=sale`, undefined, t.dispatcher)) as unknown as Record<string, unknown>[];
    const row = list.find((r) => r.id === x.contract.id)!;
    expect(row).toMatchObject({
      contract_number: x.contract.contract_number, status: 'active', party: { id: ids.gcr, label: 'Gulf Coast Refining LLC' }, facility: { id: ids.fsk },
      cars_planned: 10, cars_scheduled_to_date: 4, cars_shipped: 2, cars_remaining: 8, behind_by: 2,
    });
    const later = ok(await call('GET', `contract/get_dashboard_contract_list/?date=2026-11-30`)) as unknown as Record<string, unknown>[];
    expect(later.find((r) => r.id === x.contract.id)).toMatchObject({ cars_scheduled_to_date: 7, behind_by: 5 });
    // Ordered by end date, then number.
    const ends = later.map((r) => `${String(r.end_date)} ${String(r.contract_number)}`);
    expect(ends).toEqual([...ends].sort());
    expect(later.every((r) => r.status === 'active')).toBe(true);
  });

  it('counts a contract\'s shipments by status; is the company\'s own and refused to the driver', async () => {
    const x = await readyShipment(suite, { day: '2026-11-04', cars: 1 });
    const [schedule] = ok(await call('GET', `rail_schedule/list/?contract_id=${x.contract.id as number}`)) as unknown as { id: number }[];
    const other = ok(await call('POST', `rail_schedule/${schedule.id}/create_shipment/`, { date: '2026-11-05' }), 201);
    ok(await call('POST', `rail_shipment/${other.id as number}/cancel_shipment/`, { reason: 'Not needed' }));
    expect(ok(await call('GET', `contract/${x.contract.id as number}/get_shipments_count/`, undefined, t.dispatcher)))
      .toEqual({ count: 2, by_status: { open: 1, shipped: 0, in_correction: 0, cancelled: 1, void: 0 } });
    expect((await refused('GET', `contract/${x.contract.id as number}/get_shipments_count/`, undefined, t.partner)).status).toBe(404);
    expect((await refused('GET', 'contract/get_dashboard_contract_list/', undefined, t.driver)).status).toBe(403);
    const partner = ok(await call('GET', 'contract/get_dashboard_contract_list/', undefined, t.partner)) as unknown as Record<string, unknown>[];
    expect(partner.some((r) => r.id === x.contract.id)).toBe(false);
  });
});
