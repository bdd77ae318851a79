/**
 * Synthetic rail cars and their car location messages, written by PostgreSQL itself (INSERT ...
 * SELECT over generate_series), shaped like the demo fleet (docs/fleet.md, Demo fleet): each car
 * runs one of the demo's lanes over and over, a loaded trip (W loaded at the origin, a departure
 * and an arrival at each yard, J and R at an interchange, a constructive placement and the
 * placement Z at the consignee) and the empty return (W empty, the yards back, Z at the origin).
 * A car's events are spread evenly over YEARS up to now, each a random part of the interval late,
 * to the minute (as railroads report them), so events of different cars share minutes; about 6 %
 * carry no coordinates. Rows are written in time order, a few hundred thousand per statement, as a
 * railroad feed would have written them over the years. Deterministic (setseed).
 *
 * The plain indexes and the foreign keys of `car_event` are dropped for the load and made again
 * afterwards, as a bulk load does (the demo seed's `withoutIndexes`), then VACUUM ANALYZE: fresh
 * statistics and the visibility map an insert-only table gets from autovacuum.
 */
import pg from 'pg';
import { LANES, type Lane, STATIONS, type StationKey } from '../../server/seed/fleet-data';

/** The reporting mark of the bench's cars: no demo car has it. */
export const BENCH_MARK = 'BMKX';

interface Step { code: string; station: StationKey; railroad: string; loaded: boolean }

/** One round trip of a lane: the loaded movement to the consignee, then the empty one back. */
export function roundTrip(lane: Lane): Step[] {
  const stops: { station: StationKey; railroad: string; interchange: string | null }[] = [];
  lane.legs.forEach((leg, i) => leg.stations.forEach((station, j) => {
    if (i > 0 && j === 0) stops[stops.length - 1].interchange = leg.railroad;
    else stops.push({ station, railroad: leg.railroad, interchange: null });
  }));
  const out: Step[] = [];
  const at = (code: string, s: (typeof stops)[number], loaded: boolean, railroad = s.railroad) => out.push({ code, station: s.station, railroad, loaded });
  // Loaded: released at the origin, through the yards (and the interchange), placed at the end.
  at('W', stops[0], true);
  at('P', stops[0], true);
  for (const s of stops.slice(1, -1)) {
    at('A', s, true);
    if (s.interchange) { at('J', s, true); at('R', s, true, s.interchange); }
    at('P', s, true, s.interchange ?? s.railroad);
  }
  const end = stops[stops.length - 1];
  at('A', end, true, lane.legs[lane.legs.length - 1].railroad);
  at('Y', end, true, lane.legs[lane.legs.length - 1].railroad);
  at('Z', end, true, lane.legs[lane.legs.length - 1].railroad);
  // Empty: released by the consignee, every other yard back, placed at the origin.
  at('W', end, false, lane.legs[lane.legs.length - 1].railroad);
  at('P', end, false, lane.legs[lane.legs.length - 1].railroad);
  for (const s of stops.slice(1, -1).reverse().filter((_, i) => i % 2 === 0)) { at('A', s, false); at('P', s, false); }
  at('A', stops[0], false);
  at('Z', stops[0], false);
  return out;
}

export interface LoadedEvents { cars: number[]; events: number; insertSeconds: number; indexSeconds: number; vacuumSeconds: number }

