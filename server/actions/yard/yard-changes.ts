/**
 * The calls that change a yard's layouts (docs/yard.md, Move rules): plan edits, corrections,
 * arrivals and departures, and switching moves, each in one transaction against the layout version
 * (yard-state.ts `changeYard`) and answering the layout as it now is.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseMarkNumber, formatMarkNumber } from '../../../src/lib/reporting-mark';
import { type Layout, carsInFront, cutOf, layoutFaults, moveCut, placeCars, whereIs } from '../../../src/lib/yard-layout';
import { type Scenario } from '../../../src/resources/yard/common';
import type { Db } from '../../db/connection';
import type { ActionArgs, ActionHandler } from '../../engine/action-handler';
import type { Ctx } from '../../engine/context';
import { badRequest, conflict, fieldError } from '../../engine/errors';
import { newYardCars } from './yard-arrivals';
import { type YardState, SL, YC, changeYard, layoutOf, loadYard, recordMove, shapeOf, writeScenario } from './yard-state';
import { openListsNaming, stepDone, type SwitchStep } from './switch-steps';

const yardId = (a: ActionArgs) => Number(a.id);

/** Cars as `MARK NUMBER` the way the yard keeps them (`tilx 0123` is `TILX 123`); a field error names the bad one. */
export function marksOf(field: string, values: unknown): string[] {
  const out: string[] = [];
  for (const v of (values as string[] | undefined) ?? []) {
    const car = parseMarkNumber(String(v));
    if (!car) throw fieldError(field, `"${String(v).slice(0, 40)}" is not a car: write its reporting mark and number, e.g. TILX 123456.`);
    const m = formatMarkNumber(car);
    if (out.includes(m)) throw fieldError(field, `${m} is named twice.`);
    out.push(m);
  }
  return out;
}

/** The track, when it is one of this yard's. */
function trackOf(state: YardState, field: string, id: unknown): string {
  if (!state.tracks.some((t) => t.id === Number(id))) throw fieldError(field, 'Not a track of this yard.');
  return String(id);
}

function requireCars(state: YardState, field: string, marks: string[]) {
  const known = new Set(state.cars.map((c) => c.mark_number));
  const missing = marks.filter((m) => !known.has(m));
  if (missing.length) throw fieldError(field, `${missing.slice(0, 5).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in this yard: add ${missing.length === 1 ? 'it' : 'them'} first.`);
}

const refuse = (field: string, r: { refused: string } | { layout: Layout }): Layout => {
  if ('refused' in r) throw fieldError(field, r.refused);
  return r.layout;
};

/** `POST move_cars`: a plan edit, or on the actual scenario a correction of where the cars stand (kept in the history). */
export const moveCars: ActionHandler = async (a) => {
  const { cars, to_track, position, scenario, layout_version } = a.input as { cars: string[]; to_track: number; position?: number; scenario: Scenario; layout_version: number };
  return changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => {
    const marks = marksOf('cars', cars);
    const to = trackOf(state, 'to_track', to_track);
    requireCars(state, 'cars', marks);
    const before = layoutOf(state, scenario);
    const after = refuse('to_track', placeCars(before, shapeOf(state), marks, to, position ?? 0, state.yard.length_unit));
    await writeScenario(tx, state, scenario, after);
    if (scenario === 'actual') {
      const from = new Set(marks.map((m) => whereIs(before, m)?.track ?? null));
      await recordMove(tx, a.ctx, state, { kind: 'corrected', cars: marks, from: from.size === 1 ? numberOr(from.values().next().value) : null, to: Number(to) });
    }
  });
};

const numberOr = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** `PUT planned_scenario`: the whole plan at once; a car it leaves out has no planned place. */
export const plannedScenario: ActionHandler = async (a) => {
  const { tracks, layout_version } = a.input as { tracks: unknown[]; layout_version: number };
  return changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => {
    const plan: Record<string, string[]> = Object.fromEntries(state.tracks.map((t) => [String(t.id), []]));
    tracks.forEach((entry, i) => {
      const e = entry as { track?: unknown; cars?: unknown };
      if (!e || typeof e !== 'object' || !Array.isArray(e.cars)) throw fieldError('tracks', `Entry ${i + 1}: write {track, cars: ["MARK NUMBER", ...]}.`);
      const track = trackOf(state, 'tracks', e.track);
      plan[track].push(...marksOf('tracks', e.cars));
    });
    const marks = Object.values(plan).flat();
    requireCars(state, 'tracks', marks);
    const faults = layoutFaults(plan, shapeOf(state), state.yard.length_unit);
    if (faults.length) throw badRequest({ tracks: faults.slice(0, 20) });
    await writeScenario(tx, state, 'planned', plan);
  });
};

