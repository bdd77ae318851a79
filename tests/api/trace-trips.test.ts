/**
 * Trips through the real server (docs/trace.md, Trips, Matching, ETA): a car's trips follow its
 * events as they are recorded, corrected, deleted and recorded late or out of order; a loaded trip
 * finds the car load shipped for it, or is matched and unmatched by hand; an ETA comes from the
 * lane's completed trips; trips are never made or deleted through the API, nor read by another
 * company.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call, refused } = suite;
type Trip = Record<string, unknown> & { id: number };
let carSeq = 770000;

async function newCar(mark = 'TILX', number = ++carSeq) {
  return ok(await call('POST', 'car/', { mark, number, car_type: 'T', fleet_status: 'P' }), 201).id as number;
}
const event = async (car: number, code: string, time: string, station: string, loaded = true, extra: Record<string, unknown> = {}) =>
  ok(await call('POST', 'car_event/', { car, event_code: code, event_time: time, station, loaded, state_province: 'AB', railroad: 'CN', ...extra }), 201);
const tripsOf = async (car: number) => ok(await call('GET', `trip/?car=${car}&ordering=released_at&page_size=0`)) as unknown as Trip[];

beforeAll(async () => {
  await shippingIds(suite);
});

describe('trips follow the car events', () => {
  it('a release and a placement make a loaded trip and the empty trip after it; a late event, a correction and a delete rebuild them', async () => {
    const car = await newCar();
    await event(car, 'W', '2026-10-01T12:00:00Z', 'HARDISTY');
    await event(car, 'P', '2026-10-01T20:00:00Z', 'HARDISTY');
    let [loaded] = await tripsOf(car);
    expect(loaded).toMatchObject({ kind: 'loaded', status: 'in_transit', origin_station: 'HARDISTY', last_station: 'HARDISTY', last_event_code: 'P', event_count: 2, placed_at: null });
    const z = await event(car, 'Z', '2026-10-10T02:00:00Z', 'PORT ARTHUR', true, { state_province: 'TX', latitude: '29.885000', longitude: '-93.940000' });
    const [done, empty] = await tripsOf(car);
    expect(done).toMatchObject({ id: loaded.id, status: 'completed', destination_station: 'PORT ARTHUR', destination_state: 'TX', transit_days: '8.58', event_count: 3 });
    expect(empty).toMatchObject({ kind: 'empty', status: 'in_transit', origin_station: 'PORT ARTHUR', last_latitude: '29.885000', event_count: 1 });
    // An arrival recorded late, between the two: the same trip, one more event and a stop at Regina.
    await event(car, 'A', '2026-10-03T06:00:00Z', 'REGINA', true, { state_province: 'SK' });
    [loaded] = await tripsOf(car);
    expect(loaded).toMatchObject({ id: done.id, event_count: 4 });
    expect((loaded.stops as { station: string }[]).map((s) => s.station)).toEqual(['HARDISTY', 'REGINA', 'PORT ARTHUR']);
    const listed = ok(await call('GET', `trip/${loaded.id}/events/`)) as unknown as { event_code: string }[];
    expect(listed.map((e) => e.event_code)).toEqual(['W', 'P', 'A', 'Z']);
    // Notes are the user's and survive a rebuild.
    ok(await call('PATCH', `trip/${loaded.id}/`, { notes: 'Slow at Regina', version: loaded.version }));
    // The placement corrected to a day later: the transit follows, the trip is the same.
    ok(await call('PATCH', `car_event/${z.id as number}/`, { event_time: '2026-10-11T02:00:00Z', version: z.version }));
    [loaded] = await tripsOf(car);
    expect(loaded).toMatchObject({ id: done.id, transit_days: '9.58', notes: 'Slow at Regina' });
    // The placement deleted: the car is in transit again and the empty trip is gone.
    ok(await call('DELETE', `car_event/${z.id as number}/`), 204);
    const after = await tripsOf(car);
    expect(after.map((x) => [x.id, x.kind, x.status])).toEqual([[done.id, 'loaded', 'in_transit']]);
  });

  it('events recorded out of order make the trips events in order would', async () => {
    const a = await newCar();
    const b = await newCar();
    const evs: [string, string, string, boolean][] = [
      ['W', '2026-09-01T10:00:00Z', 'FORT SASKATCHEWAN', true], ['J', '2026-09-03T10:00:00Z', 'EMERSON', true], ['R', '2026-09-03T18:00:00Z', 'EMERSON', true],
      ['Z', '2026-09-09T10:00:00Z', 'MONT BELVIEU', true], ['P', '2026-09-11T10:00:00Z', 'MONT BELVIEU', false], ['Z', '2026-09-18T10:00:00Z', 'FORT SASKATCHEWAN', false],
      ['W', '2026-09-20T10:00:00Z', 'FORT SASKATCHEWAN', true],
    ];
    for (const e of evs) await event(a, ...e);
    for (const i of [3, 6, 0, 5, 1, 4, 2]) await event(b, ...evs[i]);
    const shape = (xs: Trip[]) => xs.map((x) => [x.kind, x.status, x.origin_station, x.destination_station, x.released_at, x.placed_at, x.transit_days, x.event_count]);
    expect(shape(await tripsOf(b))).toEqual(shape(await tripsOf(a)));
    expect(shape(await tripsOf(a))).toEqual([
      ['loaded', 'completed', 'FORT SASKATCHEWAN', 'MONT BELVIEU', '2026-09-01T10:00:00.000Z', '2026-09-09T10:00:00.000Z', '8.00', 4],
      ['empty', 'completed', 'MONT BELVIEU', 'FORT SASKATCHEWAN', '2026-09-09T10:00:00.000Z', '2026-09-18T10:00:00.000Z', '9.00', 3],
      ['loaded', 'in_transit', 'FORT SASKATCHEWAN', null, '2026-09-20T10:00:00.000Z', null, null, 1],
    ]);
  });

  it('events of one car written at the same time make the trips they make one after another', async () => {
    const a = await newCar();
    const b = await newCar();
    const evs: [string, string, string, boolean][] = [
      ['W', '2026-07-01T10:00:00Z', 'JOFFRE', true], ['A', '2026-07-03T10:00:00Z', 'WINNIPEG', true], ['Z', '2026-07-06T10:00:00Z', 'SARNIA', true],
      ['W', '2026-07-08T10:00:00Z', 'SARNIA', false], ['Z', '2026-07-12T10:00:00Z', 'JOFFRE', false], ['W', '2026-07-14T10:00:00Z', 'JOFFRE', true],
    ];
    for (const e of evs) await event(a, ...e);
    // On PostgreSQL these run in their own transactions at once; each rebuild waits for the car.
    await Promise.all(evs.map((e) => event(b, ...e)));
    const shape = (xs: Trip[]) => xs.map((x) => [x.kind, x.status, x.origin_station, x.destination_station, x.released_at, x.placed_at, x.event_count]);
    expect(shape(await tripsOf(b))).toEqual(shape(await tripsOf(a)));
    expect((await tripsOf(b)).map((x) => [x.kind, x.event_count])).toEqual([['loaded', 3], ['empty', 3], ['loaded', 1]]);
  });

  it("an in-transit trip's ETA is its release plus the median transit of the lane's completed trips", async () => {
    const car = await newCar();
    // Two completed trips on a lane of its own, 4 and 6 days; a third leaves on 1 November.
    for (const [from, days] of [['2026-08-01', 4], ['2026-08-20', 6]] as const) {
      await event(car, 'W', `${from}T00:00:00Z`, 'ETA ORIGIN');
      await event(car, 'Z', new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString(), 'ETA DESTINATION', true, { state_province: 'ON' });
    }
    await event(car, 'W', '2026-11-01T00:00:00Z', 'ETA ORIGIN');
    const trips = await tripsOf(car);
    expect(trips.at(-1)).toMatchObject({ status: 'in_transit', eta: '2026-11-06T00:00:00.000Z' });
    expect(trips.filter((x) => x.status === 'completed').every((x) => x.eta === null)).toBe(true);
  });
});

describe('a loaded trip and its car load', () => {
  it('finds the car load shipped for it; a match taken off or made by hand is kept', async () => {
    const x = await readyShipment(suite, { day: '2026-11-05', cars: 1, mark: 'UTLX' });
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const [load] = ok(await call('GET', `loaded_rail_car/?rail_shipment=${x.id}&page_size=0`)) as unknown as { id: number; car_mark: string; car_number: number }[];
    const car = await newCar(load.car_mark, load.car_number);
    await event(car, 'W', '2026-11-06T09:00:00Z', 'FORT SASKATCHEWAN');
    let [loaded] = await tripsOf(car);
    expect(loaded).toMatchObject({ match: 'auto', loaded_rail_car: load.id, rail_shipment: x.id });
    expect(shipped.status).toBe('shipped');
    // A release a week later is another trip: no load of that car was shipped then.
    await event(car, 'Z', '2026-11-09T09:00:00Z', 'HARDISTY');
    await event(car, 'W', '2026-11-14T09:00:00Z', 'FORT SASKATCHEWAN');
    expect((await tripsOf(car)).filter((t2) => t2.kind === 'loaded').map((t2) => t2.match)).toEqual(['auto', 'none']);

    ok(await call('POST', `trip/${loaded.id}/unmatch_car_load/`, {}));
    await event(car, 'A', '2026-11-07T09:00:00Z', 'EDMONTON');
    [loaded] = await tripsOf(car);
    expect(loaded).toMatchObject({ match: 'unmatched', loaded_rail_car: null, rail_shipment: null });
    ok(await call('POST', `trip/${loaded.id}/match_car_load/`, { loaded_rail_car: load.id }));
    [loaded] = await tripsOf(car);
    expect(loaded).toMatchObject({ match: 'manual', loaded_rail_car: load.id, rail_shipment: x.id });
    // Another car's load, a load on another trip, an empty trip: refused, nothing written.
    const later = (await tripsOf(car)).filter((t2) => t2.kind === 'loaded')[1];
    const taken = await refused('POST', `trip/${later.id}/match_car_load/`, { loaded_rail_car: load.id });
    expect([taken.status, taken.changed]).toEqual([409, []]);
    const other = await readyShipment(suite, { day: '2026-11-05', cars: 1, mark: 'GATX' });
    const [otherLoad] = ok(await call('GET', `loaded_rail_car/?rail_shipment=${other.id}&page_size=0`)) as unknown as { id: number }[];
    const wrong = await refused('POST', `trip/${later.id}/match_car_load/`, { loaded_rail_car: otherLoad.id });
    expect([wrong.status, Object.keys(wrong.body), wrong.changed]).toEqual([400, ['loaded_rail_car'], []]);
    const empty = (await tripsOf(car)).find((t2) => t2.kind === 'empty')!;
    expect((await refused('POST', `trip/${empty.id}/match_car_load/`, { loaded_rail_car: load.id })).status).toBe(400);
  });
});

describe('the geofence', () => {
  const EDMONTON = { type: 'Polygon', coordinates: [[[-113.7, 53.4], [-113.2, 53.4], [-113.2, 53.7], [-113.7, 53.7], [-113.7, 53.4]]] };
  const at = (lon: number, lat: number) => ({ longitude: lon.toFixed(6), latitude: lat.toFixed(6) });

  it('answers the cars whose last location is inside (its edge too), and the events inside since a time', async () => {
    const inside = await newCar('GATX');
    const edge = await newCar('GATX');
    const outside = await newCar('GATX');
    const left = await newCar('GATX');
    await event(inside, 'W', '2026-11-20T10:00:00Z', 'EDMONTON', true, at(-113.5, 53.55));
    await event(edge, 'W', '2026-11-20T10:00:00Z', 'EDMONTON', true, at(-113.45, 53.4));
    await event(outside, 'W', '2026-11-20T10:00:00Z', 'HARDISTY', true, at(-111.3, 52.68));
    // Inside once, then gone east: its last location is outside.
    await event(left, 'W', '2026-11-20T10:00:00Z', 'EDMONTON', true, at(-113.5, 53.55));
    await event(left, 'A', '2026-11-21T10:00:00Z', 'WAINWRIGHT', true, at(-110.86, 52.84));
    const res = ok(await call('POST', 'trip/get_records_in_geofence/', { geofence: EDMONTON }));
    const cars = (res.cars as { car: number }[]).map((x) => x.car);
    expect(cars).toEqual(expect.arrayContaining([inside, edge]));
    for (const no of [outside, left]) expect(cars).not.toContain(no);
    const events = ok(await call('POST', 'trip/get_records_in_geofence/', { geofence: { type: 'Feature', properties: {}, geometry: EDMONTON }, geofence_context: 'events', since: '2026-11-19T00:00:00Z' }));
    const evCars = (events.events as { car: number }[]).map((x) => x.car);
    expect(evCars).toEqual(expect.arrayContaining([inside, edge, left]));
    expect(evCars).not.toContain(outside);
    // Another company's geofence holds none of these cars.
    const theirs = ok(await call('POST', 'trip/get_records_in_geofence/', { geofence: EDMONTON }, t.partner));
    expect((theirs.cars as { car: number }[]).map((x) => x.car)).not.toContain(inside);
  });

  it('refuses a polygon across the antimeridian and what is not a polygon, on the geofence field, writing nothing', async () => {
    for (const geofence of [
      { type: 'Polygon', coordinates: [[[170, 60], [-170, 60], [-170, 66], [170, 66], [170, 60]]] },
      { type: 'Point', coordinates: [-113, 53] },
      { type: 'Polygon', coordinates: [[[-113.7, 53.4], [-113.2, 53.4], [-113.2, 53.7]]] },
    ]) {
      const res = await refused('POST', 'trip/get_records_in_geofence/', { geofence });
      expect([res.status, Object.keys(res.body), res.changed]).toEqual([400, ['geofence'], []]);
    }
    const across = await call('POST', 'trip/get_records_in_geofence/', { geofence: { type: 'Polygon', coordinates: [[[170, 60], [-170, 60], [-170, 66], [170, 66], [170, 60]]] } });
    expect(across.body.geofence[0]).toMatch(/antimeridian/);
  });
});

describe('trip metrics', () => {
  it('answers the slowest lanes and the longest dwells on the way, at most 25 of each', async () => {
    const car = await newCar('NATX');
    // Kindersley to Vancouver: 10 days, held 30 hours at Kamloops on the way.
    await event(car, 'W', '2026-10-01T00:00:00Z', 'KINDERSLEY', true, { state_province: 'SK' });
    await event(car, 'A', '2026-10-04T00:00:00Z', 'KAMLOOPS', true, { state_province: 'BC' });
    await event(car, 'P', '2026-10-05T06:00:00Z', 'KAMLOOPS', true, { state_province: 'BC' });
    await event(car, 'Z', '2026-10-11T00:00:00Z', 'VANCOUVER', true, { state_province: 'BC' });
    const m = ok(await call('GET', 'dashboard/rail/trip_metrics/?days=366'));
    expect(m).toMatchObject({ days: 366, limit: 25 });
    const lanes = m.lanes as { origin: string; destination: string; trips: number; median_days: number }[];
    expect(lanes.length).toBeLessThanOrEqual(25);
    expect(lanes.find((l) => l.origin === 'KINDERSLEY')).toMatchObject({ destination: 'VANCOUVER', trips: 1, median_days: 10 });
    expect(lanes.map((l) => l.median_days)).toEqual([...lanes.map((l) => l.median_days)].sort((a, b) => b - a));
    const dwells = m.dwells as { station: string; stops: number; median_hours: number }[];
    expect(dwells.find((d) => d.station === 'KAMLOOPS')).toMatchObject({ stops: 1, median_hours: 30 });
    // The origin and the destination are loading and unloading, not dwell on the way.
    expect(dwells.find((d) => d.station === 'KINDERSLEY' || d.station === 'VANCOUVER')).toBeUndefined();
    expect((ok(await call('GET', 'dashboard/rail/trip_metrics/?days=366&limit=1')).lanes as unknown[]).length).toBe(1);
    // Another company's metrics hold none of ours.
    const theirs = ok(await call('GET', 'dashboard/rail/trip_metrics/?days=366', undefined, t.partner));
    expect((theirs.lanes as { origin: string }[]).find((l) => l.origin === 'KINDERSLEY')).toBeUndefined();
  });

  it('refuses a limit over 25, days out of range and unknown parameters by name; needs the right to read trips', async () => {
    for (const [query, field] of [['limit=26', 'limit'], ['days=0', 'days'], ['days=x', 'days'], ['top=5', 'top']]) {
      const res = await call('GET', `dashboard/rail/trip_metrics/?${query}`);
      expect([res.status, Object.keys(res.body)]).toEqual([400, [field]]);
    }
    expect((await call('GET', 'dashboard/rail/trip_metrics/', undefined, t.driver)).status).toBe(403);
  });
});

describe('the fleet overview', () => {
  it("counts the cars by fleet status and the active ones by where their current trip has them", async () => {
    const before = ok(await call('GET', 'car/overview/'));
    const moving = await newCar();
    await event(moving, 'W', '2026-11-20T00:00:00Z', 'HARDISTY');
    await event(moving, 'B', '2026-11-21T00:00:00Z', 'REGINA', true, { state_province: 'SK' });
    const placed = ok(await call('POST', 'car/', { mark: 'TILX', number: ++carSeq, car_type: 'T', fleet_status: 'T' }), 201).id as number;
    await event(placed, 'W', '2026-11-18T00:00:00Z', 'HARDISTY');
    await event(placed, 'Z', '2026-11-22T00:00:00Z', 'SARNIA', true, { state_province: 'ON' });
    const retired = ok(await call('POST', 'car/', { mark: 'TILX', number: ++carSeq, car_type: 'T', fleet_status: 'I' }), 201).id as number;
    await event(retired, 'W', '2026-11-18T00:00:00Z', 'HARDISTY');
    await newCar();
    const after = ok(await call('GET', 'car/overview/'));
    const d = (path: (o: Record<string, any>) => number) => path(after) - path(before);
    expect(d((o) => o.cars)).toBe(4);
    expect([d((o) => o.fleet_status.P), d((o) => o.fleet_status.T), d((o) => o.fleet_status.I)]).toEqual([2, 1, 1]);
    expect({
      loaded_moving: d((o) => o.movement.loaded_moving), loaded_at_facility: d((o) => o.movement.loaded_at_facility), empty_moving: d((o) => o.movement.empty_moving),
      bad_ordered: d((o) => o.movement.bad_ordered), held: d((o) => o.movement.held), no_events: d((o) => o.movement.no_events),
    }).toEqual({ loaded_moving: 1, loaded_at_facility: 1, empty_moving: 0, bad_ordered: 1, held: 0, no_events: 1 });
    // The counts are what the trips table answers for the same filters, the tiles' links: the
    // current trips of active cars (the retired car's trip is in transit too, and is not counted).
    const tiles = { loaded_moving: 'last_loaded=true&at_facility=false', loaded_at_facility: 'last_loaded=true&at_facility=true', empty_moving: 'last_loaded=false&at_facility=false', empty_at_facility: 'last_loaded=false&at_facility=true' };
    for (const [key, filters] of Object.entries(tiles)) {
      const counted = ok(await call('GET', `trip/count/?status=in_transit&car_fleet_status=P,T&${filters}`));
      expect([key, counted.count]).toEqual([key, (after.movement as Record<string, number>)[key]]);
    }
    const listed = ok(await call('GET', 'trip/?status=in_transit&car_fleet_status=P,T&page_size=0')) as unknown as { car: number; car_fleet_status: string }[];
    expect(listed.map((x) => x.car)).toEqual(expect.arrayContaining([moving, placed]));
    expect(listed.map((x) => x.car)).not.toContain(retired);
    expect(listed.find((x) => x.car === placed)?.car_fleet_status).toBe('T');
  });
});

describe('the track-and-trace overview', () => {
  it('counts the trips now, and its links filter the trips table to the same trips', async () => {
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    const before = ok(await call('GET', 'trip/overview/'));
    const partnerBefore = ok(await call('GET', 'trip/overview/', undefined, t.partner));
    // A lane of its own: two days from OVERVIEW PIT to OVERVIEW BAY, done a month ago.
    const lane = await newCar();
    await event(lane, 'W', ago(32), 'OVERVIEW PIT');
    await event(lane, 'Z', ago(30), 'OVERVIEW BAY');
    const late = await newCar();
    await event(late, 'W', ago(5), 'OVERVIEW PIT');
    const due = await newCar();
    await event(due, 'W', ago(1.5), 'OVERVIEW PIT');
    const unknown = await newCar();
    await event(unknown, 'W', ago(1), 'OVERVIEW NOWHERE');
    const placed = await newCar();
    await event(placed, 'W', ago(4), 'OVERVIEW PIT');
    await event(placed, 'Z', ago(2), 'OVERVIEW BAY');
    const after = ok(await call('GET', 'trip/overview/'));
    const keys = ['loaded_in_transit', 'empty_in_transit', 'late', 'due_soon', 'no_eta', 'placed_lately', 'not_matched', 'bad_ordered', 'held'];
    const delta = Object.fromEntries(keys.map((k) => [k, (after[k] as number) - (before[k] as number)]));
    expect(delta).toEqual({ loaded_in_transit: 3, empty_in_transit: 2, late: 1, due_soon: 1, no_eta: 1, placed_lately: 1, not_matched: 5, bad_ordered: 0, held: 0 });
    // The links of the counts ask the trips table for the same trips, at the instant of the counts.
    const cars = async (query: string) => (ok(await call('GET', `trip/?${query}&page_size=0`)) as unknown as Trip[]).map((x) => x.car);
    const now = encodeURIComponent(String(after.now));
    const lateCars = await cars(`kind=loaded&status=in_transit&eta__lte=${now}`);
    expect(lateCars).toContain(late);
    expect(lateCars).not.toContain(due);
    expect(lateCars).toHaveLength(after.late as number);
    const dueCars = await cars(`kind=loaded&status=in_transit&eta__gte=${now}&eta__lte=${encodeURIComponent(String(after.due_by))}`);
    expect(dueCars).toContain(due);
    expect(dueCars).toHaveLength(after.due_soon as number);
    const placedCars = await cars(`kind=loaded&status=completed&placed_at__gte=${encodeURIComponent(String(after.placed_since))}`);
    expect(placedCars).toContain(placed);
    expect(placedCars).not.toContain(lane);
    // Another company counts its own trips only; a driver reads none.
    expect(ok(await call('GET', 'trip/overview/', undefined, t.partner))).toMatchObject({ loaded_in_transit: partnerBefore.loaded_in_transit, not_matched: partnerBefore.not_matched });
    expect((await call('GET', 'trip/overview/', undefined, t.driver)).status).toBe(403);
  });
});

describe('trips are built, not written', () => {
  it('refuses making, deleting and copying a trip; another company reads none', async () => {
    const car = await newCar();
    await event(car, 'W', '2026-10-01T00:00:00Z', 'HARDISTY');
    const [one] = await tripsOf(car);
    for (const [method, path] of [['POST', 'trip/'], ['DELETE', `trip/${one.id}/`], ['POST', `trip/${one.id}/clone/`]] as const) {
      const res = await refused(method, path, method === 'POST' && path === 'trip/' ? { car, released_at: '2026-10-01T00:00:00Z', start_event: 1 } : {});
      expect([res.status, res.changed]).toEqual([400, []]);
    }
    expect((await call('GET', `trip/${one.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', `trip/${one.id}/events/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', 'trip/', undefined, t.driver)).status).toBe(403);
  });
});
