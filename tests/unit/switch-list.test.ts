/**
 * The switch list (docs/yard.md, The switch list): on random yards it turns the actual layout into
 * the planned one by legal moves only, never in fewer moves than its lower bound and never in more
 * than the plain rule takes; small cases whose best answer is known get it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Layout, type YardShape, moveCut, toMicrons } from '../../src/lib/yard-layout';
import { switchList } from '../../src/lib/switch-list';

const FT = (n: number) => toMicrons(n, 'ft');

function shapeOf(lengths: Record<string, number>, carFeet: (car: string) => number = () => 60, lead: number | null = null): YardShape {
  return {
    tracks: Object.fromEntries(Object.entries(lengths).map(([id, ft]) => [id, { name: `Track ${id}`, length: FT(ft) }])),
    carLength: (c) => FT(carFeet(c)),
    lead: lead === null ? null : FT(lead),
  };
}

/** Replays a list by the move rules and answers where it ends. */
function replay(actual: Layout, shape: YardShape, moves: { from: string; to: string; cars: string[] }[]): Layout {
  let layout = actual;
  for (const m of moves) {
    expect(layout[m.from].slice(0, m.cars.length)).toEqual(m.cars);
    const r = moveCut(layout, shape, { from: m.from, count: m.cars.length, to: m.to });
    if ('refused' in r) throw new Error(r.refused);
    layout = r.layout;
  }
  return layout;
}

const same = (a: Layout, b: Layout, tracks: string[]) => tracks.every((t) => (a[t] ?? []).join() === (b[t] ?? []).join());

/** The fewest moves by breadth-first search over every legal move (-1: none reaches the plan, -2: too many layouts to tell): the judge on small yards. */
function fewestMoves(actual: Layout, planned: Layout, shape: YardShape): number {
  const ids = Object.keys(shape.tracks);
  const key = (l: Layout) => ids.map((t) => (l[t] ?? []).join(',')).join('|');
  const goal = key(planned);
  const seen = new Set([key(actual)]);
  let frontier: Layout[] = [actual];
  for (let depth = 0; frontier.length; depth++) {
    if (frontier.some((l) => key(l) === goal)) return depth;
    const next: Layout[] = [];
    for (const l of frontier) for (const from of ids) for (let count = 1; count <= (l[from] ?? []).length; count++) for (const to of ids) {
      const r = to === from ? null : moveCut(l, shape, { from, count, to });
      if (!r || 'refused' in r || seen.has(key(r.layout))) continue;
      seen.add(key(r.layout));
      if (seen.size > 5_000) return -2;
      next.push(r.layout);
    }
    frontier = next;
  }
  return -1;
}

/** A random small yard: 3 or 4 tracks of 2 to 5 car lengths, up to 8 cars spread twice (actual and planned), a lead of 2 or 3 cars or none. */
const smallYards = fc.record({ seed: fc.integer(), tracks: fc.integer({ min: 3, max: 4 }), cars: fc.integer({ min: 2, max: 7 }), lead: fc.constantFrom<number | null>(null, 130, 190) })
  .map(({ seed, tracks, cars, lead }) => {
    let x = seed >>> 0;
    const rand = (n: number) => { x = (Math.imul(x ^ (x >>> 15), 2246822507) + 0x9e3779b9) >>> 0; return x % n; };
    const ids = Array.from({ length: tracks }, (_, i) => `t${i}`);
    const capacity = ids.map(() => 2 + rand(4));
    const names = Array.from({ length: Math.min(cars, capacity.reduce((a, b) => a + b, 0) - 1) }, (_, i) => `X ${i}`);
    const spread = (): Layout => {
      const layout: Record<string, string[]> = Object.fromEntries(ids.map((t) => [t, []]));
      for (const c of [...names].sort(() => rand(3) - 1)) {
        let t = rand(tracks);
        while (layout[ids[t]].length >= capacity[t]) t = (t + 1) % tracks;
        layout[ids[t]].push(c);
      }
      return layout;
    };
    return { ids, shape: shapeOf(Object.fromEntries(ids.map((t, i) => [t, capacity[i] * 60])), () => 60, lead), actual: spread(), planned: spread() };
  });

