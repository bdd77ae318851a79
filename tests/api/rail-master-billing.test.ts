/**
 * Master and sub billing through the real server (docs/rail.md §8.5, §8.1, §8.2): a shipment
 * becomes the first sub-billing of a new master with its header; a master takes no cars of its
 * own; a sub-billing does not ship, open or void alone; a master ships its sub-billings with it
 * (each with its own BOL number, checked first, every fault prefixed with the sub-billing's
 * number), is corrected and voided with them, all or nothing; it cancels its open sub-billings
 * with it, and is not deleted while it has any.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { nextCarNumber, ok, readyShipment, shippingIds, TANK_CAR } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;

beforeAll(() => shippingIds(suite));

/** A ready shipment made the first sub-billing of a new master, and a second sub-billing with one car. */
async function masterWithTwo(day: string) {
  const x = await readyShipment(suite, { day, cars: 2 });
  const master = ok(await call('POST', `rail_shipment/${x.id}/create_master_billing/`, {}, t.dispatcher), 201);
  const sub = ok(await call('POST', `rail_shipment/${master.id as number}/create_sub_billing/`, { consignee: ids.gcr, reference_number: 'PO-77' }, t.dispatcher), 201);
  ok(await call('POST', 'loaded_rail_car/', { rail_shipment: sub.id, car_mark: 'MSTX', car_number: nextCarNumber(), ...TANK_CAR }), 201);
  return { first: x.id, master: master.id as number, second: sub.id as number, masterRow: master, sub };
}

const statusOf = async (id: number) => (await rows<{ status: string; bol_number: string | null }>(sql`select status, bol_number from rail_shipment where id = ${id}`))[0];

describe('making a master billing (docs/rail.md §8.5)', () => {
  it('makes the shipment the first sub-billing of a new master with its header; a sub-billing takes the master\'s header and its own consignee', async () => {
    const m = await masterWithTwo('2026-11-02');
    expect(m.masterRow).toMatchObject({ is_master_billing: true, status: 'open', origin: ids.fsk, destination: ids.hrd, railroad: ids.cn, product: ids.crude, master_billing: null });
    expect(ok(await call('GET', `rail_shipment/${m.first}/`)).master_billing).toBe(m.master);
    expect(m.sub).toMatchObject({ master_billing: m.master, consignee: ids.gcr, reference_number: 'PO-77', origin: ids.fsk });
    const subs = ok(await call('GET', `rail_shipment/${m.master}/get_sub_billings/`, undefined, t.operator)) as unknown as Record<string, unknown>[];
    expect(subs.map((x) => [x.id, x.car_count])).toEqual([[m.first, 2], [m.second, 1]]);
    // A master has no cars of its own; a sub-billing is not made a master; a master is not deleted while it has sub-billings.
    const car = await refused('POST', 'loaded_rail_car/', { rail_shipment: m.master, car_mark: 'MSTX', car_number: nextCarNumber() });
    expect(car.body).toEqual({ rail_shipment: [`${String(m.masterRow.shipment_number)} is a master billing: add the car to one of its sub-billings.`] });
    expect((await refused('POST', `rail_shipment/${m.first}/create_master_billing/`, {})).status).toBe(400);
    expect((await refused('POST', `rail_shipment/${m.first}/create_sub_billing/`, {})).status).toBe(400);
    expect((await refused('DELETE', `rail_shipment/${m.master}/`)).status).toBe(409);
    expect((await refused('POST', `rail_shipment/${m.first}/create_master_billing/`, {}, t.operator)).status).toBe(403);
  });
});

describe('a master moves with its sub-billings (docs/rail.md §8.1, §8.2)', () => {
  it('ships them all: each sub-billing its own BOL number, the master its document listing their cars; none alone', async () => {
    const m = await masterWithTwo('2026-11-03');
    const alone = await refused('POST', `rail_shipment/${m.first}/ship/`, { hazardous_certificate_person: 'Sam Site' });
    expect(alone.body).toEqual({ status: [`Ship master billing ${String(m.masterRow.shipment_number)}; its sub-billings ship with it.`] });
    const shipped = ok(await call('POST', `rail_shipment/${m.master}/ship/`, { hazardous_certificate_person: 'Sam Site' }, t.dispatcher));
    expect(shipped.status).toBe('shipped');
    const [a, b] = [await statusOf(m.first), await statusOf(m.second)];
    expect([a.status, b.status]).toEqual(['shipped', 'shipped']);
    const seq = (n: unknown) => Number(/(\d+)$/.exec(String(n))![1]);
    expect([seq(b.bol_number), seq(shipped.bol_number)]).toEqual([seq(a.bol_number) + 1, seq(a.bol_number) + 2]);
    const [doc] = await rows<{ snapshot: { sub_billings: { bol_number: string; cars: unknown[] }[]; totals: { cars: number } } }>(sql`select snapshot from rail_bol_archive where shipment_id = ${m.master}`);
    expect(doc.snapshot.sub_billings.map((x) => [x.bol_number, x.cars.length])).toEqual([[a.bol_number, 2], [b.bol_number, 1]]);
    expect(doc.snapshot.totals.cars).toBe(3);

    // Correction and void move them together; a sub-billing is not voided alone.
    ok(await call('POST', `rail_shipment/${m.master}/open_for_correction/`, { reason: 'Seals' }, t.dispatcher));
    expect([(await statusOf(m.first)).status, (await statusOf(m.second)).status]).toEqual(['in_correction', 'in_correction']);
    ok(await call('POST', `rail_shipment/${m.master}/ship/`, {}, t.dispatcher));
    expect((await refused('POST', `rail_shipment/${m.second}/void_shipment/`, { reason: 'x' })).body)
      .toEqual({ status: [`Void master billing ${String(m.masterRow.shipment_number)}; its sub-billings are voided with it.`] });
    ok(await call('POST', `rail_shipment/${m.master}/void_shipment/`, { reason: 'Train annulled' }));
    expect([(await statusOf(m.first)).status, (await statusOf(m.second)).status, (await statusOf(m.master)).status]).toEqual(['void', 'void', 'void']);
  });

  it('checks every sub-billing first: a fault of one is named with its number and nothing ships', async () => {
    const m = await masterWithTwo('2026-11-04');
    const empty = ok(await call('POST', `rail_shipment/${m.master}/create_sub_billing/`, { consignee: ids.gcr }), 201);
    const res = await refused('POST', `rail_shipment/${m.master}/ship/`, { hazardous_certificate_person: 'Sam Site' });
    expect(res.status).toBe(400);
    expect(res.changed).toEqual([]);
    expect(res.body).toEqual({ cars: [`${String(empty.shipment_number)}: Add at least one car.`] });
    // A sub-billing cancelled alone leaves the master to ship without it.
    ok(await call('POST', `rail_shipment/${empty.id as number}/cancel_shipment/`, { reason: 'No cars for this consignee' }));
    ok(await call('POST', `rail_shipment/${m.master}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    expect((await statusOf(empty.id as number)).status).toBe('cancelled');
  });

  it('cancels its open sub-billings with it', async () => {
    const m = await masterWithTwo('2026-11-05');
    ok(await call('POST', `rail_shipment/${m.master}/cancel_shipment/`, { reason: 'Train not ordered' }));
    expect([(await statusOf(m.first)).status, (await statusOf(m.second)).status]).toEqual(['cancelled', 'cancelled']);
  });
});
