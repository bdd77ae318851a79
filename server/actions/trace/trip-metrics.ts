/**
 * `GET dashboard/rail/trip_metrics/ ?days=90&limit=25` (docs/trace.md, Trip metrics): over the
 * company's loaded trips completed in the last `days` (1 to 366), the slowest lanes (origin to
 * destination, by median transit days) and the longest dwells (stations, by median hours a stop
 * lasted, the first and last stop of each trip aside: loading and unloading are not dwell on the
 * way), each at most `limit` rows (1 to 25). Needs `view_trip` and the rail subscription.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trip } from '../../../src/resources/trace/trip';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { ErrorBag } from '../../engine/errors';
import { authorize, scopeOf } from '../../engine/operations';

export const TRIP_METRICS_LIMIT = 25;
const DAY = 86_400_000;

function whole(bag: ErrorBag, key: string, raw: unknown, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) { bag.add(key, `A whole number from 1 to ${max}.`); return fallback; }
  return n;
}

const percentile = (c: unknown) => sql<number>`percentile_cont(0.5) within group (order by ${c})`;

export async function tripMetrics(db: Db, ctx: Ctx, query: Record<string, unknown>) {
  authorize(ctx, trip, 'view');
  const bag = new ErrorBag();
  const { days: rawDays, limit: rawLimit, ...rest } = query;
  for (const k of Object.keys(rest)) bag.add(k, 'Unknown parameter: trip metrics take days and limit.');
  const days = whole(bag, 'days', rawDays, 90, 366);
  const limit = whole(bag, 'limit', rawLimit, TRIP_METRICS_LIMIT, TRIP_METRICS_LIMIT);
  bag.throwIfAny();
  const t = tableOf(trip);
  const since = new Date(Date.now() - days * DAY);
  const done = and(scopeOf(ctx, trip), eq(t.kind, 'loaded'), eq(t.status, 'completed'), gte(t.placed_at, since));
  const lanes = await db.select({
    origin: t.origin_station, origin_state: t.origin_state, destination: t.destination_station, destination_state: t.destination_state,
    trips: sql<number>`count(*)::int`, median_days: percentile(t.transit_days), max_days: sql<string>`max(${t.transit_days})`, mean_days: sql<number>`avg(${t.transit_days})`,
  }).from(t).where(done).groupBy(t.origin_station, t.origin_state, t.destination_station, t.destination_state)
    .orderBy(sql`percentile_cont(0.5) within group (order by ${t.transit_days}) desc`, sql`count(*) desc`).limit(limit);
  // Each stop of each completed trip but its first and last, from the stops kept with the trip.
  const stops = sql`(select s.value->>'station' as station, s.value->>'state' as state, (s.value->>'hours')::numeric as hours
    from ${t}, jsonb_array_elements(${t.stops}) with ordinality as s(value, n)
    where ${done} and s.n > 1 and s.n < jsonb_array_length(${t.stops})) as stop`;
  const dwells = await db.execute(sql`select station, state, count(*)::int as stops, percentile_cont(0.5) within group (order by hours) as median_hours, max(hours) as max_hours
    from ${stops} group by station, state order by median_hours desc, stops desc limit ${limit}`);
  const round = (n: unknown, p = 2) => (n === null || n === undefined ? null : Math.round(Number(n) * 10 ** p) / 10 ** p);
  return {
    days, limit, since: since.toISOString(),
    lanes: lanes.map((l) => ({ ...l, median_days: round(l.median_days), max_days: round(l.max_days), mean_days: round(l.mean_days) })),
    dwells: (dwells as unknown as { rows: Record<string, unknown>[] }).rows.map((d) => ({ ...d, median_hours: round(d.median_hours, 1), max_hours: round(d.max_hours, 1) })),
  };
}

export function mountTripMetrics(app: FastifyInstance, db: Db) {
  app.get('/api/dashboard/rail/trip_metrics/', async (req: FastifyRequest<{ Querystring: Record<string, unknown> }>) => tripMetrics(db, req.ctx!, req.query));
}