describe('switch list', () => {
  it('on random small yards: legal moves that end at the plan, never fewer than the bound, most of them the fewest there are', () => {
    const tally = { workable: 0, worked: 0, fewest: 0, extra: 0 };
    fc.assert(fc.property(smallYards, ({ ids, shape, actual, planned }) => {
      const fewest = fewestMoves(actual, planned, shape);
      if (fewest === -2) return;
      const list = switchList(actual, planned, shape);
      if (fewest >= 0) tally.workable++;
      if ('problem' in list) return;
      // Never a list where none exists: every answer replays to the plan.
      expect(fewest).toBeGreaterThanOrEqual(0);
      expect(same(replay(actual, shape, list.moves), planned, ids)).toBe(true);
      expect(list.lowerBound).toBeLessThanOrEqual(fewest);
      tally.worked++;
      if (list.moves.length === fewest) tally.fewest++;
      tally.extra += list.moves.length - fewest;
    }), { numRuns: 200, seed: 7 });
    console.log(`switch lists on small yards: ${tally.worked} of ${tally.workable} workable worked, ${tally.fewest} in the fewest moves, ${tally.extra} moves more in all`);
    expect(tally.worked).toBeGreaterThanOrEqual(Math.floor(tally.workable * 0.95));
    expect(tally.fewest).toBeGreaterThanOrEqual(Math.floor(tally.worked * 0.75));
  });

  it('a yard of 12 tracks and 150 cars: the search shortens the plain rule\'s list, never below the bound', () => {
    let x = 99;
    const rand = (n: number) => { x = (Math.imul(x ^ (x >>> 15), 2246822507) + 0x9e3779b9) >>> 0; return x % n; };
    const ids = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const actual: Record<string, string[]> = Object.fromEntries(ids.map((t) => [t, []]));
    for (let i = 0; i < 150; i++) actual[ids[i % 12]].push(`X ${i}`);
    const planned: Record<string, string[]> = Object.fromEntries(ids.map((t) => [t, [...actual[t]]]));
    for (let k = 0; k < 30; k++) {
      const from = planned[ids[rand(12)]];
      const [car] = from.splice(rand(from.length), 1);
      let to = rand(12);
      while (planned[ids[to]].length >= 18) to = (to + 1) % 12;
      planned[ids[to]].splice(rand(planned[ids[to]].length + 1), 0, car);
    }
    const shape = shapeOf(Object.fromEntries(ids.map((t) => [t, 18 * 60])), () => 60, 15 * 60);
    const plain = switchList(actual, planned, shape, 0);
    const searched = switchList(actual, planned, shape);
    if ('problem' in plain || 'problem' in searched) throw new Error('no list');
    expect(same(replay(actual, shape, searched.moves), planned, ids)).toBe(true);
    expect(searched.moves.length).toBeLessThan(plain.moves.length);
    expect(searched.moves.length).toBeGreaterThanOrEqual(searched.lowerBound);
  });

  it('a plan already met needs no move', () => {
    const layout = { a: ['X 1', 'X 2'], b: ['X 3'] };
    expect(switchList(layout, layout, shapeOf({ a: 300, b: 300 }))).toEqual({ moves: [], lowerBound: 0 });
  });

  it('swaps two cars through a third track in three moves, the fewest there are', () => {
    const actual = { a: ['X 1', 'X 2'], b: [], c: [] };
    const planned = { a: ['X 2', 'X 1'], b: [], c: [] };
    const list = switchList(actual, planned, shapeOf({ a: 120, b: 120, c: 60 }));
    expect(list).toMatchObject({ lowerBound: 2 });
    expect('moves' in list && list.moves).toHaveLength(3);
  });

  it('a cut that follows the plan moves as one', () => {
    const actual = { a: ['X 1', 'X 2', 'X 3'], b: [] };
    const planned = { a: [], b: ['X 1', 'X 2', 'X 3'] };
    expect(switchList(actual, planned, shapeOf({ a: 300, b: 300 }))).toEqual({ moves: [{ from: 'a', to: 'b', cars: ['X 1', 'X 2', 'X 3'] }], lowerBound: 1 });
  });

  it('the lead splits a long cut', () => {
    const actual = { a: ['X 1', 'X 2', 'X 3'], b: [], c: [] };
    const planned = { a: [], b: ['X 1', 'X 2', 'X 3'], c: [] };
    const shape = shapeOf({ a: 300, b: 300, c: 300 }, () => 60, 130);
    const list = switchList(actual, planned, shape);
    if ('problem' in list) throw new Error(list.problem);
    expect(list.moves.every((m) => m.cars.length <= 2)).toBe(true);
    expect(replay(actual, shape, list.moves)).toEqual(planned);
    expect(list.moves).toHaveLength(3);
  });

  it('says what differs when the plan holds other cars', () => {
    const list = switchList({ a: ['X 1', 'X 2'] }, { a: ['X 1', 'X 9'] }, shapeOf({ a: 300 }));
    expect(list).toEqual({ problem: expect.stringContaining('in the yard but not in the plan: X 2') });
    expect('problem' in list && list.problem).toContain('in the plan but not in the yard: X 9');
  });

  it('says so when there is no room to work', () => {
    const actual = { a: ['X 1', 'X 2'], b: ['X 3'] };
    const planned = { a: ['X 2', 'X 1'], b: ['X 3'] };
    expect(switchList(actual, planned, shapeOf({ a: 120, b: 60 }))).toEqual({ problem: expect.stringContaining('not the room') });
  });

  it('a car longer than the lead cannot be switched', () => {
    const list = switchList({ a: ['X 1'], b: [] }, { a: [], b: ['X 1'] }, shapeOf({ a: 300, b: 300 }, () => 90, 60));
    expect(list).toEqual({ problem: 'X 1 is longer than the lead: it cannot be switched here.' });
  });
});
