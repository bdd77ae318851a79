/**
 * `GET car/positions/ ?bbox=west,south,east,north&car=&fleet_status=&loaded=&late=` (docs/trace.md,
 * Maps): the map's feature service. A GeoJSON FeatureCollection of the company's cars whose last
 * event has a location, one Point a car, keyed by the car's id. Where a car is comes from its
 * current trip (its latest, always in transit: the trip keeps its last event's location) or, for
 * a car whose events have not begun a trip yet, from its last event. Each feature says what a map
 * shows of the car: loaded or empty, at a facility, where and when last seen and, for a user who
 * may read trips, its current trip (origin, ETA and whether it is late).
 * - `bbox` narrows to the map's view; a box whose west is east of its east crosses the
 *   antimeridian. Left out: the whole fleet.
 * - `car`: that car only (a link that opens the map on it).
 * - `late`: trips whose ETA has passed without a placement (needs the right to read trips).
 */
import { and, eq, gte, isNotNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { car } from '../../../src/resources/fleet/car';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { trip } from '../../../src/resources/trace/trip';
import { type Bbox, crossesAntimeridian, parseBbox } from '../../../src/lib/bbox';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest } from '../../engine/errors';
import { can, scopeOf } from '../../engine/operations';

const markNumber = sql<string>`${tableOf(car).mark} || ' ' || ${tableOf(car).number}::text`;

/** Rows whose longitude and latitude columns fall in the box. */
function inBox(bbox: Bbox | null, lon: AnyPgColumn, lat: AnyPgColumn): SQL | undefined {
  if (!bbox) return undefined;
  const [west, south, east, north] = bbox.map(String);
  const lons = crossesAntimeridian(bbox) ? or(gte(lon, west), lte(lon, east)) : and(gte(lon, west), lte(lon, east));
  return and(lons, gte(lat, south), lte(lat, north));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const carPositions: ActionHandler = async ({ db, ctx, input }) => {
  let bbox: Bbox | null = null;
  if (input.bbox !== undefined && input.bbox !== null && input.bbox !== '') {
    const check = parseBbox(String(input.bbox));
    if (!check.ok) throw badRequest({ bbox: [check.error] });
    bbox = check.bbox;
  }
  const trips = can(ctx, trip, 'view');
  if (input.late !== undefined && input.late !== null && !trips) throw badRequest({ late: ['Whether a trip is late needs the right to read trips.'] });
  const c = tableOf(car);
  const t = tableOf(trip);
  const e = tableOf(carEvent);
  const now = new Date();
  const carWhere = and(scopeOf(ctx, car), input.fleet_status ? eq(c.fleet_status, String(input.fleet_status)) : undefined,
    input.car ? eq(c.id, Number(input.car)) : undefined);
  const isLate = sql<boolean>`(${t.eta} is not null and ${t.eta} < ${now})`;
  const onTrip = await db.select({
    car: c.id, label: markNumber, fleet_status: c.fleet_status, trip: t.id, kind: t.kind, origin: t.origin_station, released_at: t.released_at, eta: t.eta, late: isLate,
    loaded: t.last_loaded, at_facility: t.at_facility, station: t.last_station, state: t.last_state, event_code: t.last_event_code, event_time: t.last_event_time,
    latitude: t.last_latitude, longitude: t.last_longitude,
  }).from(t).innerJoin(c, eq(c.id, t.car))
    .where(and(carWhere, eq(t.company, c.company), eq(t.status, 'in_transit'), isNotNull(t.last_latitude), inBox(bbox, t.last_longitude, t.last_latitude),
      input.loaded === undefined || input.loaded === null ? undefined : eq(t.last_loaded, Boolean(input.loaded)),
      input.late === undefined || input.late === null ? undefined : input.late ? isLate : sql`not ${isLate}`));
  // A car without trips (its feed began mid-movement): its last event, if that has a location.
  // Late asks about trips, so such cars are not in its answer.
  const last = db.select({
    car: e.car, loaded: e.loaded, station: e.station, state: e.state_province, event_code: e.event_code, event_time: e.event_time, latitude: e.latitude, longitude: e.longitude,
  }).from(e).where(eq(e.car, c.id)).orderBy(sql`${e.event_time} desc`, sql`${e.id} desc`).limit(1).as('last');
  const noTrip = input.late !== undefined && input.late !== null ? [] : await db.select({
    car: c.id, label: markNumber, fleet_status: c.fleet_status, loaded: last.loaded, station: last.station, state: last.state,
    event_code: last.event_code, event_time: last.event_time, latitude: last.latitude, longitude: last.longitude,
  }).from(c).innerJoinLateral(last, sql`true`)
    .where(and(carWhere, notExists(db.select({ one: sql`1` }).from(t).where(eq(t.car, c.id))), isNotNull(last.latitude), inBox(bbox, last.longitude, last.latitude),
      input.loaded === undefined || input.loaded === null ? undefined : eq(last.loaded, Boolean(input.loaded))));
  const features = [
    ...onTrip.map((r) => ({
      ...r, released_at: iso(r.released_at), eta: iso(r.eta), late: Boolean(r.late),
    })),
    ...noTrip.map((r) => ({ ...r, trip: null, kind: null, origin: null, released_at: null, eta: null, late: false, at_facility: r.event_code === 'Z' || r.event_code === 'Y' })),
  ].map(({ car: id, latitude, longitude, event_time, trip: tripId, kind, origin, released_at, eta, late, ...p }) => ({
    type: 'Feature' as const,
    id,
    geometry: { type: 'Point' as const, coordinates: [Number(longitude), Number(latitude)] },
    properties: { ...p, event_time: event_time instanceof Date ? event_time.toISOString() : event_time, ...(trips ? { trip: tripId, kind, origin, released_at, eta, late } : {}) },
  }));
  features.sort((a, b) => a.properties.label.localeCompare(b.properties.label, undefined, { numeric: true }));
  return { type: 'FeatureCollection', bbox, count: features.length, features };
};
