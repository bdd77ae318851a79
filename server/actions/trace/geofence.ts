/**
 * `POST trip/get_records_in_geofence/ {geofence, geofence_context, since}` (docs/trace.md,
 * Geofence): the geofence is checked (src/lib/geofence.ts; 400 on `geofence` in words), the rows
 * are narrowed in SQL by its bounding box and then tested exactly, edges inside.
 * - `cars`: each car whose last event has a location inside (the car's latest trip's last event,
 *   as the map places it), by car;
 * - `events`: the car events inside since `since` (30 days back by default), newest first, at most
 *   MAX_EVENTS (`truncated` says when there were more).
 */
import { and, between, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { carEvent } from '../../../src/resources/fleet/car-event';
import { trip } from '../../../src/resources/trace/trip';
import { checkGeofence, insideGeofence } from '../../../src/lib/geofence';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest } from '../../engine/errors';
import { scopeOf } from '../../engine/operations';
import { attachLabels } from '../../engine/labels';

export const MAX_EVENTS = 1_000;
const DAY = 86_400_000;

export const recordsInGeofence: ActionHandler = async ({ db, ctx, input }) => {
  const check = checkGeofence(input.geofence);
  if (!check.ok) throw badRequest({ geofence: check.errors });
  const [west, south, east, north] = check.bbox;
  const inside = (lon: unknown, lat: unknown) => insideGeofence(check.fence, Number(lon), Number(lat));
  if (input.geofence_context === 'events') {
    const e = tableOf(carEvent);
    const since = input.since ? new Date(String(input.since)) : new Date(Date.now() - 30 * DAY);
    const rows = await db.select({ id: e.id, car: e.car, event_code: e.event_code, event_time: e.event_time, station: e.station, state_province: e.state_province, latitude: e.latitude, longitude: e.longitude })
      .from(e).where(and(scopeOf(ctx, carEvent), gte(e.event_time, since), between(e.longitude, String(west), String(east)), between(e.latitude, String(south), String(north))))
      .orderBy(desc(e.event_time), desc(e.id));
    const hits = rows.filter((r) => inside(r.longitude, r.latitude));
    const events = await attachLabels(db, ctx, carEvent, hits.slice(0, MAX_EVENTS).map((r) => ({ ...r, event_time: r.event_time.toISOString() })));
    return { context: 'events', since: since.toISOString(), count: hits.length, truncated: hits.length > MAX_EVENTS, events };
  }
  const t = tableOf(trip);
  // Each car's latest trip: where its last event placed it.
  const latest = db.selectDistinctOn([t.car], { id: t.id }).from(t).where(scopeOf(ctx, trip)).orderBy(t.car, desc(t.released_at)).as('latest');
  const rows = await db.select({
    trip: t.id, car: t.car, kind: t.kind, status: t.status, station: t.last_station, state: t.last_state, event_code: t.last_event_code,
    event_time: t.last_event_time, latitude: t.last_latitude, longitude: t.last_longitude,
  }).from(t).innerJoin(latest, eq(latest.id, t.id))
    .where(and(isNotNull(t.last_latitude), between(t.last_longitude, String(west), String(east)), between(t.last_latitude, String(south), String(north))));
  const cars = await attachLabels(db, ctx, trip, rows.filter((r) => inside(r.longitude, r.latitude))
    .map((r) => ({ ...r, event_time: r.event_time?.toISOString() ?? null })));
  const carLabel = (r: Record<string, unknown>) => String((r._labels as Record<string, unknown> | undefined)?.car ?? r.car);
  cars.sort((a, b) => carLabel(a).localeCompare(carLabel(b)));
  return { context: 'cars', count: cars.length, cars };
};