/** `POST reset_layout (scenario_id)`: the plan becomes the actual layout again. */
export const resetLayout: ActionHandler = async (a) => {
  const { layout_version } = a.input as { layout_version: number };
  return changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => writeScenario(tx, state, 'planned', layoutOf(state, 'actual')));
};

/** `POST add_cars`: cars placed on a track of a scenario, new to the yard or placed in the other scenario only; on the actual one they arrive at the switch end. */
export const addCars: ActionHandler = async (a) => {
  const { car_marks, car_type, scenario, track, position, layout_version } = a.input as { car_marks: string[]; car_type?: string; scenario: Scenario; track: number; position?: number; layout_version: number };
  return changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => {
    const marks = marksOf('car_marks', car_marks);
    const to = trackOf(state, 'track', track);
    if (scenario === 'actual' && (position ?? 0) > 0) throw fieldError('position', 'Cars arrive at the switch end: place them there, then move them.');
    const layout = layoutOf(state, scenario);
    const placed = marks.filter((m) => whereIs(layout, m));
    if (placed.length) throw fieldError('car_marks', `${placed.slice(0, 5).join(', ')} ${placed.length === 1 ? 'is' : 'are'} already on a track of this scenario: move ${placed.length === 1 ? 'it' : 'them'} instead.`);
    const fresh = await newYardCars(tx, state, marks.filter((m) => !state.cars.some((c) => c.mark_number === m)), car_type);
    const withNew: YardState = { ...state, cars: [...state.cars, ...fresh] };
    const after = refuse('track', placeCars(layout, shapeOf(withNew), marks, to, position ?? 0, state.yard.length_unit));
    await writeScenario(tx, withNew, scenario, after);
    if (scenario === 'actual') {
      // The plan keeps an arriving car where it stands until it is planned elsewhere, when there is the room.
      const plan = layoutOf(withNew, 'planned');
      const unplanned = marks.filter((m) => !whereIs(plan, m));
      const planned = unplanned.length ? placeCars(plan, shapeOf(withNew), unplanned, to, 0) : null;
      if (planned && 'layout' in planned) await writeScenario(tx, withNew, 'planned', planned.layout);
      await tx.update(YC).set({ arrived_at: sql`now()` }).where(and(eq(YC.yard, state.yard.id), inArray(YC.mark_number, marks)));
      await recordMove(tx, a.ctx, state, { kind: 'arrived', cars: marks, to: Number(to) });
    }
  });
};

/** `POST remove_car`: a car taken out of a scenario; out of the actual one it leaves by the switch end. */
export const removeCar: ActionHandler = async (a) => {
  const { car_mark, scenario, layout_version } = a.input as { car_mark: string; scenario: Scenario; layout_version: number };
  return changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => {
    const [mark] = marksOf('car_mark', [car_mark]);
    const layout = layoutOf(state, scenario);
    const at = whereIs(layout, mark);
    if (!at) throw fieldError('car_mark', `${mark} is on no track of the ${scenario} layout.`);
    if (scenario === 'actual') leavesFirst('car_mark', layout, mark);
    await writeScenario(tx, state, scenario, { ...layout, [at.track]: layout[at.track].filter((m) => m !== mark) });
    if (scenario === 'actual') await recordMove(tx, a.ctx, state, { kind: 'left', cars: [mark], from: Number(at.track) });
  });
};

/** A car leaves by its track's switch end: a car in front of it must go first. */
function leavesFirst(field: string, layout: Layout, mark: string) {
  const front = carsInFront(layout, mark);
  if (front.length) throw fieldError(field, `${front[0]} is in front of ${mark}: a car cannot pass through another, move ${front.length === 1 ? 'it' : 'those'} first.`);
}

/** What taking each car out of the yard would break: the cars in front of it, its planned place, open switch lists naming it. */
async function removalChecks(db: Db, state: YardState, marks: string[]) {
  const actual = layoutOf(state, 'actual');
  const planned = layoutOf(state, 'planned');
  const lists = await openListsNaming(db, state.yard.id, marks);
  return marks.map((m) => {
    const plannedAt = whereIs(planned, m);
    return {
      mark_number: m,
      in_front: carsInFront(actual, m),
      planned: plannedAt ? state.tracks.find((t) => String(t.id) === plannedAt.track)!.name : null,
      switch_lists: lists.get(m) ?? [],
    };
  });
}

