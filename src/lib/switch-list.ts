/**
 * The switch list: the moves that turn a yard's actual layout into its planned one (docs/yard.md,
 * The switch list). Every list is replayed against the move rules before it is answered, so it is
 * never wrong; it is the shortest the search below finds, with a proven lower bound beside it.
 *
 * Words: a car is *settled* when it and every car deeper on its track stand as the plan has them;
 * settled cars never move again. The unsettled cars of a track are its first ones (from the switch
 * end); they fall into *runs*, stretches of cars that stand in the plan's order on one planned
 * track. A move changes the number of runs in the yard by at most one (it can join one run to
 * another or settle one), so the runs counted at the start are a lower bound on the moves.
 *
 * The rule: build each planned track from its deep end. Take the track whose next car is quickest
 * to reach, set aside whatever is on top of its settled cars and in front of that car, and bring
 * the car with the cars above it that follow it in the plan. Set-aside cars go where they settle,
 * else onto a finished track, else onto cars that move anyway, last onto a track still being built.
 * A pilot search then tries, move by move, each sensible first move followed by that rule, and
 * keeps the shortest whole list it met.
 */
import { type Layout, type YardShape, moveCut } from './yard-layout';

export interface SwitchMove { from: string; to: string; cars: string[] }
export type SwitchList = { moves: SwitchMove[]; lowerBound: number } | { problem: string };

/**
 * How many first moves the pilot search may try, each followed to the end by the rule, and for how
 * long: 400 cars and 20 tracks take about 2.5 s for the whole budget on the test machine, and the
 * server answers in about a second with the best list met by then.
 */
const DEFAULT_BUDGET = 1_500;
const DEADLINE_MS = 1_000;

interface Problem {
  tracks: string[];
  /** The planned track index and the depth from its deep end (0 = deepest) of each car. */
  goalTrack: Int32Array;
  goalDepth: Int32Array;
  goalSize: Int32Array;
  /** Each planned track's cars by depth from its deep end. */
  goalByDepth: number[][];
  lengths: Float64Array;
  capacity: Float64Array;
  lead: number;
  cars: string[];
}

type State = number[][];

const clone = (s: State): State => s.map((t) => t.slice());
const used = (p: Problem, cars: readonly number[]) => cars.reduce((sum, c) => sum + p.lengths[c], 0);

function settled(p: Problem, s: State, t: number): number {
  const track = s[t];
  let k = 0;
  while (k < track.length) {
    const car = track[track.length - 1 - k];
    if (p.goalTrack[car] !== t || p.goalDepth[car] !== k) break;
    k++;
  }
  return k;
}

/** `a` stands directly in front of `b` in the plan. */
const adjacent = (p: Problem, a: number, b: number) => p.goalTrack[a] === p.goalTrack[b] && p.goalDepth[a] === p.goalDepth[b] + 1;

function runsOf(p: Problem, s: State, t: number): number {
  const open = s[t].length - settled(p, s, t);
  let runs = open > 0 ? 1 : 0;
  for (let i = 1; i < open; i++) if (!adjacent(p, s[t][i - 1], s[t][i])) runs++;
  return runs;
}

const lowerBound = (p: Problem, s: State) => s.reduce((sum, _, t) => sum + runsOf(p, s, t), 0);
const done = (p: Problem, s: State) => s.every((_, t) => settled(p, s, t) === p.goalSize[t]);

interface Move { from: number; to: number; count: number }

function apply(s: State, m: Move) {
  const cut = s[m.from].splice(0, m.count);
  s[m.to].unshift(...cut);
}

/** How many of a cut's deepest cars would settle on `to`. */
function settles(p: Problem, s: State, cut: readonly number[], to: number): number {
  const k = settled(p, s, to);
  if (k !== s[to].length) return 0;
  let n = 0;
  while (n < cut.length) {
    const car = cut[cut.length - 1 - n];
    if (p.goalTrack[car] !== to || p.goalDepth[car] !== k + n) break;
    n++;
  }
  return n;
}

/**
 * Where a set-aside cut does least harm, or -1: where it settles, else a finished track, else on
 * cars that move anyway, last on a track still being built; never on the tracks forbidden, and
 * burying the car wanted next only when nothing else has room.
 */
function asideTo(p: Problem, s: State, cut: readonly number[], forbidden: readonly number[], wanted: number): number {
  const length = used(p, cut);
  let best = -1;
  let bestCost = Infinity;
  for (let t = 0; t < s.length; t++) {
    if (forbidden.includes(t) || p.capacity[t] - used(p, s[t]) < length) continue;
    const k = settled(p, s, t);
    let cost: number;
    if (settles(p, s, cut, t) === cut.length) cost = -1;
    else if (k === p.goalSize[t]) cost = 0;
    else if (k < s[t].length) cost = 1;
    else cost = 3;
    if (wanted >= 0 && s[t].includes(wanted)) cost += 2;
    if (cost < bestCost) { best = t; bestCost = cost; }
  }
  return best;
}

