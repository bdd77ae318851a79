/**
 * `GET car/overview/` (docs/trace.md, Fleet overview): the company's cars by fleet status, and its
 * active cars (Permanent and Temporary) by where their current trip has them: loaded or empty, on
 * the move or at a facility (their last event a placement or a constructive placement), bad
 * ordered, held, or with no events yet. A car's current trip is its latest: it is always in
 * transit (a placement ends a loaded trip and starts the empty one). The movement counts need the
 * right to read trips; without it only the fleet status is answered.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { car } from '../../../src/resources/fleet/car';
import { trip } from '../../../src/resources/trace/trip';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { can, scopeOf } from '../../engine/operations';

const count = sql<number>`count(*)::int`;
const ACTIVE = ['P', 'T'];

export const fleetOverview: ActionHandler = async ({ db, ctx }) => {
  const c = tableOf(car);
  const byStatus = await db.select({ status: c.fleet_status, n: count }).from(c).where(scopeOf(ctx, car)).groupBy(c.fleet_status);
  const fleet_status = Object.fromEntries(['P', 'T', 'I'].map((s) => [s, Number(byStatus.find((x) => x.status === s)?.n ?? 0)]));
  const total = Object.values(fleet_status).reduce((a, b) => a + b, 0);
  if (!can(ctx, trip, 'view')) return { cars: total, fleet_status, movement: null };
  const t = tableOf(trip);
  const current = and(scopeOf(ctx, trip), eq(t.status, 'in_transit'), inArray(t.car, db.select({ id: c.id }).from(c).where(and(scopeOf(ctx, car), inArray(c.fleet_status, ACTIVE)))));
  const [m] = await db.select({
    trips: count,
    loaded_moving: sql<number>`count(*) filter (where ${t.last_loaded} and not ${t.at_facility})::int`,
    loaded_at_facility: sql<number>`count(*) filter (where ${t.last_loaded} and ${t.at_facility})::int`,
    empty_moving: sql<number>`count(*) filter (where not ${t.last_loaded} and not ${t.at_facility})::int`,
    empty_at_facility: sql<number>`count(*) filter (where not ${t.last_loaded} and ${t.at_facility})::int`,
    bad_ordered: sql<number>`count(*) filter (where ${t.bad_ordered})::int`,
    held: sql<number>`count(*) filter (where ${t.held})::int`,
  }).from(t).where(current);
  const active = fleet_status.P + fleet_status.T;
  return { cars: total, fleet_status, movement: { ...m, active, no_events: Math.max(0, active - Number(m.trips)) } };
};
