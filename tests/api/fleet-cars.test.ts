/** The fleet's cars and their car location messages through the real server (docs/fleet.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, like, sql } from 'drizzle-orm';
import { rawRows } from '../../server/db/connection';
import { joinTableOf, tableOf } from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { car } from '../../src/resources/fleet/car';
import { carEvent } from '../../src/resources/fleet/car-event';
import { startServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let op: string;
let driver: string;
let partner: string;
const post = (path: string, body: unknown, token = admin) => s.call('POST', `/api/${path}/`, { token, body });
const list = async (query: string, token = admin) => {
  const res = await s.call('GET', `/api/${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, any>[];
};
const event = (car: number, extra: Record<string, unknown> = {}) =>
  ({ car, event_code: 'A', event_time: '2026-03-02T14:05:00-07:00', station: 'Melville', state_province: 'sk', railroad: 'cn', loaded: true, latitude: '50.930600', longitude: '-102.807700', ...extra });

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('siteadmin@demo.test');
  op = await s.login('operator@demo.test');
  driver = await s.login('driver@demo.test');
  partner = await s.login('partner@partner.test');
});
afterAll(() => s?.close());

describe('cars: reporting mark and number', () => {
  it('stores the mark upper-case and the number without leading zeros; the label is MARK NUMBER', async () => {
    const res = await post('car', { mark: 'tilx', number: '001234', car_type: 'T', shell_capacity: '113562.4' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ mark: 'TILX', number: 1234, mark_number: 'TILX 1234', fleet_status: 'P', shell_capacity: '113562.4' });
    const choices = await s.call('POST', '/api/car/choices/?limit=1', { token: admin, body: { selected_ids: [res.body.id] } });
    expect(choices.body[0]).toEqual({ id: res.body.id, label: 'TILX 1234' });
  });

  it('refuses marks that are not 2-4 letters and numbers of more than 6 digits, field by field', async () => {
    for (const mark of ['T', 'TILXX', 'TI1X', 'TI X', '']) {
      const res = await post('car', { mark, number: 5 });
      expect(res.status, mark).toBe(400);
      expect(res.body.mark.length, mark).toBeGreaterThan(0);
      expect(res.body).not.toHaveProperty('number');
    }
    expect((await post('car', { mark: 'GATX', number: 1_234_567 })).body).toEqual({ number: ['Ensure this value is less than or equal to 999999.'] });
    expect((await post('car', { mark: 'GATX', number: -1 })).body).toEqual({ number: ['Ensure this value is greater than or equal to 0.'] });
    expect((await post('car', { mark: 'GATX', number: '12a' })).body).toEqual({ number: ['A valid integer is required.'] });
    expect((await post('car', { mark: 'GATX' })).body).toEqual({ number: ['This field is required.'] });
    expect((await post('car', { mark: 'GATX', number: 7, fleet_status: 'X' })).body).toEqual({ fleet_status: ['"X" is not a valid choice.'] });
    expect((await post('car', { mark: 'GATX', number: 7, tare: '-1' })).body).toEqual({ tare: ['Ensure this value is greater than or equal to 0.'] });
    expect((await post('car', { mark: 'GATX', number: 7, lease_start: '2026-05-01', lease_end: '2026-04-30' })).body).toEqual({ lease_end: ['The lease cannot end before it starts.'] });
  });

  it('refuses the same car twice in a company, however the number is written (400 on mark and number)', async () => {
    expect((await post('car', { mark: 'UTLX', number: 77 })).status).toBe(201);
    for (const dup of [{ mark: 'UTLX', number: 77 }, { mark: 'utlx', number: '000077' }]) {
      const res = await post('car', dup);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ mark: ['A car with this mark and number already exists.'], number: ['A car with this mark and number already exists.'] });
    }
    // Another company may hold a car of the same mark and number in its own fleet.
    expect((await post('car', { mark: 'UTLX', number: 77 }, partner)).status).toBe(201);
  });

  it('copies a car only with a number of its own', async () => {
    const [original] = await list('car/?mark_number=TILX 1234&page_size=0');
    expect((await s.call('POST', `/api/car/${original.id}/clone/`, { token: admin, body: {} })).body).toEqual({ number: ['This field is required.'] });
    const copy = await s.call('POST', `/api/car/${original.id}/clone/`, { token: admin, body: { number: 1235 } });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ mark: 'TILX', number: 1235, car_type: 'T', shell_capacity: '113562.4' });
  });

  it('does not show a car of another company: 404 on read, change and delete; absent from lists', async () => {
    const [mine] = await list('car/?mark_number=UTLX 77&page_size=0');
    for (const [method, body] of [['GET', undefined], ['PATCH', { lessor: 'x' }], ['DELETE', undefined]] as const) {
      expect((await s.call(method, `/api/car/${mine.id}/`, { token: partner, body })).status).toBe(404);
    }
    const theirs = await list('car/?mark_number=UTLX 77&page_size=0', partner);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(mine.id);
  });

  it('lists filter by MARK NUMBER (include and exclude), search it, and sort by mark then number', async () => {
    const two = await list('car/?mark_number=TILX 1234,UTLX 77&page_size=0');
    expect(two.map((c) => c.mark_number).sort()).toEqual(['TILX 1234', 'UTLX 77']);
    const before = await list('car/?page_size=0');
    expect(await list('car/?mark_number__not_in=TILX 1234&page_size=0')).toHaveLength(before.length - 1);
    expect((await list('car/?search=tilx 1234&page_size=0')).map((c) => c.mark_number)).toContain('TILX 1234');
    expect((await list('car/?mark=tilx&page_size=0')).every((c) => c.mark === 'TILX')).toBe(true);
    // The default order is mark, then the number as a number: TILX 55 before TILX 1234 (as text it would follow it).
    expect((await post('car', { mark: 'TILX', number: 55 })).status).toBe(201);
    const tilx = (await list('car/?mark=TILX&page_size=0')).map((c) => c.mark_number);
    expect(tilx.indexOf('TILX 55')).toBeLessThan(tilx.indexOf('TILX 1234'));
    const all = await list('car/?page_size=0');
    const keys = all.map((c) => [c.mark, c.number] as const);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1)));
    const desc = await list('car/?ordering=-mark_number&page_size=0');
    expect(desc.map((c) => c.id)).toEqual([...all].reverse().map((c) => c.id));
  });

  it('is seen by operators, not changed by them, and not seen by drivers', async () => {
    expect((await list('car/?page_size=0', op)).length).toBeGreaterThan(0);
    expect((await post('car', { mark: 'GATX', number: 8 }, op)).status).toBe(403);
    expect((await s.call('GET', '/api/car/', { token: driver })).status).toBe(403);
    expect((await s.call('GET', '/api/car_event/', { token: driver })).status).toBe(403);
  });
});

describe('car events (CLM)', () => {
  let carId: number;
  let otherCarId: number;
  beforeAll(async () => {
    carId = (await post('car', { mark: 'PROX', number: 44001 })).body.id;
    otherCarId = (await post('car', { mark: 'GATX', number: 95001 })).body.id;
  });

  it('records an event: province and railroad upper-case, coordinates exact', async () => {
    const res = await post('car_event', event(carId));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ car: carId, event_code: 'A', station: 'Melville', state_province: 'SK', railroad: 'CN', loaded: true, latitude: '50.930600', longitude: '-102.807700' });
    expect(res.body.event_time).toBe('2026-03-02T21:05:00.000Z');
  });

  it('refuses an unknown event code, a missing car and a car of another company', async () => {
    expect((await post('car_event', event(carId, { event_code: 'X' }))).body).toEqual({ event_code: ['"X" is not a valid choice.'] });
    expect((await post('car_event', event(carId, { car: undefined }))).body).toEqual({ car: ['This field is required.'] });
    const foreign = await post('car_event', event(carId), partner);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ car: [`Invalid pk "${carId}" - object does not exist.`] });
  });

  it('refuses coordinates out of range, and half a location', async () => {
    const bad = await post('car_event', event(carId, { latitude: '90.000001', longitude: '-180.5' }));
    expect(bad.body).toEqual({ latitude: ['Ensure this value is less than or equal to 90.'], longitude: ['Ensure this value is greater than or equal to -180.'] });
    expect((await post('car_event', event(carId, { longitude: null }))).body).toEqual({ longitude: ['Give the latitude and the longitude together, or neither.'] });
    expect((await post('car_event', event(carId, { latitude: null, longitude: null }))).status).toBe(201);
    expect((await post('car_event', event(carId, { latitude: '-90', longitude: '180' }))).status).toBe(201);
    expect((await post('car_event', event(carId, { railroad: 'C4' }))).body.railroad).toHaveLength(1);
  });

  it('lists filter by car, newest first', async () => {
    await post('car_event', event(otherCarId, { event_code: 'W', event_time: '2026-03-01T08:00:00Z' }));
    await post('car_event', event(otherCarId, { event_code: 'Z', event_time: '2026-03-09T08:00:00Z' }));
    const rows = await list(`car_event/?car=${otherCarId}&page_size=0`);
    expect(rows.map((r) => r.event_code)).toEqual(['Z', 'W']);
    const both = await list(`car_event/?car=${otherCarId},${carId}&page_size=0`);
    expect(new Set(both.map((r) => r.car))).toEqual(new Set([carId, otherCarId]));
    expect((await list(`car_event/?car__not_in=${otherCarId}&page_size=0`)).some((r) => r.car === otherCarId)).toBe(false);
    // A car with history is retired (fleet status I), not deleted.
    expect((await s.call('DELETE', `/api/car/${otherCarId}/`, { token: admin })).status).toBe(409);
  });
});

describe('the demo fleet', () => {
  it('seeds cars and trips from W to Z, mostly tank cars and covered hoppers, mostly permanent', async () => {
    const cars = await list('car/?page_size=0', op);
    const seeded = cars.filter((c) => c.lessor);
    expect(seeded.length).toBeGreaterThanOrEqual(10);
    expect(seeded.filter((c) => ['T', 'C'].includes(c.car_type)).length).toBeGreaterThan(seeded.length / 2);
    expect(seeded.filter((c) => c.fleet_status === 'P').length).toBeGreaterThan(seeded.length / 2);
    const events = await list('car_event/?page_size=0&ordering=event_time', op);
    const codes = new Set(events.map((e) => e.event_code));
    for (const c of ['W', 'Z', 'A', 'P']) expect(codes).toContain(c);
    // Each car's loaded trips run from a release (W) to a placement (Z).
    const byCar = new Map<number, Record<string, any>[]>();
    for (const e of events) byCar.set(e.car, [...(byCar.get(e.car) ?? []), e]);
    for (const trail of byCar.values()) {
      const w = trail.findIndex((e) => e.event_code === 'W');
      if (w < 0) continue;
      const end = trail.slice(w).find((e) => e.event_code === 'Z');
      if (end) expect(end.loaded).toBe(true);
      expect(trail[w].loaded).toBe(true);
    }
  });

  it('every seeded car and event passes the API validation and rules unchanged', async () => {
    for (const r of ['car', 'car_event']) {
      const fields = (await s.call('OPTIONS', `/api/${r}/`, { token: admin })).body.actions.POST as Record<string, { read_only: boolean }>;
      const rows = await list(`${r}/?page_size=0`);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows.slice(0, 60)) {
        const body = Object.fromEntries(Object.entries(row).filter(([k, v]) => fields[k] && !fields[k].read_only && k !== 'company' && v !== null));
        const res = await s.call('PATCH', `/api/${r}/${row.id}/`, { token: admin, body });
        if (res.status !== 200) throw new Error(`${r} ${row.id}: ${res.text}`);
      }
    }
  });

  it('is seeded once; a demo database from before the fleet gets the cars, and the demo groups their fleet permissions', async () => {
    const db = s.database.db;
    expect(await seedDemo(db)).toBe(false);
    const [g, p, gp, c] = [tableOf(group), tableOf(permission), joinTableOf(group, 'permissions'), tableOf(car)];
    const fleetGrants = (name: string) => rawRows<{ codename: string }>(db, sql`select ${p.codename} from ${gp}
      join ${g} on ${g.id} = ${gp.owner_id} join ${p} on ${p.id} = ${gp.target_id}
      where ${g.name} = ${name} and ${p.content_type} like 'fleet.%' order by 1`);
    expect((await fleetGrants('Operator')).map((x) => x.codename)).toEqual(['can_view_car_history', 'view_car', 'view_carevent']);
    expect(await fleetGrants('Driver')).toEqual([]);

    // As a database seeded before the fleet existed: no car, no fleet permission in any group.
    await db.delete(tableOf(carEvent));
    await db.delete(c);
    await db.delete(gp).where(inArray(gp.target_id, db.select({ id: p.id }).from(p).where(like(p.content_type, 'fleet.%'))));
    expect(await seedDemo(db)).toBe(true);
    expect(await db.$count(c)).toBe(12);
    expect((await fleetGrants('Operator')).map((x) => x.codename)).toEqual(['can_view_car_history', 'view_car', 'view_carevent']);
    expect((await fleetGrants('Site Administration')).length).toBe(9);
    expect(await fleetGrants('Driver')).toEqual([]);
  });
});
