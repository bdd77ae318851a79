/**
 * The maps' feature service through the real server (docs/trace.md, Maps): `car/positions/`
 * answers a GeoJSON Point a car whose last event has a location, keyed by car, narrowed to a
 * bounding box (across the antimeridian too) and by fleet status, load and lateness; a bad box is
 * refused by name; another company's cars are never in it, and a user who may not read trips gets
 * no trip in it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call } = suite;
type Feature = { id: number; geometry: { type: string; coordinates: [number, number] }; properties: Record<string, unknown> };
type Positions = { type: string; count: number; features: Feature[] };
let seq = 880000;
const cars: Record<string, number> = {};

async function newCar(fleet_status = 'P') {
  return ok(await call('POST', 'car/', { mark: 'MAPX', number: ++seq, car_type: 'T', fleet_status }), 201).id as number;
}
const event = async (car: number, code: string, time: string, station: string, loaded: boolean, lat: number | null, lon: number | null) =>
  ok(await call('POST', 'car_event/', {
    car, event_code: code, event_time: time, station, loaded, state_province: 'AB', railroad: 'CN',
    latitude: lat === null ? null : lat.toFixed(6), longitude: lon === null ? null : lon.toFixed(6),
  }), 201);
const positions = async (query = '', token = t.siteadmin) => ok(await call('GET', `car/positions/${query}`, undefined, token)) as unknown as Positions;
const mine = (p: Positions) => p.features.filter((f) => Object.values(cars).includes(f.id));

beforeAll(async () => {
  // Loaded and moving near Edmonton, released long ago with a past ETA from a lane of one completed trip.
  cars.moving = await newCar();
  await event(cars.moving, 'W', '2026-01-01T00:00:00Z', 'POS ORIGIN', true, 53.76, -113.1);
  await event(cars.moving, 'Z', '2026-01-03T00:00:00Z', 'POS DESTINATION', true, 43.25, -79.85);
  await event(cars.moving, 'W', '2026-02-01T00:00:00Z', 'POS ORIGIN', true, 53.76, -113.1);
  await event(cars.moving, 'A', '2026-02-02T00:00:00Z', 'EDMONTON', true, 53.55, -113.49);
  // Empty at a facility in Texas, temporary fleet.
  cars.placed = await newCar('T');
  await event(cars.placed, 'W', '2026-03-01T00:00:00Z', 'HARDISTY', true, 52.67, -111.3);
  await event(cars.placed, 'Z', '2026-03-09T00:00:00Z', 'PORT ARTHUR', false, 29.885, -93.94);
  // Its last event has no location: not on the map, though an earlier one had.
  cars.unlocated = await newCar();
  await event(cars.unlocated, 'W', '2026-03-01T00:00:00Z', 'HARDISTY', true, 52.67, -111.3);
  await event(cars.unlocated, 'P', '2026-03-02T00:00:00Z', 'WAINWRIGHT', true, null, null);
  // Events but no trip yet (the feed began mid-movement): placed by its last event.
  cars.noTrip = await newCar();
  await event(cars.noTrip, 'P', '2026-03-05T00:00:00Z', 'WINNIPEG', false, 49.9, -97.14);
  // Over the Pacific, either side of the antimeridian (a car ferried to Asia).
  cars.west = await newCar();
  await event(cars.west, 'W', '2026-03-05T00:00:00Z', 'ADAK', true, 51.88, -176.65);
  cars.east = await newCar();
  await event(cars.east, 'W', '2026-03-05T00:00:00Z', 'PETROPAVLOVSK', true, 53.0, 158.65);
});

describe('car positions', () => {
  it('places each car whose last event has a location, once, keyed by car, as GeoJSON', async () => {
    const all = await positions();
    expect(all.type).toBe('FeatureCollection');
    const got = mine(all);
    expect(got.map((f) => f.id).sort()).toEqual([cars.moving, cars.placed, cars.noTrip, cars.west, cars.east].sort());
    expect(new Set(all.features.map((f) => f.id)).size).toBe(all.features.length);
    const moving = got.find((f) => f.id === cars.moving)!;
    expect(moving.geometry).toEqual({ type: 'Point', coordinates: [-113.49, 53.55] });
    expect(moving.properties).toMatchObject({ label: `MAPX ${seq - 5}`, loaded: true, at_facility: false, station: 'EDMONTON', event_code: 'A', kind: 'loaded', origin: 'POS ORIGIN', eta: '2026-02-03T00:00:00.000Z', late: true });
    expect(typeof moving.properties.trip).toBe('number');
    expect(got.find((f) => f.id === cars.placed)!.properties).toMatchObject({ loaded: false, at_facility: true, station: 'PORT ARTHUR', kind: 'empty', fleet_status: 'T' });
    expect(got.find((f) => f.id === cars.noTrip)!.properties).toMatchObject({ trip: null, station: 'WINNIPEG', loaded: false });
  });

  it('narrows to a bounding box, across the antimeridian too, and by fleet status, load and lateness', async () => {
    const ids = async (q: string) => mine(await positions(q)).map((f) => f.id).sort();
    expect(await ids('?bbox=-120,50,-100,60')).toEqual([cars.moving]);
    // West 150 east -170: the Pacific view holds both sides of the antimeridian, not the Americas.
    expect(await ids('?bbox=150,40,-170,60')).toEqual([cars.west, cars.east].sort());
    expect(await ids('?fleet_status=T')).toEqual([cars.placed]);
    expect(await ids('?loaded=false')).toEqual([cars.placed, cars.noTrip].sort());
    expect(await ids('?late=true')).toEqual([cars.moving]);
    expect(await ids('?bbox=-100,20,-80,40&loaded=false')).toEqual([cars.placed]);
    expect((await positions(`?car=${cars.placed}`)).features.map((f) => f.id)).toEqual([cars.placed]);
  });

  it('refuses a bad box and unknown values by name', async () => {
    for (const bbox of ['1,2,3', 'a,b,c,d', '-200,0,0,10', '0,60,10,50', '0,-91,10,10']) {
      const res = await call('GET', `car/positions/?bbox=${bbox}`);
      expect([res.status, Object.keys(res.body as object)]).toEqual([400, ['bbox']]);
    }
    const res = await call('GET', 'car/positions/?fleet_status=Z');
    expect([res.status, Object.keys(res.body as object)]).toEqual([400, ['fleet_status']]);
  });

  it("another company sees none of the company's cars; without the right to read trips a car comes without its trip", async () => {
    expect(mine(await positions('', t.partner))).toEqual([]);
    expect((await call('GET', `car/positions/?car=${cars.moving}`, undefined, t.partner)).status).toBe(400);
    expect((await call('GET', 'car/positions/', undefined, t.driver)).status).toBe(403);
    // The operator's group loses the right to read trips for a moment.
    const [group] = ok(await call('GET', 'groups/?name=Operator&page_size=0', undefined, t.admin)) as unknown as { id: number; permissions: number[]; version: number }[];
    const [viewTrip] = ok(await call('GET', 'permission/?codename=view_trip&page_size=0', undefined, t.admin)) as unknown as { id: number }[];
    expect(group.permissions).toContain(viewTrip.id);
    const patched = ok(await call('PATCH', `groups/${group.id}/`, { permissions: group.permissions.filter((p) => p !== viewTrip.id), version: group.version }, t.admin));
    try {
      const seen = mine(await positions('', t.operator)).find((f) => f.id === cars.moving)!;
      expect(seen.properties).toMatchObject({ station: 'EDMONTON', loaded: true });
      expect(Object.keys(seen.properties)).not.toContain('trip');
      expect(Object.keys(seen.properties)).not.toContain('eta');
      const late = await call('GET', 'car/positions/?late=true', undefined, t.operator);
      expect([late.status, Object.keys(late.body as object)]).toEqual([400, ['late']]);
    } finally {
      ok(await call('PATCH', `groups/${group.id}/`, { permissions: group.permissions, version: patched.version }, t.admin));
    }
  });
});
