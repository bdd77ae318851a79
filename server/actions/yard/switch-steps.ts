/**
 * Switch lists' steps (docs/yard.md, The switch list): the list from a yard's layout and plan in
 * the words a crew reads (tracks by name), which open lists name a car, and a step marked done.
 */
import { and, eq, sql } from 'drizzle-orm';
import { switchList } from '../../../src/lib/switch-list';
import type { Db } from '../../db/connection';
import { type Ctx, userLabel } from '../../engine/context';
import { type YardState, SL, layoutOf, shapeOf } from './yard-state';

export interface SwitchStep {
  step: number; from: number; from_name: string; to: number; to_name: string; cars: string[];
  done_at?: string | null; done_by?: string | null;
}

/** The switch list from the yard's actual layout to its plan: steps with the tracks' names, the bound, or the problem. */
export function switchListOf(state: YardState): { moves: SwitchStep[]; lower_bound: number | null; problem: string | null; layout_version: number } {
  const made = switchList(layoutOf(state, 'actual'), layoutOf(state, 'planned'), shapeOf(state));
  const version = state.yard.layout_version;
  if ('problem' in made) return { moves: [], lower_bound: null, problem: made.problem, layout_version: version };
  const name = (id: string) => state.tracks.find((t) => String(t.id) === id)!.name;
  return {
    moves: made.moves.map((m, i) => ({ step: i + 1, from: Number(m.from), from_name: name(m.from), to: Number(m.to), to_name: name(m.to), cars: m.cars })),
    lower_bound: made.lowerBound, problem: null, layout_version: version,
  };
}

/** The open switch lists of a yard whose steps name each of these cars. */
export async function openListsNaming(db: Db, yard: number, marks: string[]): Promise<Map<string, number[]>> {
  const rows = await db.select({ id: SL.id, steps: SL.steps }).from(SL).where(and(eq(SL.yard, yard), eq(SL.status, 'open')));
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const named = new Set((r.steps as SwitchStep[]).filter((s) => !s.done_at).flatMap((s) => s.cars));
    for (const m of marks) if (named.has(m)) out.set(m, [...(out.get(m) ?? []), Number(r.id)]);
  }
  return out;
}

/** Marks a step done, by whom and when; the list is done with its last step. */
export async function stepDone(tx: Db, ctx: Ctx, list: number, step: number): Promise<void> {
  const [row] = await tx.select({ steps: SL.steps }).from(SL).where(eq(SL.id, list));
  const by = userLabel(ctx);
  const steps = (row.steps as SwitchStep[]).map((s) => (s.step === step ? { ...s, done_at: new Date().toISOString(), done_by: by } : s));
  const done = steps.filter((s) => s.done_at).length;
  await tx.update(SL).set({ steps, done_count: done, status: done === steps.length ? 'done' : 'open', updated_at: sql`now()` }).where(eq(SL.id, list));
}
