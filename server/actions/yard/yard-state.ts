/**
 * A yard as its actions work on it (docs/yard.md, The model): the yard, its tracks and its cars read
 * in one go, the two scenarios as layouts the move rules take (src/lib/yard-layout.ts), and the one
 * way a change is written: in a transaction that locks the yard, checks the layout version it was
 * made against, writes the places that changed and raises the version.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Layout, type LengthUnit, type YardShape, fromMicrons, usedLength, yardShape } from '../../../src/lib/yard-layout';
import { railYard, railYardTrack } from '../../../src/resources/yard/rail-yard';
import { railYardCar, railYardMove } from '../../../src/resources/yard/yard-car';
import { railCarSwitchList } from '../../../src/resources/yard/switch-list';
import { facility } from '../../../src/resources/logistics/facility';
import { product } from '../../../src/resources/logistics/product';
import { user } from '../../../src/resources/accounts/user';
import type { Scenario } from '../../../src/resources/yard/common';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { conflict, notFound } from '../../engine/errors';

export const Y = tableOf(railYard);
export const T = tableOf(railYardTrack);
export const YC = tableOf(railYardCar);
export const M = tableOf(railYardMove);
export const SL = tableOf(railCarSwitchList);
const F = tableOf(facility);
const P = tableOf(product);
const U = tableOf(user);

/** Who a user is on screens and papers: the name, else the email. */
export const userName = (u: typeof U) => sql<string | null>`coalesce(nullif(${u.name}, ''), ${u.email})`;

export interface YardCarRow {
  id: number; mark_number: string; car_type: string; length: string; loaded: boolean;
  product: number | null; product_name: string | null; product_color: string | null; car: number | null;
  loaded_rail_car: number | null;
  actual_track: number | null; actual_position: number | null; planned_track: number | null; planned_position: number | null;
}

export interface YardState {
  yard: {
    id: number; company: number; name: string; facility: number; facility_name: string; length_unit: LengthUnit;
    lead_length: string | null; use_autocomplete: boolean; layout_version: number; layout_changed_at: Date | null; layout_changed_by: string | null;
  };
  tracks: { id: number; name: string; kind: string; length: string; position: number }[];
  cars: YardCarRow[];
}

export async function loadYard(db: Db, yardId: number): Promise<YardState> {
  const [yard] = await db.select({
    id: Y.id, company: Y.company, name: Y.name, facility: Y.facility, facility_name: F.name, length_unit: Y.length_unit, lead_length: Y.lead_length,
    use_autocomplete: Y.use_autocomplete, layout_version: Y.layout_version, layout_changed_at: Y.layout_changed_at, layout_changed_by: userName(U),
  }).from(Y).innerJoin(F, eq(F.id, Y.facility)).leftJoin(U, eq(U.id, Y.layout_changed_by)).where(eq(Y.id, yardId));
  if (!yard) throw notFound();
  const tracks = await db.select({ id: T.id, name: T.name, kind: T.kind, length: T.length, position: T.position })
    .from(T).where(eq(T.yard, yardId)).orderBy(asc(T.position), asc(T.name), asc(T.id));
  const cars = await db.select({
    id: YC.id, mark_number: YC.mark_number, car_type: YC.car_type, length: YC.length, loaded: YC.loaded,
    product: YC.product, product_name: P.name, product_color: P.color, car: YC.car, loaded_rail_car: YC.loaded_rail_car,
    actual_track: YC.actual_track, actual_position: YC.actual_position, planned_track: YC.planned_track, planned_position: YC.planned_position,
  }).from(YC).leftJoin(P, eq(P.id, YC.product)).where(eq(YC.yard, yardId)).orderBy(asc(YC.mark_number));
  return {
    yard: { ...yard, lead_length: yard.lead_length === null ? null : String(yard.lead_length), layout_version: Number(yard.layout_version ?? 0) } as YardState['yard'],
    tracks: tracks.map((t) => ({ ...t, id: Number(t.id), length: String(t.length), position: Number(t.position ?? 0) })),
    cars: cars.map((c) => ({ ...c, id: Number(c.id), length: String(c.length), loaded: !!c.loaded }) as YardCarRow),
  };
}

const placeOf = (c: YardCarRow, s: Scenario) => (s === 'actual' ? [c.actual_track, c.actual_position] : [c.planned_track, c.planned_position]) as [number | null, number | null];

/** A scenario as the move rules take it: each track's cars (`MARK NUMBER`) from the switch end. */
export function layoutOf(state: YardState, scenario: Scenario): Layout {
  const layout: Record<string, string[]> = Object.fromEntries(state.tracks.map((t) => [String(t.id), []]));
  const placed = state.cars.filter((c) => placeOf(c, scenario)[0] !== null)
    .sort((a, b) => (placeOf(a, scenario)[1] ?? 0) - (placeOf(b, scenario)[1] ?? 0) || a.id - b.id);
  for (const c of placed) layout[String(placeOf(c, scenario)[0])]?.push(c.mark_number);
  return layout;
}

/** The yard's lengths as the move rules count them. */
export const shapeOf = (state: YardState): YardShape => yardShape(state.yard.length_unit, state.yard.lead_length, state.tracks, state.cars);

