/**
 * Trip building from car location messages (src/lib/trips.ts, docs/trace.md, Trips): the W...Z
 * loaded trip and the empty trip after it, missing events, events out of order, a car on two lanes,
 * stops and dwell, and local station times read into UTC across a daylight-saving change.
 */
import { describe, expect, it } from 'vitest';
import { type TripEvent, buildTrips, etaOf, medianTransitDays } from '../../src/lib/trips';
import { instantOfWallTime } from '../../src/lib/time-zone';

let seq = 0;
const ev = (code: string, time: string, station: string, loaded = true, state = 'AB'): TripEvent => ({ id: ++seq, code, time, station, state, loaded, railroad: 'CN' });

/** Hardisty AB to Port Arthur TX and back: W, P, A/P at a yard, A, Z; then the empty return placed at Hardisty. */
function cycle(start = Date.parse('2026-10-01T12:00:00Z')) {
  const t = (hours: number) => new Date(start + hours * 3_600_000).toISOString();
  return [
    ev('W', t(0), 'HARDISTY'), ev('P', t(8), 'HARDISTY'),
    ev('A', t(30), 'REGINA', true, 'SK'), ev('P', t(41), 'REGINA', true, 'SK'),
    ev('A', t(200), 'PORT ARTHUR', true, 'TX'), ev('Z', t(206), 'PORT ARTHUR', true, 'TX'),
    ev('W', t(260), 'PORT ARTHUR', false, 'TX'), ev('P', t(262), 'PORT ARTHUR', false, 'TX'),
    ev('A', t(430), 'HARDISTY', false), ev('Z', t(434), 'HARDISTY', false),
  ];
}

