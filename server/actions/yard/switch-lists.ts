/**
 * Switch lists kept for a crew (docs/yard.md, The switch list): made from the layout and plan at a
 * version, worked step by step from a phone (each step executes its move on the actual layout, by
 * the move rules, so the layout follows the crew), or cancelled with a reason.
 */
import { eq, sql } from 'drizzle-orm';
import { railCarSwitchList } from '../../../src/resources/yard/switch-list';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { conflict, fieldError } from '../../engine/errors';
import { get } from '../../engine/operations';
import { executeCut, nextStep } from './yard-changes';
import { switchListOf } from './switch-steps';
import { SL, changeYard, loadYard } from './yard-state';

/** `POST rail_car_switch_list/make/ {yard, notes, layout_version}`: the list from the layout and plan as they are at that version. */
export const makeSwitchList: ActionHandler = async ({ db, ctx, input }) => {
  const state = await loadYard(db, Number(input.yard));
  if (state.yard.layout_version !== Number(input.layout_version)) {
    throw conflict(`The yard's layout was changed by someone else (you have version ${input.layout_version}, it is now version ${state.yard.layout_version}). Reload it to see the changes.`);
  }
  const list = switchListOf(state);
  if (list.problem) throw fieldError('yard', list.problem);
  if (!list.moves.length) throw fieldError('yard', 'The yard already stands as planned: there is nothing to switch.');
  const [row] = await db.insert(SL).values({
    company: state.yard.company, yard: state.yard.id, status: 'open', steps: list.moves, step_count: list.moves.length, done_count: 0,
    lower_bound: list.lower_bound, layout_version: state.yard.layout_version, made_by: ctx.user.id, made_at: sql`now()`, notes: (input.notes as string | undefined) ?? null,
  } as never).returning({ id: SL.id });
  return created(await get(db, ctx, railCarSwitchList, String(row.id)));
};

/** `POST rail_car_switch_list/{id}/mark_done/ {step}`: the crew did the next step: its move is executed on the actual layout. */
export const markStepDone: ActionHandler = async ({ db, ctx, id, record, input }) => {
  const yard = Number(record!.yard);
  return changeYard(db, ctx, yard, null, async (tx, state) => {
    const step = await nextStep(tx, yard, Number(id), Number(input.step));
    await executeCut(tx, ctx, state, step.cars, step.to, { list: Number(id), step });
  });
};

/** `POST rail_car_switch_list/{id}/cancel/ {reason}`: an open list no longer worked. */
export const cancelSwitchList: ActionHandler = async ({ db, ctx, id, record, input }) => {
  if (record!.status !== 'open') throw conflict(`The switch list is ${record!.status}: only an open one is cancelled.`);
  await db.update(SL).set({ status: 'cancelled', cancel_reason: String(input.reason), updated_at: sql`now()` }).where(eq(SL.id, Number(id)));
  return get(db, ctx, railCarSwitchList, String(id));
};