/** Moves the first `count` cars of `from` out of the way, in cuts the lead and the room allow. */
function setAside(p: Problem, s: State, from: number, count: number, forbidden: number[], wanted: number, out: Move[]): boolean {
  let left = count;
  while (left > 0) {
    let n = left;
    while (n > 0 && used(p, s[from].slice(0, n)) > p.lead) n--;
    let to = -1;
    while (n > 0 && (to = asideTo(p, s, s[from].slice(0, n), [from, ...forbidden], wanted)) < 0) n--;
    if (n === 0) return false;
    const m = { from, to, count: n };
    apply(s, m);
    out.push(m);
    left -= n;
  }
  return true;
}

/** The rule, from a state to the end; null when it finds no room to work. */
function rule(p: Problem, start: State, limit: number): Move[] | null {
  const s = clone(start);
  const out: Move[] = [];
  while (!done(p, s)) {
    if (out.length > limit) return null;
    // The planned track whose next car is quickest to reach: fewest cars on top of it and in front of that car.
    let target = -1;
    let cheapest = Infinity;
    for (let t = 0; t < s.length; t++) {
      const k = settled(p, s, t);
      if (k === p.goalSize[t]) continue;
      const car = wantedOn(p, t, k);
      const from = s.findIndex((track) => track.includes(car));
      const cost = (s[t].length - k) + (from === t ? 0 : s[from].indexOf(car));
      if (cost < cheapest) { cheapest = cost; target = t; }
    }
    const k = settled(p, s, target);
    const car = wantedOn(p, target, k);
    if (s[target].length > k && !setAside(p, s, target, s[target].length - k, [], car, out)) return null;
    const from = s.findIndex((track) => track.includes(car));
    const at = s[from].indexOf(car);
    // The cars above it that follow it in the plan come along, as far as the lead takes them.
    let top = at;
    while (top > 0 && adjacent(p, s[from][top - 1], s[from][top])) top--;
    while (top < at && used(p, s[from].slice(top, at + 1)) > p.lead) top++;
    if (p.lengths[car] > p.lead) return null;
    if (top > 0 && !setAside(p, s, from, top, [target], car, out)) return null;
    const m = { from, to: target, count: at + 1 - top };
    apply(s, m);
    out.push(m);
  }
  return out;
}

/** The car planned at depth `k` of track `t`. */
const wantedOn = (p: Problem, t: number, k: number) => p.goalByDepth[t][k];

/** First moves worth a try from a state: whole runs off the top of a track, to wherever they fit. */
function firstMoves(p: Problem, s: State): Move[] {
  const moves: Move[] = [];
  for (let from = 0; from < s.length; from++) {
    const open = s[from].length - settled(p, s, from);
    const counts: number[] = [];
    for (let i = 1; i <= open && counts.length < 3; i++) if (i === open || !adjacent(p, s[from][i - 1], s[from][i])) counts.push(i);
    for (const count of counts) {
      const cut = s[from].slice(0, count);
      const length = used(p, cut);
      if (length > p.lead) break;
      for (let to = 0; to < s.length; to++) if (to !== from && p.capacity[to] - used(p, s[to]) >= length) moves.push({ from, to, count });
    }
  }
  return moves;
}

const key = (s: State) => s.map((t) => t.join(',')).join('|');

/**
 * The pilot search: at each step the first move whose rule-completed list is shortest, keeping the
 * best whole list met. Where the rule finds no room from any first move, the step that leaves the
 * fewest runs (the lower bound) is taken instead, never back to a state already passed.
 */
function pilot(p: Problem, start: State, budget: number): Move[] | null {
  const until = Date.now() + DEADLINE_MS;
  let best = rule(p, start, 10_000);
  const s = clone(start);
  const prefix: Move[] = [];
  const seen = new Set([key(s)]);
  let tries = 0;
  while (!done(p, s) && tries < budget && (!best || prefix.length < best.length)) {
    let chosen: { move: Move; rest: Move[] | null; bound: number } | null = null;
    for (const move of firstMoves(p, s)) {
      if (++tries > budget || Date.now() > until) { tries = budget; break; }
      const next = clone(s);
      apply(next, move);
      if (seen.has(key(next))) continue;
      const rest = rule(p, next, best ? best.length : 10_000);
      const bound = lowerBound(p, next);
      const better = !chosen || (rest ? !chosen.rest || rest.length < chosen.rest.length : !chosen.rest && bound < chosen.bound);
      if (better) chosen = { move, rest, bound };
    }
    if (!chosen) break;
    if (chosen.rest && (!best || prefix.length + 1 + chosen.rest.length < best.length)) best = [...prefix, chosen.move, ...chosen.rest];
    apply(s, chosen.move);
    prefix.push(chosen.move);
    seen.add(key(s));
  }
  return best;
}

