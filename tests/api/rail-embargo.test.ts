/**
 * Embargoes and the car at a facility through the real server (docs/loading.md, Embargoes and
 * inspection): an embargo assigned to cars at a facility and lifted, all or nothing, a car elsewhere
 * named; the embargo's cars listed; the load of a car standing at a facility found for inspection;
 * its active details recorded after it shipped; who may; another company's cars not found.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment as ready, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;

beforeAll(() => shippingIds(suite));

/** A shipped shipment of two cars, standing at its origin (Fort Saskatchewan). */
async function shippedCars() {
  const x = await ready(suite, { day: '2026-11-13', cars: 2 });
  ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam' }));
  return (await rows<{ id: number; car_mark: string; car_number: number; version: number }>(sql`select id, car_mark, car_number, version from loaded_rail_car where rail_shipment_id = ${x.id} order by id`));
}

describe('assign_embargo_number/ and unassign_embargo_number/', () => {
  it('assigns an embargo to cars at the facility, lists them, and lifts it, after the shipment shipped', async () => {
    const cars = await shippedCars();
    const number = `EMB${Date.now() % 100000}`;
    expect(ok(await call('POST', 'facility/assign_embargo_number/', { carIds: cars.map((c) => c.id), facilityId: ids.fsk, embargo_number: number.toLowerCase(), embargo_permit_number: 'p-77' }, t.dispatcher)))
      .toEqual({ assigned: 2, embargo_number: number });
    const listed = ok(await call('GET', `loaded_rail_car/embargo_cars/?embargo_number=${number}`, undefined, t.operator)) as unknown as Record<string, unknown>[];
    expect(listed.map((c) => c.id)).toEqual(cars.map((c) => c.id));
    expect(listed[0]).toMatchObject({ embargo_number: number, embargo_permit_number: 'P-77' });
    expect(ok(await call('POST', 'facility/unassign_embargo_number/', { carIds: [cars[0].id], facilityId: ids.fsk }, t.dispatcher))).toEqual({ unassigned: 1 });
    expect((ok(await call('GET', `loaded_rail_car/embargo_cars/?embargo_number=${number}`)) as unknown as unknown[]).length).toBe(1);
  });

  it('writes nothing when one car is elsewhere, naming it; refuses the driver and another company', async () => {
    const cars = await shippedCars();
    const res = await refused('POST', 'facility/assign_embargo_number/', { carIds: cars.map((c) => c.id), facilityId: ids.hrd, embargo_number: 'E1' });
    expect(res.status).toBe(400);
    expect((res.body as { carIds: string[] }).carIds).toEqual(cars.map((c) => `${c.car_mark} ${c.car_number} is not at Hardisty Rail Terminal.`));
    expect(res.changed).toEqual([]);
    expect((await refused('POST', 'facility/assign_embargo_number/', { carIds: [cars[0].id], facilityId: ids.fsk, embargo_number: 'E1' }, t.driver)).status).toBe(403);
    expect((await refused('POST', 'facility/assign_embargo_number/', { carIds: [cars[0].id], facilityId: ids.fsk }, t.dispatcher)).body).toEqual({ embargo_number: ['This field is required.'] });
    expect((await refused('POST', 'facility/assign_embargo_number/', { carIds: [cars[0].id], facilityId: ids.fsk, embargo_number: 'E1' }, t.partner)).status).toBe(400);
  });
});

describe('get_inspecting_car/ and update_active_details/', () => {
  it('finds the newest load of a car standing at a facility, and records what it holds now', async () => {
    const [car] = await shippedCars();
    const found = ok(await call('POST', 'loaded_rail_car/get_inspecting_car/', { car_mark: car.car_mark.toLowerCase(), car_number: car.car_number, facility: ids.fsk }, t.operator));
    expect(found).toMatchObject({ id: car.id, current_location: ids.fsk });
    const elsewhere = await call('POST', 'loaded_rail_car/get_inspecting_car/', { car_mark: car.car_mark, car_number: car.car_number, facility: ids.hrd });
    expect(elsewhere.body).toEqual({ car_number: [`${car.car_mark} ${car.car_number} has no load standing at Hardisty Rail Terminal.`] });

    const now = ok(await call('PATCH', `loaded_rail_car/${car.id}/update_active_details/`, { active_volume: '28750.5', active_weight: '88000' }, t.dispatcher));
    expect(now).toMatchObject({ active_volume: '28750.50', active_weight: '88000.0', shipment_status: 'shipped' });
    // A shipped car's other fields stay locked, and the active details are the action's to write.
    expect((await refused('PATCH', `loaded_rail_car/${car.id}/`, { seal_number_1: 'S-1', version: now.version })).status).toBe(400);
    expect((await refused('PATCH', `loaded_rail_car/${car.id}/`, { active_volume: '1', version: now.version })).status).toBe(400);
    expect((await refused('PATCH', `loaded_rail_car/${car.id}/update_active_details/`, { active_volume: '-1', active_weight: 'x' })).body)
      .toMatchObject({ active_volume: [expect.any(String)], active_weight: [expect.any(String)] });
    expect((await refused('PATCH', `loaded_rail_car/${car.id}/update_active_details/`, { active_volume: '1', active_weight: '1' }, t.driver)).status).toBe(403);
  });
});
