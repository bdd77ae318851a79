/**
 * `POST car_event/import_clm/` (docs/trace.md, Importing car location messages): car location
 * messages as railroads send them, each time on the station's clock, read into UTC by the zone of
 * the company's station of that name and province (src/lib/time-zone.ts `instantsOfWallTime`).
 *
 * Every row is checked before anything is written: its fields by their declaration, its station and
 * car among the company's, its time on that station's clock. A time the clocks skip when they
 * spring forward is refused; a time they repeat when they fall back is its first occurrence unless
 * the row says `occurrence: second`. A row that repeats an earlier one is refused; a message already
 * recorded (same car, event, instant and station) is left as it is, so a file sent again writes
 * nothing twice. Any fault answers 400 `{rows: {"<row>": {field: [messages]}}}`, rows counted from
 * 1, and writes nothing. Then each event is created through the car event's own rules, in one
 * transaction, and each car's trips are rebuilt once, after all its events.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { halfLocation, isEmpty } from '../../../src/lib/validators';
import { instantsOfWallTime } from '../../../src/lib/time-zone';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { CLM_ROW_FIELDS, MAX_CLM_EVENTS } from '../../../src/resources/fleet/clm-import';
import { railStation } from '../../../src/resources/trace/rail-station';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { parseFields } from '../../engine/action-input';
import { created } from '../../engine/action-reply';
import { type FieldErrors, HttpError, fieldError } from '../../engine/errors';
import { create } from '../../engine/operations';
import { withTripsRebuiltOnce } from './trip-build';

interface Station { id: number; name: string; state: string; zone: string; latitude: string | null; longitude: string | null }
interface Row { row: number; values: Record<string, unknown> }
interface Ready { row: number; carId: number; station: Station; instant: string; event: Record<string, unknown> }

/** A station's name as the list keeps it: upper-case, single spaces. */
const stationKey = (name: unknown, state: unknown) => `${String(name).trim().replace(/\s+/g, ' ').toUpperCase()}|${String(state)}`;
const carKey = (mark: unknown, number: unknown) => `${String(mark)} ${String(number)}`;

export const importClm: ActionHandler = async ({ db, ctx, input }) => {
  const list = input.events as unknown[];
  if (!list.length || list.length > MAX_CLM_EVENTS) throw fieldError('events', `Send 1 to ${MAX_CLM_EVENTS} events; this list has ${list.length}.`);
  const company = ctx.user.companyId;
  if (company === null) throw fieldError('events', 'Act for a company to import its car location messages.');

  return db.transaction(async (tx) => {
    const errors: Record<string, FieldErrors> = {};
    const add = (row: number, field: string, message: string) => ((errors[row] ??= {})[field] ??= []).push(message);
    const rows: Row[] = [];
    list.forEach((raw, i) => {
      try {
        rows.push({ row: i + 1, values: parseFields(CLM_ROW_FIELDS, raw) });
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        for (const [field, messages] of Object.entries(e.body)) for (const m of messages as string[]) add(i + 1, field, m);
      }
    });

    const stations = await stationsOf(tx, company, rows);
    const cars = await carsOf(tx, company, rows);
    const ready: Ready[] = [];
    const seen = new Map<string, number>();
    for (const { row, values: v } of rows) {
      const half = halfLocation(v);
      if (half) add(row, ...half);
      const station = stations.get(stationKey(v.station, v.state_province));
      const carId = cars.get(carKey(v.mark, v.number));
      if (!station) add(row, 'station', `No station ${String(v.station).trim().toUpperCase()} ${String(v.state_province)} in your company's rail stations: add it with its time zone first.`);
      if (carId === undefined) add(row, 'number', `No car ${carKey(v.mark, v.number)} in your fleet.`);
      if (!station || carId === undefined) continue;
      const instant = instantOf(v, station, (field, message) => add(row, field, message));
      if (!instant) continue;
      const key = `${carId}|${String(v.event_code)}|${instant}|${station.id}`;
      const before = seen.get(key);
      if (before !== undefined) { add(row, 'event_time', `The same event as row ${before}.`); continue; }
      seen.set(key, row);
      // A message that gives only the station places the car at the station.
      const located = !isEmpty(v.latitude) || !isEmpty(v.longitude);
      ready.push({
        row, carId, station, instant,
        event: {
          car: carId, event_code: v.event_code, event_time: instant, station: station.name, state_province: station.state,
          railroad: v.railroad ?? null, loaded: v.loaded,
          latitude: located ? v.latitude ?? null : station.latitude, longitude: located ? v.longitude ?? null : station.longitude,
        },
      });
    }
    if (Object.keys(errors).length) throw new HttpError(400, { rows: errors });

    const stored = await recorded(tx, company, ready);
    const { result, cars: rebuilt } = await withTripsRebuiltOnce(tx, ctx, async (c) => {
      const out: Record<string, unknown>[] = [];
      for (const r of ready) {
        const same = stored.get(`${r.carId}|${String(r.event.event_code)}|${r.instant}|${r.station.name}|${r.station.state}`);
        if (same !== undefined) { out.push({ row: r.row, id: same, event_time: r.instant, time_zone: r.station.zone, already_recorded: true }); continue; }
        let made: Record<string, unknown>;
        try {
          made = await create(tx, c, carEvent, r.event);
        } catch (e) {
          // A rule of the car event's own that the checks above did not foresee: still the row's fault, said as the row's.
          if (e instanceof HttpError && e.status === 400) throw new HttpError(400, { rows: { [r.row]: e.body } });
          throw e;
        }
        out.push({ row: r.row, id: made.id, event_time: r.instant, time_zone: r.station.zone, already_recorded: false });
      }
      return out;
    });
    const written = result.filter((x) => !x.already_recorded).length;
    const answer = { created: written, already_recorded: result.length - written, cars: rebuilt, events: result };
    return written ? created(answer) : answer;
  });
};