export async function insertCarEvents(url: string, companyId: number, o: { cars: number; events: number; years: number; say(line: string): void }): Promise<LoadedEvents> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('select setseed(0.42)');
    await c.query("set work_mem = '64MB'");
    await c.query("set maintenance_work_mem = '512MB'");
    const lanes = Object.values(LANES).map(roundTrip);
    await c.query(`create temp table bench_step (lane int, pos int, code text, station text, state text, railroad text, latitude numeric(9, 6), longitude numeric(9, 6), loaded boolean,
      primary key (lane, pos))`);
    const values: unknown[] = [];
    const tuples: string[] = [];
    lanes.forEach((steps, lane) => steps.forEach((s, pos) => {
      const [name, state, lat, lon] = STATIONS[s.station];
      const b = values.length;
      tuples.push(`($${b + 1}::int, $${b + 2}::int, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}::numeric, $${b + 8}::numeric, $${b + 9}::boolean)`);
      values.push(lane, pos, s.code, name, state, s.railroad, lat, lon, s.loaded);
    }));
    await c.query(`insert into bench_step values ${tuples.join(', ')}`, values);
    await c.query('create temp table bench_lane as select lane, count(*)::int as steps from bench_step group by lane');

    const perCar = Math.max(1, Math.floor(o.events / o.cars));
    const gapSeconds = (o.years * 365.25 * 86_400) / perCar;
    const { rows: cars } = await c.query<{ id: number }>(`insert into car (company_id, mark, number, car_type, fleet_status, shell_capacity, tare, load_limit)
      select $1, '${BENCH_MARK}', n, 'T', 'P', 131000, 36000, 93700 from generate_series(1, $2::int) n returning id`, [companyId, o.cars]);
    // Each car starts somewhere in the first interval, on a lane of its own.
    await c.query(`create temp table bench_car as select id, (number % ${lanes.length}) as lane,
      now() - make_interval(secs => $2::float8 * $3::int) - make_interval(secs => random() * $2::float8) as start_at
      from car where company_id = $1 and mark = '${BENCH_MARK}'`, [companyId, gapSeconds, perCar]);

    // Bulk-load shape: the plain indexes and the foreign keys are made again after the rows.
    const { rows: indexes } = await c.query<{ name: string; def: string }>(`select i.indexname as name, i.indexdef as def from pg_indexes i
      join pg_class x on x.relname = i.indexname join pg_index ix on ix.indexrelid = x.oid
      where i.schemaname = current_schema() and i.tablename = 'car_event' and not ix.indisunique and not ix.indisprimary`);
    const { rows: keys } = await c.query<{ name: string; def: string }>(`select conname as name, pg_get_constraintdef(oid) as def
      from pg_constraint where conrelid = 'car_event'::regclass and contype = 'f'`);
    for (const x of indexes) await c.query(`drop index "${x.name}"`);
    for (const k of keys) await c.query(`alter table car_event drop constraint "${k.name}"`);

    let t0 = performance.now();
    // A statement writes `chunk` consecutive events of every car, in time order.
    const chunk = Math.max(1, Math.floor(250_000 / o.cars));
    let written = 0;
    let said = 0;
    for (let k = 0; k < perCar; k += chunk) {
      const last = Math.min(perCar, k + chunk) - 1;
      const res = await c.query(`
        insert into car_event (company_id, car_id, event_code, event_time, station, state_province, railroad, loaded, latitude, longitude)
        select $1, g.car, g.code, g.at, g.station, g.state, g.railroad, g.loaded, case when g.roll < 0.06 then null else g.latitude end,
               case when g.roll < 0.06 then null else g.longitude end
        from (
          select c.id as car, s.code, s.station, s.state, s.railroad, s.loaded, s.latitude, s.longitude, random() as roll,
                 date_trunc('minute', c.start_at + make_interval(secs => $4::float8 * (k + random() / 2))) as at
          from generate_series($2::int, $3::int) k
          cross join bench_car c join bench_lane l on l.lane = c.lane
          join bench_step s on s.lane = c.lane and s.pos = k % l.steps
        ) g order by g.at`, [companyId, k, last, gapSeconds]);
      written += res.rowCount ?? 0;
      if (performance.now() - t0 > (said + 1) * 30_000) {
        said++;
        o.say(`    ${written.toLocaleString('en-US')} events written in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
    }
    const insertSeconds = (performance.now() - t0) / 1000;
    t0 = performance.now();
    for (const x of indexes) await c.query(x.def);
    for (const k of keys) await c.query(`alter table car_event add constraint "${k.name}" ${k.def}`);
    const indexSeconds = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await c.query('vacuum analyze car_event');
    await c.query('vacuum analyze car');
    return { cars: cars.map((r) => r.id), events: written, insertSeconds, indexSeconds, vacuumSeconds: (performance.now() - t0) / 1000 };
  } finally {
    await c.end();
  }
}
