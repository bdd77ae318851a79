/**
 * Waybills through the real server (docs/rail.md §4.7, §6.4): a waybill names a railroad (a
 * railroad or carrier party), and `assign_loaded_rail_car/` matches it to the car load it moves:
 * the same car, one waybill per car load; the demo's shipped loads have theirs.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;

beforeAll(() => shippingIds(suite));

describe('waybill (docs/rail.md §4.7, §6.4)', () => {
  it('is matched to the car load it moves, one waybill per load; the wrong car is named', async () => {
    const x = await readyShipment(suite, { day: '2026-11-06', cars: 2, mark: 'WBLX' });
    const [a, b] = ok(await call('GET', `rail_shipment/${x.id}/cars/`)) as unknown as { id: number; car_mark: string; car_number: number }[];
    const w = ok(await call('POST', 'waybill/', { waybill_number: '418233', waybill_date: '2026-11-06', railroad: ids.cn, car_mark: a.car_mark, car_number: a.car_number }, t.dispatcher), 201);
    const wrong = await refused('POST', `waybill/${w.id as number}/assign_loaded_rail_car/`, { car_id: b.id }, t.dispatcher);
    expect(wrong.body).toEqual({ car_id: [`WBLX ${b.car_number} is not the car of waybill 418233 (WBLX ${a.car_number}).`] });
    const done = ok(await call('POST', `waybill/${w.id as number}/assign_loaded_rail_car/`, { car_id: a.id }, t.dispatcher));
    expect(done.loaded_rail_car).toBe(a.id);
    const twin = ok(await call('POST', 'waybill/', { waybill_number: '418234', waybill_date: '2026-11-06', railroad: ids.cn, car_mark: a.car_mark, car_number: a.car_number }), 201);
    expect((await refused('POST', `waybill/${twin.id as number}/assign_loaded_rail_car/`, { car_id: a.id })).body)
      .toEqual({ car_id: [`This load of WBLX ${a.car_number} already has waybill 418233.`] });
    expect((await refused('PATCH', `waybill/${w.id as number}/`, { loaded_rail_car: b.id, version: done.version })).body).toEqual({ loaded_rail_car: ['This field is read-only.'] });
  });

  it('names a railroad, and is the company\'s own: the operator and the driver have none, the partner finds none', async () => {
    const bad = await refused('POST', 'waybill/', { waybill_number: '1', waybill_date: '2026-11-06', railroad: ids.gcr, car_mark: 'WBLX', car_number: 1 });
    expect(bad.body).toEqual({ railroad: ['Choose a railroad or carrier party; Gulf Coast Refining LLC is a consignee.'] });
    const w = ok(await call('POST', 'waybill/', { waybill_number: '500100', waybill_date: '2026-11-07', railroad: ids.cn, car_mark: 'WBLX', car_number: 2 }), 201);
    for (const token of [t.operator, t.driver]) expect((await refused('GET', `waybill/${w.id as number}/`, undefined, token)).status).toBe(403);
    expect((await refused('GET', `waybill/${w.id as number}/`, undefined, t.partner)).status).toBe(404);
  });

  it('the demo\'s shipped and void car loads each have their origin railroad\'s waybill', async () => {
    const [x] = await rows<{ loads: number; waybills: number; mismatched: number }>(sql`
      select (select count(*)::int from loaded_rail_car l join rail_shipment s on s.id = l.rail_shipment_id
                where s.company_id = ${ids.pbt} and s.status in ('shipped', 'void') and s.shipment_number like 'RS-0000%' and l.car_mark not in ('SHPX', 'WBLX')) as loads,
             (select count(*)::int from waybill w where w.company_id = ${ids.pbt}) as waybills,
             (select count(*)::int from waybill w join loaded_rail_car l on l.id = w.loaded_rail_car_id
                where w.car_mark <> l.car_mark or w.car_number <> l.car_number) as mismatched`);
    expect(x.loads).toBeGreaterThan(0);
    expect(x.waybills).toBeGreaterThanOrEqual(x.loads);
    expect(x.mismatched).toBe(0);
  });
});