/** A time as the API writes it, or null. */
export const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The `LAYOUT` answer (src/resources/yard/common.ts). */
export function layoutAnswer(state: YardState) {
  const shape = shapeOf(state);
  const unit = state.yard.length_unit;
  const actual = layoutOf(state, 'actual');
  const planned = layoutOf(state, 'planned');
  const idOf = new Map(state.cars.map((c) => [c.mark_number, c.id]));
  const { company: _company, layout_changed_at: at, ...yard } = state.yard;
  return {
    yard: { ...yard, layout_changed_at: iso(at) },
    tracks: state.tracks.map((t) => {
      const key = String(t.id);
      return {
        ...t,
        actual: actual[key].map((m) => idOf.get(m)!), planned: planned[key].map((m) => idOf.get(m)!),
        actual_used: fromMicrons(usedLength(actual[key], shape), unit), planned_used: fromMicrons(usedLength(planned[key], shape), unit),
      };
    }),
    cars: state.cars.map(({ actual_track, actual_position, planned_track, planned_position, loaded_rail_car: _load, ...c }) => ({
      ...c, actual: { track: actual_track, position: actual_position }, planned: { track: planned_track, position: planned_position },
    })),
  };
}

/**
 * Locks the yard for a change made against `version`: 409 with the current version when someone
 * changed the layout since (docs/yard.md, Move rules), 404 when it is not the caller's company's.
 */
export async function lockYard(tx: Db, ctx: Ctx, yardId: number, version: number | null): Promise<void> {
  const rows = await tx.execute(sql`select ${Y.layout_version} as v, ${Y.company} as company from ${Y} where ${Y.id} = ${yardId} for update`) as unknown as { rows: { v: number; company: number }[] };
  const row = rows.rows[0];
  if (!row || (!ctx.user.isSuperuser && Number(row.company) !== ctx.user.companyId)) throw notFound();
  if (version !== null && Number(row.v) !== version) {
    throw conflict(`The yard's layout was changed by someone else (you have version ${version}, it is now version ${row.v}). Reload it to see the changes.`);
  }
}

/** Writes a scenario's places for the cars whose place changed; cars on no track of it get none. */
export async function writeScenario(tx: Db, state: YardState, scenario: Scenario, layout: Layout): Promise<void> {
  const where = new Map<string, [number, number]>();
  for (const [track, cars] of Object.entries(layout)) cars.forEach((m, i) => where.set(m, [Number(track), i]));
  for (const c of state.cars) {
    const [track, position] = placeOf(c, scenario);
    const next = where.get(c.mark_number) ?? [null, null];
    if (next[0] === track && next[1] === position) continue;
    const set = scenario === 'actual' ? { actual_track: next[0], actual_position: next[1] } : { planned_track: next[0], planned_position: next[1] };
    await tx.update(YC).set(set).where(eq(YC.id, c.id));
  }
}

/** Cars in neither scenario have left the yard: their rows go. */
export async function dropUnplaced(tx: Db, yardId: number): Promise<void> {
  await tx.delete(YC).where(and(eq(YC.yard, yardId), sql`${YC.actual_track} is null and ${YC.planned_track} is null`));
}

export async function raiseVersion(tx: Db, ctx: Ctx, yardId: number): Promise<void> {
  await tx.update(Y).set({ layout_version: sql`${Y.layout_version} + 1`, layout_changed_at: sql`now()`, layout_changed_by: ctx.user.id }).where(eq(Y.id, yardId));
}

export interface MoveRecord { kind: 'moved' | 'arrived' | 'left' | 'corrected'; cars: string[]; from?: number | null; to?: number | null; switchList?: number; step?: number }

/** Keeps one change of the actual layout in the yard's history, with the tracks' names as they were. */
export async function recordMove(tx: Db, ctx: Ctx, state: YardState, m: MoveRecord): Promise<void> {
  const name = (id: number | null | undefined) => (id === null || id === undefined ? null : state.tracks.find((t) => t.id === id)?.name ?? null);
  await tx.insert(M).values({
    company: state.yard.company, yard: state.yard.id, kind: m.kind, cars: m.cars, car_count: m.cars.length,
    from_track: m.from ?? null, from_name: name(m.from), to_track: m.to ?? null, to_name: name(m.to),
    switch_list: m.switchList ?? null, step: m.step ?? null, moved_by: ctx.user.id, moved_at: sql`now()`,
  } as never);
}

/**
 * One change of a yard: locked against `version` (null: whatever it is now, for a crew's step that
 * the rules check anyway), `change` writes it (given the state as it was), the version is raised,
 * and the layout is answered as it now is.
 */
export async function changeYard(db: Db, ctx: Ctx, yardId: number, version: number | null, change: (tx: Db, state: YardState) => Promise<void>) {
  await db.transaction(async (tx) => {
    await lockYard(tx as unknown as Db, ctx, yardId, version);
    const state = await loadYard(tx as unknown as Db, yardId);
    await change(tx as unknown as Db, state);
    await dropUnplaced(tx as unknown as Db, yardId);
    await raiseVersion(tx as unknown as Db, ctx, yardId);
  });
  return layoutAnswer(await loadYard(db, yardId));
}

/** The yard cars of the marks given, refusing any the yard has not. */
export async function carsOfYard(db: Db, yardId: number, marks: readonly string[]) {
  return marks.length ? db.select({ id: YC.id, mark_number: YC.mark_number }).from(YC).where(and(eq(YC.yard, yardId), inArray(YC.mark_number, [...marks]))) : [];
}