/**
 * The instant a row's time names on its station's clock, or null with the fault said: no such day,
 * a time the clocks skip, a second occurrence of a time they do not repeat.
 */
function instantOf(v: Record<string, unknown>, station: Station, fault: (field: string, message: string) => void): string | null {
  const wall = String(v.event_time);
  const at = `${station.name} ${station.state} (${station.zone})`;
  const instants = instantsOfWallTime(wall, station.zone);
  if (instants === null) { fault('event_time', `${wall} is no day and time.`); return null; }
  if (!instants.length) {
    fault('event_time', `${wall} does not exist at ${at}: the clocks spring forward over it that night. Check the message's time.`);
    return null;
  }
  if (v.occurrence === 'second' && instants.length < 2) {
    fault('occurrence', `${wall} happens once at ${at}: only a time the clocks repeat when they fall back has a second occurrence.`);
    return null;
  }
  return v.occurrence === 'second' ? instants[1] : instants[0];
}

/** The company's stations the rows name, by name and province. */
async function stationsOf(db: Db, company: number, rows: Row[]): Promise<Map<string, Station>> {
  const names = [...new Set(rows.map((r) => stationKey(r.values.station, r.values.state_province).split('|')[0]))];
  if (!names.length) return new Map();
  const s = tableOf(railStation);
  const found = await db.select({ id: s.id, name: s.name, state: s.state_province, zone: s.timezone, latitude: s.latitude, longitude: s.longitude })
    .from(s).where(and(eq(s.company, company), inArray(s.name, names)));
  return new Map(found.map((x) => [stationKey(x.name, x.state), { ...x, id: x.id as number } as Station]));
}

/** The company's cars the rows name, by mark and number. */
async function carsOf(db: Db, company: number, rows: Row[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const c = tableOf(car);
  const wanted = JSON.stringify(rows.map((r) => ({ m: r.values.mark, n: r.values.number })));
  const found = await db.select({ id: c.id, mark: c.mark, number: c.number }).from(c)
    .where(and(eq(c.company, company), sql`(${c.mark}, ${c.number}) in (select m, n from jsonb_to_recordset(${wanted}::jsonb) as x(m text, n int))`));
  return new Map(found.map((x) => [carKey(x.mark, x.number), x.id as number]));
}

/** Events of these cars already recorded at these instants, by car, event, instant and station. */
async function recorded(db: Db, company: number, ready: Ready[]): Promise<Map<string, number>> {
  if (!ready.length) return new Map();
  const e = tableOf(carEvent);
  const times = ready.map((r) => r.instant).sort();
  const found = await db.select({ id: e.id, car: e.car, code: e.event_code, time: e.event_time, station: e.station, state: e.state_province }).from(e)
    .where(and(eq(e.company, company), inArray(e.car, [...new Set(ready.map((r) => r.carId))]), gte(e.event_time, new Date(times[0])), lte(e.event_time, new Date(times[times.length - 1]))));
  return new Map(found.map((x) => [`${String(x.car)}|${String(x.code)}|${x.time.toISOString()}|${String(x.station)}|${String(x.state)}`, x.id as number]));
}
