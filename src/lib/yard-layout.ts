/**
 * A rail yard's layout and the rules a move follows (docs/yard.md, The model; Move rules). Shared by
 * the server, which enforces them, and the yard screen, which shows them live while a cut is dragged.
 *
 * A track is listed from its switch end, the end cars enter and leave by: index 0 is the car a
 * locomotive couples to first. Lengths are whole micrometres, so feet and metres with two decimals
 * add up exactly (0.01 ft = 3,048 µm; 0.01 m = 10,000 µm) and 400 cars stay far below 2^53.
 */

export type LengthUnit = 'ft' | 'm';

const MICRONS: Record<LengthUnit, number> = { ft: 304_800, m: 1_000_000 };

/** `60.25` ft as micrometres; lengths are positive decimals of at most two places (the declarations say so). */
export function toMicrons(value: string | number, unit: LengthUnit): number {
  const [whole, frac = ''] = String(value).trim().split('.');
  const hundredths = Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  return (hundredths * MICRONS[unit]) / 100;
}

/** Micrometres written in the yard's unit with two decimals, rounded half up (`1,234.50 ft` without the unit). */
export function fromMicrons(microns: number, unit: LengthUnit): string {
  return (Math.round((microns * 100) / MICRONS[unit]) / 100).toFixed(2);
}

/** Each track's cars from its switch end, by track id. */
export type Layout = Readonly<Record<string, readonly string[]>>;

/** What the rules need of a yard: each track's usable length, each car's length, the lead's length (null: no limit). */
export interface YardShape {
  tracks: Readonly<Record<string, { name: string; length: number }>>;
  carLength(car: string): number;
  /** The longest cut a locomotive can pull onto the lead (the headshunt) in one move. */
  lead: number | null;
}

/**
 * A yard's shape from its lengths as the API writes them (decimals in the yard's unit): what the
 * server, the screen and the demo seed all hand the rules.
 */
export function yardShape(unit: LengthUnit, lead: string | number | null, tracks: readonly { id: number | string; name: string; length: string | number }[], cars: readonly { mark_number: string; length: string | number }[]): YardShape {
  const lengths = new Map(cars.map((c) => [c.mark_number, toMicrons(c.length, unit)]));
  return {
    tracks: Object.fromEntries(tracks.map((t) => [String(t.id), { name: t.name, length: toMicrons(t.length, unit) }])),
    carLength: (car) => lengths.get(car) ?? 0,
    lead: lead === null ? null : toMicrons(lead, unit),
  };
}

export const usedLength = (cars: readonly string[], shape: YardShape) => cars.reduce((sum, c) => sum + shape.carLength(c), 0);

/** Free length on a track of a layout (negative when it is over). */
export const freeLength = (layout: Layout, track: string, shape: YardShape) => shape.tracks[track].length - usedLength(layout[track] ?? [], shape);

/** Where a car is in a layout: its track and its place from the switch end; undefined when on none. */
export function whereIs(layout: Layout, car: string): { track: string; index: number } | undefined {
  for (const [track, cars] of Object.entries(layout)) {
    const index = cars.indexOf(car);
    if (index >= 0) return { track, index };
  }
  return undefined;
}

/** What is wrong with a layout: a car on two tracks or twice, a track over its length, a track the yard has not. */
export function layoutFaults(layout: Layout, shape: YardShape, unit: LengthUnit = 'ft'): string[] {
  const faults: string[] = [];
  const seen = new Map<string, string>();
  for (const [track, cars] of Object.entries(layout)) {
    const t = shape.tracks[track];
    if (!t) { faults.push(`Track ${track} is not a track of this yard.`); continue; }
    for (const car of cars) {
      const other = seen.get(car);
      if (other !== undefined) faults.push(other === track ? `${car} is on ${t.name} twice.` : `${car} is on ${shape.tracks[other].name} and on ${t.name}.`);
      seen.set(car, track);
    }
    const over = -freeLength(layout, track, shape);
    if (over > 0) faults.push(`${t.name} is over its length by ${fromMicrons(over, unit)} ${unit}.`);
  }
  return faults;
}

export type MoveResult = { layout: Layout } | { refused: string };

