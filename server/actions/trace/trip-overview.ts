/**
 * `GET trip/overview/` (docs/trace.md, Track and trace overview): the company's trips now, counted
 * the way a dispatcher asks about them each morning. Loaded and empty trips under way; loaded ones
 * past their ETA and not placed (late), and due within a day; loaded trips placed in the last week;
 * loaded trips the rules could not match to a car load (a user attaches them); bad ordered and held
 * on a trip under way. `now` is the instant the counts were taken, which the screen's links use so
 * that a count and the table it opens agree.
 */
import { type SQL, sql } from 'drizzle-orm';
import { trip } from '../../../src/resources/trace/trip';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { scopeOf } from '../../engine/operations';

const DAY = 86_400_000;
/** "Placed lately": the last seven days. */
export const PLACED_DAYS = 7;
/** "Due soon": an ETA within the next day. */
export const DUE_HOURS = 24;

export const tripOverview: ActionHandler = async ({ db, ctx }) => {
  const t = tableOf(trip);
  const now = new Date();
  const since = new Date(now.getTime() - PLACED_DAYS * DAY);
  const due = new Date(now.getTime() + DUE_HOURS * 3_600_000);
  const moving = sql`${t.status} = 'in_transit'`;
  const loaded = sql`${t.kind} = 'loaded'`;
  const n = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;
  const [m] = await db.select({
    loaded_in_transit: n(sql`${loaded} and ${moving}`),
    empty_in_transit: n(sql`${t.kind} = 'empty' and ${moving}`),
    late: n(sql`${loaded} and ${moving} and ${t.eta} <= ${now}`),
    due_soon: n(sql`${loaded} and ${moving} and ${t.eta} > ${now} and ${t.eta} <= ${due}`),
    no_eta: n(sql`${loaded} and ${moving} and ${t.eta} is null`),
    placed_lately: n(sql`${loaded} and ${t.status} = 'completed' and ${t.placed_at} >= ${since}`),
    not_matched: n(sql`${loaded} and ${t.match} = 'none'`),
    bad_ordered: n(sql`${moving} and ${t.bad_ordered}`),
    held: n(sql`${moving} and ${t.held}`),
  }).from(t).where(scopeOf(ctx, trip));
  return { now: now.toISOString(), placed_since: since.toISOString(), due_by: due.toISOString(), ...m };
};
