/**
 * The demo's rail yards (docs/yard.md, Demo data): Scotford Rail Yard (12 tracks in feet, about 150
 * cars: inbound empties on the receiving tracks, cars in storage, loads on the racks, two bad-order
 * cars on the rip track) with tonight's plan (spot empties on the racks, the loads to the departure
 * track), and the Fort Saskatchewan Terminal's own small yard in metres. The company's fleet cars
 * come first, then cars of the lessors' marks; every plan is checked to have a switch list.
 */
import { and, eq, sql } from 'drizzle-orm';
import { switchList } from '../../src/lib/switch-list';
import { type Layout, yardShape } from '../../src/lib/yard-layout';
import { contentType } from '../../src/resources/define';
import { car } from '../../src/resources/fleet/car';
import { facility } from '../../src/resources/logistics/facility';
import { product } from '../../src/resources/logistics/product';
import { DEFAULT_CAR_FEET } from '../../src/resources/yard/common';
import { railYard, railYardTrack } from '../../src/resources/yard/rail-yard';
import { railYardCar, railYardMove } from '../../src/resources/yard/yard-car';
import { railCarSwitchList } from '../../src/resources/yard/switch-list';
import { inYardUnit } from '../actions/yard/yard-arrivals';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { grantDemoGroups } from './demo-grants';
import { rng } from './seed-kit';

export const YARD_MODELS = [railYard, railYardTrack, railYardCar, railYardMove, railCarSwitchList].map(contentType);

type Kind = 'storage' | 'loading' | 'unloading' | 'scale' | 'repair' | 'interchange';
interface TrackPlan { name: string; kind: Kind; length: number; fill: number }
interface YardPlan { facility: string; name: string; unit: 'ft' | 'm'; lead: number; tracks: TrackPlan[]; notes: string }

const SCOTFORD: YardPlan = {
  facility: 'SCY', name: 'Scotford Rail Yard', unit: 'ft', lead: 1_200,
  notes: 'Served by CN from the Scotford lead; the racks are spotted at 19:00.',
  tracks: [
    { name: 'Receiving 1', kind: 'interchange', length: 3_000, fill: 26 },
    { name: 'Receiving 2', kind: 'interchange', length: 3_000, fill: 18 },
    { name: 'Departure 1', kind: 'interchange', length: 2_800, fill: 6 },
    { name: 'Storage 1', kind: 'storage', length: 2_200, fill: 20 },
    { name: 'Storage 2', kind: 'storage', length: 2_000, fill: 18 },
    { name: 'Storage 3', kind: 'storage', length: 1_900, fill: 16 },
    { name: 'Storage 4', kind: 'storage', length: 1_800, fill: 14 },
    { name: 'Storage 5', kind: 'storage', length: 1_600, fill: 12 },
    { name: 'Rack 1', kind: 'loading', length: 900, fill: 8 },
    { name: 'Rack 2', kind: 'loading', length: 900, fill: 8 },
    { name: 'Scale', kind: 'scale', length: 200, fill: 0 },
    { name: 'Rip track', kind: 'repair', length: 500, fill: 2 },
  ],
};

const TERMINAL_YARD: YardPlan = {
  facility: 'FSK', name: 'Terminal yard', unit: 'm', lead: 300,
  notes: 'The terminal\'s own tracks; CN pulls and spots from Storage A.',
  tracks: [
    { name: 'Spot 1', kind: 'loading', length: 180, fill: 7 },
    { name: 'Spot 2', kind: 'loading', length: 180, fill: 6 },
    { name: 'Storage A', kind: 'storage', length: 400, fill: 10 },
    { name: 'Storage B', kind: 'storage', length: 400, fill: 7 },
    { name: 'Scale', kind: 'scale', length: 30, fill: 0 },
  ],
};

/** Lessors' marks for the cars the company's fleet does not have. */
const FOREIGN = ['UTLX', 'GATX', 'PROX', 'CGTX', 'TILX', 'NATX'];

interface DemoCar { mark_number: string; car: number | null; car_type: string; feet: number; loaded: boolean; product: number | null }

/** Tonight's plan: the racks' loads to the departure track and the racks spotted with empties from receiving. */
function tonightsPlan(actual: Record<string, string[]>, names: Record<string, string>, cars: Map<string, DemoCar>): Record<string, string[]> {
  const plan = Object.fromEntries(Object.entries(actual).map(([t, list]) => [t, [...list]]));
  const id = (name: string) => Object.keys(names).find((k) => names[k] === name);
  const [r1, r2, dep, rec] = ['Rack 1', 'Rack 2', 'Departure 1', 'Receiving 1'].map(id);
  if (!r1 || !r2 || !dep || !rec) return plan;
  const loads = [...plan[r1], ...plan[r2]];
  plan[dep] = [...loads, ...plan[dep]];
  const empties = plan[rec].filter((m) => !cars.get(m)!.loaded).slice(0, 14);
  plan[rec] = plan[rec].filter((m) => !empties.includes(m));
  plan[r1] = empties.slice(0, 7);
  plan[r2] = empties.slice(7);
  return plan;
}

