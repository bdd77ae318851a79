/**
 * The fleet's bulk calls through the real server (docs/fleet.md, Bulk changes): `railcar/` serves
 * the fleet; `list/` finds cars by the start of their mark and number; `bulk_create/` adds cars
 * from their written form or their fields with one fleet status; `bulk_update/` changes cars with
 * their versions checked. Both are all or nothing: each car's faults by its place, nothing written;
 * another company's cars are not found, and a user without the right is refused.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call, refused, rows } = suite;
type Car = { id: number; mark: string; number: number; fleet_status: string; version: number; lessor: string | null };
const fleetCount = async (mark: string) => Number((await rows<{ n: number }>(sql`select count(*)::int as n from car where mark = ${mark}`))[0].n);

describe('adding cars in bulk', () => {
  it('adds cars from their written form and their fields, all with the status given', async () => {
    const res = ok(await call('POST', 'railcar/bulk_create/', {
      cars: ['BLKX 1001', 'blkx001002', { mark: 'BLKX', number: 1003, car_type: 'C', shell_capacity: '120000.0', lessor: 'Trinity' }],
      status: 'T',
    }), 200) as unknown as { created: number; ids: number[] };
    expect(res.created).toBe(3);
    const cars = ok(await call('GET', `car/?mark=BLKX&ordering=number&page_size=0`)) as unknown as Car[];
    expect(cars.map((c) => [c.number, c.fleet_status])).toEqual([[1001, 'T'], [1002, 'T'], [1003, 'T']]);
    expect(cars[2]).toMatchObject({ car_type: 'C', shell_capacity: '120000.0', lessor: 'Trinity' });
    // Found again through the picker by the start of the written form, spaced or not.
    const found = ok(await call('GET', 'railcar/list/?query=blkx10')) as unknown as { mark_number: string }[];
    expect(found.map((c) => c.mark_number)).toEqual(['BLKX 1001', 'BLKX 1002', 'BLKX 1003']);
    expect((ok(await call('GET', 'car/list/?query=BLKX 1003')) as unknown as unknown[]).length).toBe(1);
  });

  it('refuses the whole list for one bad car, naming each fault by its place; nothing is written', async () => {
    const before = await fleetCount('BADX');
    const res = await refused('POST', 'car/bulk_create/', {
      cars: ['BADX 1', 'not a car', { mark: 'BADX', number: 2, car_type: 'ZZ' }, 'BADX 0001', { mark: 'BADX', number: 3, lease_start: '2026-05-01', lease_end: '2026-01-01' }, 'BLKX 1001', 42],
    });
    expect(res.status).toBe(400);
    expect(res.changed).toEqual([]);
    const errors = (res.body as { cars: Record<string, Record<string, string[]>> }).cars;
    expect(Object.keys(errors).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(errors['1'].non_field_errors[0]).toMatch(/not a car/);
    expect(Object.keys(errors['2'])).toEqual(['car_type']);
    expect(errors['3'].number[0]).toMatch(/BADX 1 is car 1 of this list already/);
    expect(errors['4'].lease_end[0]).toMatch(/cannot end before it starts/);
    expect(JSON.stringify(errors['5'])).toMatch(/already|exists/i);
    expect(await fleetCount('BADX')).toBe(before);
  });

  it('refuses what is not a list, an empty one and one over the limit', async () => {
    for (const cars of ['BADX 1', [], Array.from({ length: 1001 }, (_, i) => `LIMX ${i + 1}`)]) {
      const res = await refused('POST', 'car/bulk_create/', { cars });
      expect([res.status, Object.keys(res.body as object), res.changed]).toEqual([400, ['cars'], []]);
    }
    const res = await call('POST', 'car/bulk_create/', { cars: ['OKX 1'], status: 'Q' });
    expect([res.status, Object.keys(res.body as object)]).toEqual([400, ['status']]);
  });
});

describe('changing cars in bulk', () => {
  it('changes each car as its own update would, versions checked, all or nothing', async () => {
    ok(await call('POST', 'car/bulk_create/', { cars: ['UPDX 1', 'UPDX 2', 'UPDX 3'] }), 200);
    const cars = ok(await call('GET', 'car/?mark=UPDX&ordering=number&page_size=0')) as unknown as Car[];
    const res = ok(await call('PUT', 'railcar/bulk_update/', {
      cars: [{ id: cars[0].id, fleet_status: 'I', version: cars[0].version }, { id: cars[1].id, lessor: 'GATX' }],
    })) as unknown as { updated: number; cars: { id: number; version: number }[] };
    expect(res.updated).toBe(2);
    const after = ok(await call('GET', 'car/?mark=UPDX&ordering=number&page_size=0')) as unknown as Car[];
    expect(after.map((c) => [c.fleet_status, c.lessor, c.version])).toEqual([['I', null, cars[0].version + 1], ['P', 'GATX', cars[1].version + 1], ['P', null, cars[2].version]]);
    // A stale version, a bad value, a car twice and one of another company's cars: nothing changes.
    const [theirs] = ok(await call('GET', 'car/?page_size=0', undefined, t.partner)) as unknown as Car[];
    const bad = await refused('PUT', 'car/bulk_update/', {
      cars: [{ id: after[2].id, lessor: 'Fine' }, { id: after[0].id, fleet_status: 'P', version: cars[0].version }, { id: after[1].id, fleet_status: 'X' }, { id: after[2].id, notes: 'twice' }, { id: theirs?.id ?? 999_999_999, lessor: 'x' }, { lessor: 'no id' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.changed).toEqual([]);
    const errors = (bad.body as { cars: Record<string, Record<string, string[]>> }).cars;
    expect(Object.keys(errors).sort()).toEqual(['1', '2', '3', '4', '5']);
    expect(JSON.stringify(errors['1'])).toMatch(/changed by someone else/);
    expect(Object.keys(errors['2'])).toEqual(['fleet_status']);
    expect(errors['3'].id[0]).toMatch(/already/);
    expect(JSON.stringify(errors['4'])).toMatch(/not found|Not found/i);
    expect(errors['5'].id[0]).toMatch(/its id/);
  });

  it('needs the right to change cars; the driver reads none', async () => {
    const [one] = ok(await call('GET', 'car/?mark=UPDX&page_size=0')) as unknown as Car[];
    const res = await refused('PUT', 'car/bulk_update/', { cars: [{ id: one.id, lessor: 'x' }] }, t.operator);
    expect([res.status, res.changed]).toEqual([403, []]);
    expect((await refused('POST', 'car/bulk_create/', { cars: ['OPRX 1'] }, t.operator)).status).toBe(403);
    expect((await call('GET', 'car/list/?query=UPDX', undefined, t.driver)).status).toBe(403);
    expect(ok(await call('GET', 'car/list/?query=UPDX', undefined, t.partner))).toEqual([]);
  });
});