describe('trips from car location messages', () => {
  it('a W...Z sequence is a loaded trip; from its placement to the next loaded release, an empty trip', () => {
    const events = cycle();
    const next = ev('W', '2026-10-21T08:00:00Z', 'HARDISTY');
    const [loaded, empty, again] = buildTrips([...events, next]);
    expect(loaded).toMatchObject({
      kind: 'loaded', status: 'completed', start_event: events[0].id, origin_station: 'HARDISTY', destination_station: 'PORT ARTHUR', destination_state: 'TX',
      released_at: '2026-10-01T12:00:00.000Z', arrived_at: '2026-10-09T20:00:00.000Z', placed_at: '2026-10-10T02:00:00.000Z', transit_days: 8.58,
    });
    expect(loaded.events).toEqual(events.slice(0, 6).map((e) => e.id));
    // Dwell: 8 h at the origin, 11 h at Regina, 6 h from arrival to placement at the consignee.
    expect(loaded.stops.map((s) => [s.station, s.hours])).toEqual([['HARDISTY', 8], ['REGINA', 11], ['PORT ARTHUR', 6]]);
    expect(empty).toMatchObject({
      kind: 'empty', status: 'completed', start_event: events[5].id, origin_station: 'PORT ARTHUR', destination_station: 'HARDISTY',
      released_at: events[6].time, placed_at: events[9].time, arrived_at: events[8].time,
    });
    expect(empty.events).toEqual(events.slice(5).map((e) => e.id));
    expect(again).toMatchObject({ kind: 'loaded', status: 'in_transit', placed_at: null, transit_days: null, last: next });
  });

  it('events that arrive out of order make the same trips', () => {
    const events = cycle();
    const shuffled = [events[7], events[2], events[9], events[0], events[5], events[3], events[8], events[1], events[6], events[4]];
    expect(buildTrips(shuffled)).toEqual(buildTrips(events));
  });

  it('a release with no placement after it is in transit; a second release before a placement leaves the first incomplete', () => {
    const w1 = ev('W', '2026-10-01T00:00:00Z', 'HARDISTY');
    const a = ev('A', '2026-10-02T00:00:00Z', 'REGINA', true, 'SK');
    expect(buildTrips([w1, a])).toMatchObject([{ kind: 'loaded', status: 'in_transit', last: a, destination_station: null }]);
    const w2 = ev('W', '2026-10-20T00:00:00Z', 'HARDISTY');
    const z2 = ev('Z', '2026-10-28T00:00:00Z', 'SARNIA', true, 'ON');
    const [first, second, third] = buildTrips([w1, a, w2, z2]);
    expect(first).toMatchObject({ status: 'incomplete', placed_at: null, events: [w1.id, a.id] });
    expect(second).toMatchObject({ status: 'completed', destination_station: 'SARNIA', transit_days: 8 });
    expect(third).toMatchObject({ kind: 'empty', status: 'in_transit', events: [z2.id] });
  });

  it('a feed that starts mid-movement: events before the first release or placement belong to no trip', () => {
    const p = ev('P', '2026-10-01T00:00:00Z', 'REGINA', true, 'SK');
    const z = ev('Z', '2026-10-03T00:00:00Z', 'SARNIA', true, 'ON');
    const back = ev('P', '2026-10-04T00:00:00Z', 'SARNIA', false, 'ON');
    expect(buildTrips([p])).toEqual([]);
    expect(buildTrips([p, z, back])).toMatchObject([{ kind: 'empty', status: 'in_transit', start_event: z.id, events: [z.id, back.id] }]);
  });

  it('a car on two lanes: each trip keeps its own origin and destination; bad orders and holds are flagged on the trip', () => {
    const a = [ev('W', '2026-09-01T00:00:00Z', 'FORT SASKATCHEWAN'), ev('B', '2026-09-03T00:00:00Z', 'WINNIPEG', true, 'MB'), ev('Z', '2026-09-08T00:00:00Z', 'SARNIA', true, 'ON')];
    const b = [ev('W', '2026-09-20T00:00:00Z', 'FORT SASKATCHEWAN'), ev('H', '2026-09-22T00:00:00Z', 'EMERSON', true, 'MB'), ev('Z', '2026-09-29T00:00:00Z', 'MONT BELVIEU', true, 'TX')];
    const trips = buildTrips([...b, ...a]).filter((x) => x.kind === 'loaded');
    expect(trips.map((x) => [x.origin_station, x.destination_station, x.transit_days, x.bad_ordered, x.held])).toEqual([
      ['FORT SASKATCHEWAN', 'SARNIA', 7, true, false],
      ['FORT SASKATCHEWAN', 'MONT BELVIEU', 9, false, true],
    ]);
  });

  it('station times read into UTC across a daylight-saving change count the real hours between', () => {
    // Released at Port Arthur, Texas on Saturday 7 March 2026 at 22:00 CST; placed at 10:00 CDT on Monday 9 March (clocks went forward at 02:00 on the 8th).
    const released = instantOfWallTime('2026-03-07T22:00', 'America/Chicago')!;
    const placed = instantOfWallTime('2026-03-09T10:00', 'America/Chicago')!;
    expect([released, placed]).toEqual(['2026-03-08T04:00:00.000Z', '2026-03-09T15:00:00.000Z']);
    const [t] = buildTrips([ev('W', released, 'PORT ARTHUR', true, 'TX'), ev('Z', placed, 'BEAUMONT', true, 'TX')]);
    // 35 hours, not the 36 the wall clocks suggest.
    expect(t.transit_days).toBe(1.46);
  });

  it("an ETA is the release plus the lane's median transit", () => {
    expect(medianTransitDays([])).toBeNull();
    expect(medianTransitDays([9, 7, 8])).toBe(8);
    expect(medianTransitDays([9, 7, 8, 10])).toBe(8.5);
    expect(etaOf('2026-10-01T12:00:00.000Z', 8.5)).toBe('2026-10-10T00:00:00.000Z');
    expect(etaOf('2026-10-01T12:00:00.000Z', null)).toBeNull();
  });
});
