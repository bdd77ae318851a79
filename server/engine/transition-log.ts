/**
 * The transition log of declared lifecycles: one row per move (and per record's first state),
 * written inside the write's transaction, so a write that rolls back leaves no entry and no move
 * goes unrecorded. `transitionsOf` reads a record's log, newest first.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { lifecycleFields } from '../../src/lib/lifecycle';
import type { Db } from '../db/connection';
import { recordTransition } from '../db/internal-tables';
import { type Ctx, userLabel } from './context';
import type { Row } from './serialize';
import { movesOf } from './transitions';

/** Records the moves between `current` (null on create) and `after`, with the values the moves required as their reason. */
export async function logTransitions(db: Db, ctx: Ctx, r: Resource, current: Row | null, after: Row) {
  const fields = Object.fromEntries(lifecycleFields(r));
  const moves = movesOf(r, current, after);
  if (!moves.length) return;
  await db.insert(recordTransition).values(moves.map(([name, from, to]) => {
    const why = Object.keys(fields[name].transitions.requires?.[String(to)] ?? {}).map((k) => after[k]).filter((v) => v !== null && v !== undefined && v !== '');
    return {
      resource: r.name,
      record_id: String(after.id),
      company_id: typeof after.company === 'number' ? after.company : null,
      field: name,
      from_state: from === null || from === undefined ? null : String(from),
      to_state: String(to),
      reason: why.length ? why.map(String).join('; ') : null,
      // A booking link acts as no user (id 0): its label names it.
      user_id: ctx.user.id || null,
      user_label: userLabel(ctx),
    };
  }));
}

export interface TransitionEntry { at: string; field: string; from: string | null; to: string; reason: string | null; user: string | null; user_id: number | null }

/** A record's transitions, newest first (the caller has already checked it may see the record). */
export async function transitionsOf(db: Db, r: Resource, id: unknown): Promise<TransitionEntry[]> {
  const t = recordTransition;
  const rows = await db.select().from(t).where(and(eq(t.resource, r.name), eq(t.record_id, String(id)))).orderBy(desc(t.at), desc(t.id));
  return rows.map((x) => ({
    at: x.at instanceof Date ? x.at.toISOString() : String(x.at),
    field: x.field, from: x.from_state, to: x.to_state, reason: x.reason, user: x.user_label, user_id: x.user_id,
  }));
}
