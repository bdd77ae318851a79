/**
 * The bulk car upload through the real server (docs/loading.md, Bulk car upload): a CSV of 50 cars
 * with two bad rows refused with the line and field of each fault and nothing written; fixed, all
 * 50 written with the shipment's facts, a tank car's weight, the computed correction and a history
 * row each; a car on another open shipment, a car twice, an unknown column, a closed shipment;
 * who may.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment as ready, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call, rows } = suite;

beforeAll(() => shippingIds(suite));

const upload = (shipment: number, csv: string, token = t.dispatcher) => {
  const f = new FormData();
  f.append('rail_shipment', String(shipment));
  f.append('file', new Blob([csv]), 'cars.csv');
  return suite.s.call('POST', '/api/loaded_rail_car/bulk_create/', { token, body: f });
};
let next = 700000 + (Date.now() % 50000);
const cars = (n: number, o: (i: number) => string | null = () => null) =>
  ['Car,Seal,Shell capacity (gal),Outage (gal),Temp F,Density',
    ...Array.from({ length: n }, (_, i) => o(i) ?? `UPLX ${next + i},S-${i},30000,${600 + i},68,0.87`)].join('\n');

describe('bulk_create/', () => {
  it('refuses 50 cars with two bad rows, naming line and field, and writes nothing; fixed, writes them all', async () => {
    const x = await ready(suite, { day: '2026-11-14', cars: 0 });
    const bad = cars(50, (i) => (i === 9 ? `UPLX ${next + i},S-9,30000,40000,68,0.87` : i === 30 ? `UPLX ${next + i},S-30,lots,600,68,0.87` : null));
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from loaded_rail_car`))[0].n;
    const res = await upload(x.id, bad);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ rows: {
      11: { volume_outage: ['The outage cannot be more than the shell capacity, 30,000.00 US gal.'] },
      32: { shell_capacity: [expect.any(String)] },
    } });
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from loaded_rail_car`))[0].n).toBe(before);

    const good = await upload(x.id, cars(50));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body).toMatchObject({ created: 50, shipment: { id: x.id } });
    const made = await rows<{ car_mark: string; seal_number_1: string; weight: string; correction: string; contract_id: number; product_id: number; load_date: string | null }>(sql`
      select car_mark, seal_number_1, weight::text, correction, contract_id, product_id, load_date::text from loaded_rail_car where rail_shipment_id = ${x.id} order by car_number`);
    expect(made).toHaveLength(50);
    expect(made[0]).toMatchObject({ car_mark: 'UPLX', seal_number_1: 'S-0', correction: 'computed', contract_id: x.contract.id, product_id: suite.ids.crude });
    expect(Number(made[0].weight)).toBeGreaterThan(90000);
    expect(made.every((m) => m.load_date)).toBe(true);
    const [{ h }] = await rows<{ h: number }>(sql`select count(*)::int as h from rail_history where shipment_id = ${x.id} and action = 'bulk_create'`);
    expect(h).toBe(50);
    next += 100;
  });

  it('names a car twice in the file, a car on another open shipment, an unknown column, and a closed shipment', async () => {
    const x = await ready(suite, { day: '2026-11-15', cars: 0 });
    const other = await ready(suite, { day: '2026-11-15', cars: 0 });
    ok(await call('POST', 'loaded_rail_car/', { rail_shipment: other.id, car_mark: 'UPLX', car_number: next, shell_capacity: '30000', volume_outage: '600', temperature_correction_factor: '1', density: '0.87' }), 201);
    const twice = await upload(x.id, cars(3, (i) => (i === 2 ? `UPLX ${next + 1},S,30000,600,68,0.87` : null)));
    expect(twice.body).toEqual({ rows: {
      2: { car_number: [expect.stringMatching(new RegExp(`^UPLX ${next} is already on open shipment `))] },
      4: { car_number: [`UPLX ${next + 1} is on line 3 already.`] },
    } });
    const unknown = await upload(x.id, 'Car,Colour\nUPLX 1,red\n');
    expect(unknown.body).toEqual({ file: ['Column "Colour" is not a field of a loaded car.'] });
    const shipped = await ready(suite, { day: '2026-11-16', cars: 1 });
    ok(await call('POST', `rail_shipment/${shipped.id}/ship/`, { hazardous_certificate_person: 'Sam' }));
    expect((await upload(shipped.id, cars(1))).body).toEqual({ rail_shipment: [expect.stringMatching(/is shipped; open it for correction/)] });
    next += 100;
  });

  it('is for who may add cars: not the driver, and another company\'s shipment is not found', async () => {
    const x = await ready(suite, { day: '2026-11-16', cars: 0 });
    expect((await upload(x.id, cars(1), t.driver)).status).toBe(403);
    expect((await upload(x.id, cars(1), t.partner)).status).toBe(400);
  });
});