/** A refusal for a cut that does not fit where it goes, naming the track and the lengths. */
function overLength(to: string, cut: number, free: number, shape: YardShape, unit: LengthUnit): string {
  return `${shape.tracks[to].name} has ${fromMicrons(Math.max(free, 0), unit)} ${unit} free; the cut is ${fromMicrons(cut, unit)} ${unit}.`;
}

/**
 * A switching move: the first `count` cars at the switch end of `from`, pulled as one cut and
 * shoved onto the switch end of `to`. The cut keeps its order (its first car is the new first car
 * of `to`). Refused when the cut is longer than the lead or `to` has not the room.
 */
export function moveCut(layout: Layout, shape: YardShape, move: { from: string; count: number; to: string }, unit: LengthUnit = 'ft'): MoveResult {
  const { from, count, to } = move;
  if (!shape.tracks[from] || !shape.tracks[to]) return { refused: 'Both tracks must be tracks of this yard.' };
  if (from === to) return { refused: 'A move goes to another track.' };
  const source = layout[from] ?? [];
  if (!Number.isInteger(count) || count < 1 || count > source.length) return { refused: `${shape.tracks[from].name} has ${source.length} car(s): a cut takes 1 to ${source.length}.` };
  const cut = source.slice(0, count);
  const length = usedLength(cut, shape);
  if (shape.lead !== null && length > shape.lead) return { refused: `The cut is ${fromMicrons(length, unit)} ${unit}: the lead holds ${fromMicrons(shape.lead, unit)} ${unit}.` };
  const free = freeLength(layout, to, shape);
  if (length > free) return { refused: overLength(to, length, free, shape, unit) };
  return { layout: { ...layout, [from]: source.slice(count), [to]: [...cut, ...(layout[to] ?? [])] } };
}

/**
 * The cars between a car and its track's switch end: what has to leave first. A move of `cars`
 * is legal only when they are exactly the first cars of one track.
 */
export function carsInFront(layout: Layout, car: string): string[] {
  const at = whereIs(layout, car);
  return at ? layout[at.track].slice(0, at.index) : [];
}

/**
 * The cut a set of cars forms, or why it is not one: they must be on one track and be its first
 * cars; the one named in the refusal is the first car in the way.
 */
export function cutOf(layout: Layout, cars: readonly string[]): { from: string; count: number } | { refused: string } {
  if (!cars.length) return { refused: 'Choose the cars to move.' };
  const places = cars.map((c) => [c, whereIs(layout, c)] as const);
  const missing = places.find(([, at]) => !at);
  if (missing) return { refused: `${missing[0]} is on no track of this layout.` };
  const tracks = new Set(places.map(([, at]) => at!.track));
  if (tracks.size > 1) return { refused: 'A cut is taken from one track: the cars chosen are on several.' };
  const from = places[0][1]!.track;
  const chosen = new Set(cars);
  const deepest = Math.max(...places.map(([, at]) => at!.index));
  const inTheWay = layout[from].slice(0, deepest).filter((c) => !chosen.has(c));
  if (inTheWay.length) return { refused: `${inTheWay[0]} is in front of ${places.find(([, at]) => at!.index === deepest)![0]}: a car cannot pass through another, move ${inTheWay.length === 1 ? 'it' : 'those'} first.` };
  return { from, count: deepest + 1 };
}

/**
 * A plan edit (the planned layout is where the dispatcher wants the cars, not how they get
 * there): the cars leave wherever they are and stand at `position` on `to`, in the order given.
 * Refused only when `to` would be over its length.
 */
export function placeCars(layout: Layout, shape: YardShape, cars: readonly string[], to: string, position: number, unit: LengthUnit = 'ft'): MoveResult {
  if (!shape.tracks[to]) return { refused: 'The track is not a track of this yard.' };
  if (new Set(cars).size !== cars.length) return { refused: 'A car is named twice.' };
  const moving = new Set(cars);
  const next: Record<string, string[]> = {};
  for (const [track, list] of Object.entries(layout)) next[track] = list.filter((c) => !moving.has(c));
  const target = next[to] ?? [];
  const at = Math.max(0, Math.min(position, target.length));
  next[to] = [...target.slice(0, at), ...cars, ...target.slice(at)];
  const free = freeLength(next, to, shape);
  if (free < 0) return { refused: overLength(to, usedLength(cars, shape), free + usedLength(cars, shape), shape, unit) };
  return { layout: next };
}