/** Replays a list by the move rules (yard-layout.ts): it must end at the plan exactly. */
function replays(actual: Layout, planned: Layout, shape: YardShape, moves: SwitchMove[]): boolean {
  let layout = actual;
  for (const m of moves) {
    if ((layout[m.from] ?? []).slice(0, m.cars.length).join('\n') !== m.cars.join('\n')) return false;
    const r = moveCut(layout, shape, { from: m.from, count: m.cars.length, to: m.to });
    if ('refused' in r) return false;
    layout = r.layout;
  }
  return Object.keys(shape.tracks).every((t) => (layout[t] ?? []).join('\n') === (planned[t] ?? []).join('\n'));
}

/**
 * The switch list from `actual` to `planned`, both over the same cars; `budget` bounds the pilot
 * search (first moves tried). A plan that does not hold the same cars, or that no list reaches
 * with the room the yard has, is answered as a problem in words.
 */
export function switchList(actual: Layout, planned: Layout, shape: YardShape, budget = DEFAULT_BUDGET): SwitchList {
  const tracks = Object.keys(shape.tracks);
  const inActual = tracks.flatMap((t) => actual[t] ?? []);
  const inPlan = tracks.flatMap((t) => planned[t] ?? []);
  const planSet = new Set(inPlan);
  const actualSet = new Set(inActual);
  const onlyActual = inActual.filter((c) => !planSet.has(c));
  const onlyPlan = inPlan.filter((c) => !actualSet.has(c));
  if (onlyActual.length || onlyPlan.length) {
    const parts = [
      onlyActual.length ? `in the yard but not in the plan: ${onlyActual.slice(0, 5).join(', ')}${onlyActual.length > 5 ? ` and ${onlyActual.length - 5} more` : ''} (place them in the plan, or take them out of the yard)` : '',
      onlyPlan.length ? `in the plan but not in the yard: ${onlyPlan.slice(0, 5).join(', ')}${onlyPlan.length > 5 ? ` and ${onlyPlan.length - 5} more` : ''} (add them to the actual layout when they arrive)` : '',
    ].filter(Boolean);
    return { problem: `The plan and the yard hold different cars: ${parts.join('; ')}.` };
  }
  const cars = inActual;
  const index = new Map(cars.map((c, i) => [c, i]));
  const p: Problem = {
    tracks, cars,
    goalTrack: new Int32Array(cars.length), goalDepth: new Int32Array(cars.length), goalSize: new Int32Array(tracks.length), goalByDepth: [],
    lengths: Float64Array.from(cars, (c) => shape.carLength(c)),
    capacity: Float64Array.from(tracks, (t) => shape.tracks[t].length),
    lead: shape.lead ?? Infinity,
  };
  tracks.forEach((t, ti) => {
    const list = planned[t] ?? [];
    p.goalSize[ti] = list.length;
    p.goalByDepth[ti] = list.map((c) => index.get(c)!).reverse();
    list.forEach((c, i) => { p.goalTrack[index.get(c)!] = ti; p.goalDepth[index.get(c)!] = list.length - 1 - i; });
  });
  const start: State = tracks.map((t) => (actual[t] ?? []).map((c) => index.get(c)!));
  const tooLong = cars.find((c) => shape.carLength(c) > p.lead);
  if (tooLong && !done(p, start)) return { problem: `${tooLong} is longer than the lead: it cannot be switched here.` };
  const found = pilot(p, start, budget);
  if (!found) return { problem: 'There is not the room to work this plan: free some length on a track the plan leaves short, or lengthen the lead.' };
  const moves = found.map((m) => ({ from: tracks[m.from], to: tracks[m.to], cars: [] as string[], count: m.count }));
  // The cars of each move, named from a replay of the indices.
  const s = clone(start);
  found.forEach((m, i) => { moves[i].cars = s[m.from].slice(0, m.count).map((c) => cars[c]); apply(s, m); });
  const list = moves.map(({ from, to, cars: cut }) => ({ from, to, cars: cut }));
  if (!replays(actual, planned, shape, list)) throw new Error('switch list failed its replay');
  return { moves: list, lowerBound: lowerBound(p, start) };
}