async function seedYard(db: Db, companyId: number, y: YardPlan, pool: DemoCar[], products: number[], r: ReturnType<typeof rng>): Promise<void> {
  const F = tableOf(facility);
  const [f] = await db.select({ id: F.id }).from(F).where(and(eq(F.company, companyId), eq(F.code, y.facility)));
  if (!f) return;
  const Y = tableOf(railYard);
  const [yard] = await db.insert(Y).values({ company: companyId, facility: f.id, name: y.name, length_unit: y.unit, lead_length: String(y.lead), use_autocomplete: true, notes: y.notes, layout_version: 1 }).returning({ id: Y.id });
  const T = tableOf(railYardTrack);
  const tracks = await db.insert(T).values(y.tracks.map((t, i) => ({ company: companyId, yard: yard.id, name: t.name, kind: t.kind, length: String(t.length), position: i }))).returning({ id: T.id, name: T.name });
  const names = Object.fromEntries(tracks.map((t) => [String(t.id), t.name]));
  const actual: Record<string, string[]> = {};
  const byMark = new Map<string, DemoCar>();
  y.tracks.forEach((plan, i) => {
    const key = String(tracks[i].id);
    actual[key] = [];
    for (let n = 0; n < plan.fill && pool.length; n++) {
      const c = pool.shift()!;
      // Loads stand on the racks and in storage; the receiving tracks hold inbound empties.
      c.loaded = plan.kind === 'loading' || (plan.kind === 'storage' && r.chance(0.4)) || (plan.kind === 'interchange' && plan.name.startsWith('Departure'));
      c.product = c.loaded ? r.pick(products) ?? null : null;
      actual[key].push(c.mark_number);
      byMark.set(c.mark_number, c);
    }
  });
  const planned = y.tracks.some((t) => t.name === 'Rack 1') ? tonightsPlan(actual, names, byMark) : actual;
  const shape = yardShape(y.unit, y.lead, y.tracks.map((t, i) => ({ id: tracks[i].id, name: t.name, length: t.length })),
    [...byMark.values()].map((c) => ({ mark_number: c.mark_number, length: inYardUnit(c.feet, y.unit) })));
  // A plan the switch list cannot reach would greet the dispatcher with a problem: the yard then starts as planned.
  const workable = 'moves' in switchList(actual, planned, shape, 50);
  const plan: Layout = workable ? planned : actual;
  const placeIn = (layout: Layout, m: string) => {
    for (const [t, list] of Object.entries(layout)) if (list.includes(m)) return { track: Number(t), position: list.indexOf(m) };
    return { track: null, position: null };
  };
  const YC = tableOf(railYardCar);
  await db.insert(YC).values([...byMark.values()].map((c) => {
    const a = placeIn(actual, c.mark_number);
    const p = placeIn(plan, c.mark_number);
    return {
      company: companyId, yard: yard.id, mark_number: c.mark_number, car: c.car, car_type: c.car_type, length: inYardUnit(c.feet, y.unit),
      loaded: c.loaded, product: c.product, actual_track: a.track, actual_position: a.position, planned_track: p.track, planned_position: p.position,
      arrived_at: sql`now() - interval '1 day' * ${r.int(1, 20)}`,
    };
  }));
  // Last night's arrivals on the receiving tracks, as the history keeps them.
  const M = tableOf(railYardMove);
  for (const [key, list] of Object.entries(actual)) {
    if (!names[key].startsWith('Receiving') || !list.length) continue;
    await db.insert(M).values({ company: companyId, yard: yard.id, kind: 'arrived', cars: list, car_count: list.length, to_track: Number(key), to_name: names[key], moved_at: sql`now() - interval '14 hours'` });
  }
}

export async function seedYards(db: Db, companyId: number): Promise<boolean> {
  const Y = tableOf(railYard);
  const [has] = await db.select({ id: Y.id }).from(Y).where(eq(Y.company, companyId)).limit(1);
  if (has) return false;
  const C = tableOf(car);
  const fleet = await db.select({ id: C.id, mark: C.mark, number: C.number, car_type: C.car_type, length: C.length }).from(C).where(eq(C.company, companyId)).orderBy(C.mark, C.number);
  const P = tableOf(product);
  const products = (await db.select({ id: P.id }).from(P).where(eq(P.company, companyId)).orderBy(P.id).limit(6)).map((p) => Number(p.id));
  const r = rng(2417);
  const pool: DemoCar[] = fleet.map((c) => ({
    mark_number: `${c.mark} ${c.number}`, car: Number(c.id), car_type: String(c.car_type),
    feet: c.length === null ? DEFAULT_CAR_FEET[c.car_type as keyof typeof DEFAULT_CAR_FEET] ?? 60 : Number(c.length), loaded: false, product: null,
  }));
  const taken = new Set(pool.map((c) => c.mark_number));
  while (pool.length < 190) {
    const m = `${r.pick(FOREIGN)} ${r.int(1_000, 999_999)}`;
    if (taken.has(m)) continue;
    taken.add(m);
    const type = r.chance(0.8) ? 'T' : 'C';
    pool.push({ mark_number: m, car: null, car_type: type, feet: DEFAULT_CAR_FEET[type as 'T' | 'C'], loaded: false, product: null });
  }
  await grantDemoGroups(db, YARD_MODELS);
  await seedYard(db, companyId, SCOTFORD, pool, products, r);
  await seedYard(db, companyId, TERMINAL_YARD, pool, products, r);
  return true;
}
