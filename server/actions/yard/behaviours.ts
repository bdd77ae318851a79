/**
 * What the rail yard's resources do beyond their declarations (docs/yard.md), one entry per
 * resource: the yard's and its tracks' occupancy (computed), the rules that keep the layouts
 * sound when a yard or a track changes, and the handlers of their actions.
 */
import { eq, or, sql } from 'drizzle-orm';
import { railYard, railYardTrack } from '../../../src/resources/yard/rail-yard';
import { railCarSwitchList } from '../../../src/resources/yard/switch-list';
import { railYardCar } from '../../../src/resources/yard/yard-car';
import { toMicrons, fromMicrons } from '../../../src/lib/yard-layout';
import type { Db } from '../../db/connection';
import { defineBehaviour } from '../../engine/behaviour';
import type { Ctx } from '../../engine/context';
import { fieldError, conflict } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { unassignedCars } from './yard-arrivals';
import { addCars, executeMove, moveCars, plannedScenario, removeCar, removeCars, resetLayout } from './yard-changes';
import { carDetails, moveHistory, setAutocomplete, switchListPreview, yardCache, yardCars, yardLayout } from './yard-reads';
import { cancelSwitchList, makeSwitchList, markStepDone } from './switch-lists';
import { printSwitchList, yardPdf, yardWorkbook } from './yard-files';
import { T, Y, YC, raiseVersion } from './yard-state';

/** Written qualified in full (a single-table read names its columns bare): the cars of a yard or a track in the actual layout. */
const yardId = `"${railYard.table}"."id"`;
const trackId = `"${railYardTrack.table}"."id"`;
const actualCars = (where: string, what: string) => sql.raw(`(select ${what} from "${railYardCar.table}" c where ${where} and c."actual_track_id" is not null)`);
const LENGTH_SUM = 'coalesce(sum(c."length"), 0)::numeric(11,2)';

const yardHooks: ResourceHooks = {
  beforeWriteFields: ['length_unit'],
  async beforeWrite({ db, mode, id, input, current }) {
    if (mode !== 'update' || input.values.length_unit === undefined || input.values.length_unit === current?.length_unit) return;
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(T).where(eq(T.yard, Number(id)));
    if (Number(n) > 0) throw fieldError('length_unit', 'The yard has tracks: its lengths are in its unit, so the unit stays.');
  },
};

/** The length of a track's cars in each scenario, in the yard's unit. */
async function occupancy(db: Db, track: number) {
  const [row] = await db.select({
    actual: sql<string>`coalesce(sum(${YC.length}) filter (where ${YC.actual_track} = ${track}), 0)`,
    planned: sql<string>`coalesce(sum(${YC.length}) filter (where ${YC.planned_track} = ${track}), 0)`,
    cars: sql<number>`count(*)::int`,
  }).from(YC).where(or(eq(YC.actual_track, track), eq(YC.planned_track, track)));
  const [yard] = await db.select({ unit: Y.length_unit }).from(T).innerJoin(Y, eq(Y.id, T.yard)).where(eq(T.id, track));
  return { ...row, unit: (yard?.unit ?? 'ft') as 'ft' | 'm' };
}

/** A track's changes change what the yard's planners see: their screens reload at the new version. */
async function yardChanged(db: Db, ctx: Ctx, track: number) {
  const [t] = await db.select({ yard: T.yard }).from(T).where(eq(T.id, track));
  if (t) await raiseVersion(db, ctx, Number(t.yard));
}

const trackHooks: ResourceHooks = {
  beforeWriteFields: ['length', 'yard'],
  async beforeWrite({ db, ctx, mode, id, input, current }) {
    if (mode !== 'update') return;
    const o = await occupancy(db, Number(id));
    if (input.values.yard !== undefined && Number(input.values.yard) !== Number(current?.yard) && Number(o.cars) > 0) {
      throw fieldError('yard', 'The track has cars on it: move them off before the track goes to another yard.');
    }
    if (input.values.length !== undefined) {
      const unit = o.unit;
      const wanted = toMicrons(String(input.values.length), unit);
      const most = Math.max(toMicrons(String(o.actual), unit), toMicrons(String(o.planned), unit));
      if (wanted < most) throw fieldError('length', `Its cars take ${fromMicrons(most, unit)} ${unit}: move some off first.`);
    }
    await yardChanged(db, ctx, Number(id));
  },
  async beforeDelete({ db, ctx, id }) {
    const o = await occupancy(db, Number(id));
    if (Number(o.cars) > 0) throw conflict(`The track has ${o.cars} car(s) on it in the actual layout or the plan: move them off first.`);
    await yardChanged(db, ctx, Number(id));
  },
};

export const yardBehaviours = [
  defineBehaviour(railYard, {
    hooks: yardHooks,
    computed: {
      track_count: () => sql.raw(`(select count(*)::int from "${railYardTrack.table}" t where t."yard_id" = ${yardId})`),
      car_count: () => actualCars(`c."yard_id" = ${yardId}`, 'count(*)::int'),
      capacity: () => sql.raw(`(select coalesce(sum(t."length"), 0)::numeric(11,2) from "${railYardTrack.table}" t where t."yard_id" = ${yardId})`),
      occupied: () => actualCars(`c."yard_id" = ${yardId}`, LENGTH_SUM),
    },
    actions: {
      layout: yardLayout, cars: yardCars, car_details: carDetails, move_cars: moveCars, planned_scenario: plannedScenario, reset_layout: resetLayout,
      switch_list: switchListPreview, remove: removeCars, add_cars: addCars, remove_car: removeCar, execute_move: executeMove,
      move_history: moveHistory, unassigned_cars: unassignedCars, get_pdf: yardPdf, get_excel: yardWorkbook, set_autocomplete: setAutocomplete, rail_yard_cache: yardCache,
    },
  }),
  defineBehaviour(railYardTrack, {
    hooks: trackHooks,
    computed: {
      car_count: () => actualCars(`c."actual_track_id" = ${trackId}`, 'count(*)::int'),
      used: () => actualCars(`c."actual_track_id" = ${trackId}`, LENGTH_SUM),
    },
  }),
  defineBehaviour(railCarSwitchList, { actions: { make: makeSwitchList, mark_done: markStepDone, cancel: cancelSwitchList, print: printSwitchList } }),
];