/** `POST remove/ (checkOnly)`: cars out of the yard in both scenarios; with checkOnly, only what that would break. */
export const removeCars: ActionHandler = async (a) => {
  const { car_marks, checkOnly, layout_version } = a.input as { car_marks: string[]; checkOnly?: boolean; layout_version?: number };
  const marks = marksOf('car_marks', car_marks);
  if (checkOnly) {
    const state = await loadYard(a.db, yardId(a));
    requireCars(state, 'car_marks', marks);
    return { checked: true, removed: 0, cars: await removalChecks(a.db, state, marks), layout_version: state.yard.layout_version };
  }
  if (layout_version === undefined) throw fieldError('layout_version', 'This field is required unless checkOnly.');
  let checks: Awaited<ReturnType<typeof removalChecks>> = [];
  const layout = await changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => {
    requireCars(state, 'car_marks', marks);
    checks = await removalChecks(tx, state, marks);
    let actual = layoutOf(state, 'actual');
    // They leave in the order given: a car whose front cars leave before it may go too.
    for (const m of marks) {
      const at = whereIs(actual, m);
      if (!at) continue;
      leavesFirst('car_marks', actual, m);
      actual = { ...actual, [at.track]: actual[at.track].filter((x) => x !== m) };
      await recordMove(tx, a.ctx, state, { kind: 'left', cars: [m], from: Number(at.track) });
    }
    const planned = Object.fromEntries(Object.entries(layoutOf(state, 'planned')).map(([t, cars]) => [t, cars.filter((c) => !marks.includes(c))]));
    await writeScenario(tx, state, 'actual', actual);
    await writeScenario(tx, state, 'planned', planned);
  });
  return { checked: false, removed: marks.length, cars: checks, layout_version: layout.yard.layout_version };
};

/**
 * A switching move on the actual layout (docs/yard.md, Move rules): the cut must be the first cars
 * of one track; with a switch list's step it must be exactly that step, the next one not done.
 */
export async function executeCut(tx: Db, ctx: Ctx, state: YardState, marks: string[], toTrack: unknown, step?: { list: number; step: SwitchStep }) {
  const to = trackOf(state, 'to_track', toTrack);
  requireCars(state, 'cars', marks);
  const before = layoutOf(state, 'actual');
  const cut = cutOf(before, marks);
  if ('refused' in cut) throw fieldError('cars', cut.refused);
  const after = refuse('to_track', moveCut(before, shapeOf(state), { from: cut.from, count: cut.count, to }, state.yard.length_unit));
  if (step) {
    const same = String(step.step.from) === cut.from && String(step.step.to) === to && [...marks].sort().join() === [...step.step.cars].sort().join();
    if (!same) throw conflict(`Step ${step.step.step} moves ${step.step.cars.join(', ')} from ${step.step.from_name} to ${step.step.to_name}.`);
  }
  await writeScenario(tx, state, 'actual', after);
  const moved = before[cut.from].slice(0, cut.count);
  await recordMove(tx, ctx, state, { kind: 'moved', cars: moved, from: Number(cut.from), to: Number(to), switchList: step?.list, step: step?.step.step });
  if (step) await stepDone(tx, ctx, step.list, step.step.step);
}

/** `POST execute_move`: one switching move; with `switch_list` and `step`, that step, which is then done. */
export const executeMove: ActionHandler = async (a) => {
  const { cars, to_track, switch_list, step, layout_version } = a.input as { cars: string[]; to_track: number; switch_list?: number; step?: number; layout_version: number };
  if ((switch_list === undefined) !== (step === undefined)) throw fieldError(switch_list === undefined ? 'switch_list' : 'step', 'Give the switch list and its step together.');
  return changeYard(a.db, a.ctx, yardId(a), layout_version, async (tx, state) => {
    const marks = marksOf('cars', cars);
    const planned = switch_list === undefined ? undefined : { list: Number(switch_list), step: await nextStep(tx, state.yard.id, Number(switch_list), step!) };
    await executeCut(tx, a.ctx, state, marks, to_track, planned);
  });
};

/** The step of an open switch list of this yard that is next to be done. */
export async function nextStep(db: Db, yard: number, list: number, step: number): Promise<SwitchStep> {
  const [row] = await db.select({ yard: SL.yard, status: SL.status, steps: SL.steps }).from(SL).where(eq(SL.id, list));
  if (!row || Number(row.yard) !== yard) throw fieldError('switch_list', 'Not a switch list of this yard.');
  if (row.status !== 'open') throw conflict(`The switch list is ${row.status}: its moves are no longer worked.`);
  const steps = row.steps as SwitchStep[];
  const next = steps.find((s) => !s.done_at);
  const wanted = steps.find((s) => s.step === step);
  if (!wanted) throw fieldError('step', `The switch list has steps 1 to ${steps.length}.`);
  if (wanted.done_at) throw conflict(`Step ${step} is already done.`);
  if (next && next.step !== step) throw conflict(`Step ${next.step} comes first: the moves are worked in order.`);
  return wanted;
}
