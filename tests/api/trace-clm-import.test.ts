/**
 * Car location messages imported in station time through the real server (docs/trace.md,
 * Importing car location messages): times read into UTC by each station's zone (a place without
 * daylight saving time, a time the clocks skip, a time they repeat, a trip across the change),
 * every row checked before anything is written, a message sent again written once, and who may.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_CLM_EVENTS } from '../../src/resources/fleet/clm-import';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, call, refused, rows } = suite;
let carSeq = 660000;

async function newCar(token = t.siteadmin) {
  const number = ++carSeq;
  ok(await call('POST', 'car/', { mark: 'CLMX', number, car_type: 'T' }, token), 201);
  return number;
}
const msg = (number: number, code: string, time: string, station: string, state: string, extra: Record<string, unknown> = {}) =>
  ({ mark: 'CLMX', number, event_code: code, event_time: time, station, state_province: state, railroad: 'CN', loaded: true, ...extra });
const importing = (events: unknown[], token = t.siteadmin) => call('POST', 'car_event/import_clm/', { events }, token);
const eventsOf = async (number: number) => rows<{ code: string; time: Date; station: string; state: string; latitude: string | null }>(sql`
  select e.event_code as code, e.event_time as time, e.station, e.state_province as state, e.latitude::text as latitude
  from car_event e join car c on c.id = e.car_id where c.mark = 'CLMX' and c.number = ${number} order by e.event_time, e.id`);
const iso = (d: Date) => new Date(d).toISOString();

describe('times in the station\'s zone', () => {
  it('reads a Regina time as Central Standard Time all year: Saskatchewan does not spring forward', async () => {
    const car = await newCar();
    // 8 March 2026 is the night the US (and Manitoba) spring forward; 02:30 exists in Regina.
    const res = ok(await importing([msg(car, 'W', '2026-03-08T02:30', 'Regina', 'sk'), msg(car, 'P', '2026-07-01 14:00', 'REGINA', 'SK')]), 201);
    expect(res).toMatchObject({ created: 2, already_recorded: 0, cars: 1 });
    expect((res.events as Record<string, unknown>[]).map((e) => [e.row, e.event_time, e.time_zone])).toEqual([
      [1, '2026-03-08T08:30:00.000Z', 'America/Regina'], [2, '2026-07-01T20:00:00.000Z', 'America/Regina'],
    ]);
    const stored = await eventsOf(car);
    expect(stored.map((e) => [e.code, iso(e.time), e.station, e.state])).toEqual([
      ['W', '2026-03-08T08:30:00.000Z', 'REGINA', 'SK'], ['P', '2026-07-01T20:00:00.000Z', 'REGINA', 'SK'],
    ]);
    // A message without a location places the car at the station.
    expect(stored[0].latitude).toBe('50.445200');
  });

  it('refuses a time the clocks skip when they spring forward, and writes nothing', async () => {
    const car = await newCar();
    const res = await refused('POST', 'car_event/import_clm/', { events: [msg(car, 'A', '2026-03-07T23:00', 'Shreveport', 'LA'), msg(car, 'A', '2026-03-08T02:30', 'Port Arthur', 'TX')] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ rows: { 2: { event_time: ['2026-03-08T02:30 does not exist at PORT ARTHUR TX (America/Chicago): the clocks spring forward over it that night. Check the message\'s time.'] } } });
    expect(res.changed).toEqual([]);
  });

  it('reads a time the clocks repeat as its first occurrence unless the row asks for the second', async () => {
    const car = await newCar();
    const res = ok(await importing([
      msg(car, 'A', '2026-11-01T01:30', 'Port Arthur', 'TX'),
      msg(car, 'P', '2026-11-01T01:30', 'Port Arthur', 'TX', { occurrence: 'second' }),
    ]), 201);
    // 01:30 CDT is 06:30 UTC; an hour later the clocks say 01:30 again, CST: 07:30 UTC.
    expect((res.events as { event_time: string }[]).map((e) => e.event_time)).toEqual(['2026-11-01T06:30:00.000Z', '2026-11-01T07:30:00.000Z']);
    const once = await refused('POST', 'car_event/import_clm/', { events: [msg(car, 'A', '2026-11-02T01:30', 'Port Arthur', 'TX', { occurrence: 'second' })] });
    expect(once.body).toEqual({ rows: { 1: { occurrence: ['2026-11-02T01:30 happens once at PORT ARTHUR TX (America/Chicago): only a time the clocks repeat when they fall back has a second occurrence.'] } } });
  });

  it('a trip across the spring change counts the real hours, and its trips are built once from the import', async () => {
    const car = await newCar();
    // Released at Hardisty at 22:00 MST on 7 March, placed at Port Arthur at 10:00 CDT on the 9th: 34 hours.
    const res = ok(await importing([
      msg(car, 'W', '2026-03-07T22:00', 'Hardisty', 'AB'),
      msg(car, 'A', '2026-03-08T18:00', 'Regina', 'SK'),
      msg(car, 'Z', '2026-03-09T10:00', 'Port Arthur', 'TX'),
    ]), 201);
    expect(res.cars).toBe(1);
    const [built] = await rows<{ released: Date; placed: Date; days: string; events: number; origin: string; destination: string }>(sql`
      select t.released_at as released, t.placed_at as placed, t.transit_days::text as days, t.event_count as events, t.origin_station as origin, t.destination_station as destination
      from trip t join car c on c.id = t.car_id where c.mark = 'CLMX' and c.number = ${car} and t.kind = 'loaded'`);
    expect(built).toMatchObject({ days: '1.42', events: 3, origin: 'HARDISTY', destination: 'PORT ARTHUR' });
    expect([iso(built.released), iso(built.placed)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T15:00:00.000Z']);
  });
});

describe('every row checked first', () => {
  it('refuses each row with its own faults, field by field, and writes nothing', async () => {
    const car = await newCar();
    const theirs = ok(await call('POST', 'car/', { mark: 'CLMX', number: 659999, car_type: 'T' }, t.partner), 201);
    ok(await call('POST', 'railstation/', { name: 'Partner Siding', state_province: 'AB', railroads: ['CN'], timezone: 'America/Edmonton' }, t.partner), 201);
    const res = await refused('POST', 'car_event/import_clm/', {
      events: [
        msg(car, 'A', '2026-04-01T10:00', 'Nowhere', 'AB'),
        msg(659999, 'A', '2026-04-01T10:00', 'Regina', 'SK'),
        msg(car, 'A', '2026-04-01T10:00', 'Partner Siding', 'AB'),
        msg(car, 'X', '2026-04-01T10:00-06:00', 'Regina', 'SK', { railroad: 'C1' }),
        msg(car, 'A', '2026-02-30T10:00', 'Regina', 'SK'),
        'A,2026-04-01T10:00,REGINA,SK',
        { ...msg(car, 'A', '2026-04-01T10:00', 'Regina', 'SK'), latitude: '50.1' },
        msg(car, 'A', '2026-04-01T11:00', 'Regina', 'SK'),
        msg(car, 'A', '2026-04-01T11:00', 'regina', 'sk'),
        { ...msg(car, 'A', '2026-04-01T12:00', 'Regina', 'SK'), extra: 1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      rows: {
        1: { station: ["No station NOWHERE AB in your company's rail stations: add it with its time zone first."] },
        2: { number: ['No car CLMX 659999 in your fleet.'] },
        3: { station: ["No station PARTNER SIDING AB in your company's rail stations: add it with its time zone first."] },
        4: {
          event_code: ['"X" is not a valid choice.'],
          event_time: ["Give the station's local time as yyyy-MM-ddTHH:mm, without an offset: it is read in the station's time zone."],
          railroad: ['A railroad is its 2 to 4 letter SCAC, e.g. CN, CPRS or BNSF.'],
        },
        5: { event_time: ['2026-02-30T10:00 is no day and time.'] },
        6: { non_field_errors: ['Invalid data. Expected a dictionary, but got string.'] },
        7: { longitude: ['Give the latitude and the longitude together, or neither.'] },
        9: { event_time: ['The same event as row 8.'] },
        10: { extra: ['Unknown field.'] },
      },
    });
    expect(res.changed).toEqual([]);
    expect(theirs.id).toBeTruthy();
  });

  it('takes 1 to the most events a call takes', async () => {
    expect((await refused('POST', 'car_event/import_clm/', { events: [] })).body).toEqual({ events: [`Send 1 to ${MAX_CLM_EVENTS} events; this list has 0.`] });
    const car = await newCar();
    const many = Array.from({ length: MAX_CLM_EVENTS + 1 }, (_, i) => msg(car, 'A', `2026-05-01T${String(i % 24).padStart(2, '0')}:00`, 'Regina', 'SK'));
    expect((await refused('POST', 'car_event/import_clm/', { events: many })).body).toEqual({ events: [`Send 1 to ${MAX_CLM_EVENTS} events; this list has ${MAX_CLM_EVENTS + 1}.`] });
    expect((await refused('POST', 'car_event/import_clm/', { events: 'W' })).body).toEqual({ events: ['Value must be a JSON list.'] });
  });

  it('a message sent again is written once: the second import answers it already recorded', async () => {
    const car = await newCar();
    const batch = [msg(car, 'W', '2026-06-01T08:00', 'Hardisty', 'AB', { latitude: '52.680000', longitude: '-111.300000' }), msg(car, 'P', '2026-06-01T20:00', 'Hardisty', 'AB')];
    const first = ok(await importing(batch), 201);
    const again = ok(await importing(batch), 200);
    expect(again).toMatchObject({ created: 0, already_recorded: 2, cars: 0 });
    expect((again.events as { id: number }[]).map((e) => e.id)).toEqual((first.events as { id: number }[]).map((e) => e.id));
    const stored = await eventsOf(car);
    expect(stored).toHaveLength(2);
    // A location the message gives is kept.
    expect(stored[0].latitude).toBe('52.680000');
  });
});

describe('who may', () => {
  it('needs add_carevent and the rail subscription: a dispatcher and a driver are refused', async () => {
    const car = await newCar();
    for (const who of ['dispatcher', 'driver', 'operator']) {
      expect((await refused('POST', 'car_event/import_clm/', { events: [msg(car, 'A', '2026-04-01T10:00', 'Regina', 'SK')] }, t[who])).status, who).toBe(403);
    }
  });
});
