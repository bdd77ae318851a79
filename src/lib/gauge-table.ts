/**
 * A rail car's gauge table (docs/loading.md, Gauge tables): rows of a depth read off the gauge
 * (innage: the liquid's height; outage: the empty space above it) against the volume of liquid in
 * the car at that reading, as a car owner's table gives it. The rules a table must keep, and the
 * volume at a reading (and the reading for a volume) by straight-line interpolation between the
 * two rows around it, in exact decimals (src/lib/pg-decimal.ts) so the screen and the server agree.
 */
import { formatDecimal } from './format';
import { type Dec, add, compare, div, mul, parse, round, sub, text } from './pg-decimal';

export type DepthKind = 'innage' | 'outage';
export type DepthUnit = 'in' | 'cm';
export type VolumeUnit = 'gal' | 'L';
export interface GaugeRow { depth: string; volume: string }
export interface GaugeTableShape { depth_kind: DepthKind; depth_unit: DepthUnit; volume_unit: VolumeUnit; rows: readonly GaugeRow[] }

export const DEPTH_KINDS = [['outage', 'Outage'], ['innage', 'Innage']] as const;
export const DEPTH_UNITS = [['in', 'inches'], ['cm', 'centimetres']] as const;
export const VOLUME_UNITS = [['gal', 'US gallons'], ['L', 'litres']] as const;

/** The places a table keeps and an answer is given in: 0.01 in, 0.1 cm (a gauge stick's marks); 0.01 gal, 0.1 L (as the loaded car). */
export const DEPTH_PLACES: Record<DepthUnit, number> = { in: 2, cm: 1 };
export const VOLUME_PLACES: Record<VolumeUnit, number> = { gal: 2, L: 1 };
export const MAX_GAUGE_ROWS = 2000;

const UNIT_WORD: Record<DepthUnit | VolumeUnit, string> = { in: 'in', cm: 'cm', gal: 'gal', L: 'L' };
const say = (d: Dec | string, unit: DepthUnit | VolumeUnit, places: number) => `${formatDecimal(typeof d === 'string' ? d : text(d), places)} ${UNIT_WORD[unit]}`;

/** A reading or a volume outside the table: said in words, with the table's range. */
export class GaugeRangeError extends RangeError {}

interface Parsed { depth: Dec; volume: Dec }

/**
 * What is wrong with a table's rows, one message per bad row ("Row 4: …", rows counted from 1 as
 * the file's data rows), empty when it is a table to read from: at least two rows, each a depth
 * and a volume of zero or more; the depth strictly increasing; the volume strictly rising with
 * the depth for innage and strictly falling for outage (a table whose volume goes the wrong way
 * has its columns swapped, or is the empty space's volume, which this product does not read).
 */
export function gaugeRowErrors(t: Omit<GaugeTableShape, 'rows'> & { rows: readonly unknown[] }): string[] {
  const errors: string[] = [];
  if (t.rows.length < 2) return ['A gauge table needs at least two rows.'];
  if (t.rows.length > MAX_GAUGE_ROWS) return [`A gauge table has at most ${MAX_GAUGE_ROWS.toLocaleString('en-US')} rows; this one has ${t.rows.length.toLocaleString('en-US')}.`];
  const dp = DEPTH_PLACES[t.depth_unit];
  const vp = VOLUME_PLACES[t.volume_unit];
  let prior: Parsed | null = null;
  t.rows.forEach((raw, i) => {
    const n = i + 1;
    const row = (raw ?? {}) as Record<string, unknown>;
    const depth = parse(String(row.depth ?? ''));
    const volume = parse(String(row.volume ?? ''));
    const bad: string[] = [];
    if (!depth || depth.units < 0n) bad.push(`the ${t.depth_kind} ${JSON.stringify(row.depth ?? '')} is not a number of zero or more`);
    if (!volume || volume.units < 0n) bad.push(`the volume ${JSON.stringify(row.volume ?? '')} is not a number of zero or more`);
    if (bad.length) { errors.push(`Row ${n}: ${bad.join('; ')}.`); prior = null; return; }
    const here: Parsed = { depth: round(depth!, dp), volume: round(volume!, vp) };
    if (prior) {
      if (compare(here.depth, prior.depth) <= 0) {
        errors.push(`Row ${n}: the ${t.depth_kind} ${say(here.depth, t.depth_unit, dp)} does not increase on row ${n - 1}'s ${say(prior.depth, t.depth_unit, dp)}.`);
      } else if (t.depth_kind === 'innage' && compare(here.volume, prior.volume) <= 0) {
        errors.push(`Row ${n}: the volume ${say(here.volume, t.volume_unit, vp)} is not more than row ${n - 1}'s ${say(prior.volume, t.volume_unit, vp)}; in an innage table the volume grows with the depth.`);
      } else if (t.depth_kind === 'outage' && compare(here.volume, prior.volume) >= 0) {
        errors.push(`Row ${n}: the volume ${say(here.volume, t.volume_unit, vp)} is not less than row ${n - 1}'s ${say(prior.volume, t.volume_unit, vp)}; in an outage table the volume falls as the outage grows.`);
      }
    }
    prior = here;
  });
  return errors;
}

/** The rows as the table stores them: each value brought to its unit's places. */
export function normalGaugeRows(t: GaugeTableShape): GaugeRow[] {
  return t.rows.map((r) => ({
    depth: text(round(parse(String(r.depth))!, DEPTH_PLACES[t.depth_unit])),
    volume: text(round(parse(String(r.volume))!, VOLUME_PLACES[t.volume_unit])),
  }));
}

const rowsOf = (t: GaugeTableShape): Parsed[] => t.rows.map((r) => ({ depth: parse(r.depth)!, volume: parse(r.volume)! }));

/** y at x on the line through (x0, y0) and (x1, y1), rounded to `places`. */
function between(x: Dec, x0: Dec, x1: Dec, y0: Dec, y1: Dec, places: number): Dec {
  return round(add(y0, div(mul(sub(y1, y0), sub(x, x0)), sub(x1, x0))), places);
}

/**
 * The volume at a reading of the gauge, in the table's volume unit (`'25634.50'`): a row's own
 * volume when the reading is on a row, else interpolated on the straight line between the rows
 * around it. A reading outside the table is refused (GaugeRangeError), never extrapolated.
 */
export function volumeAt(t: GaugeTableShape, reading: string): string {
  const x = parse(String(reading));
  if (!x) throw new GaugeRangeError(`The ${t.depth_kind} ${JSON.stringify(reading)} is not a number.`);
  const rows = rowsOf(t);
  const dp = DEPTH_PLACES[t.depth_unit];
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (compare(x, first.depth) < 0 || compare(x, last.depth) > 0) {
    throw new GaugeRangeError(`An ${t.depth_kind} of ${say(x, t.depth_unit, Math.max(dp, x.scale))} is outside this gauge table, which reads from ${say(first.depth, t.depth_unit, dp)} to ${say(last.depth, t.depth_unit, dp)}.`);
  }
  const i = rows.findIndex((r) => compare(r.depth, x) >= 0);
  const hi = rows[i];
  if (compare(hi.depth, x) === 0) return text(round(hi.volume, VOLUME_PLACES[t.volume_unit]));
  const lo = rows[i - 1];
  return text(between(x, lo.depth, hi.depth, lo.volume, hi.volume, VOLUME_PLACES[t.volume_unit]));
}

/**
 * The reading at which the car holds a volume (the gauge tool's answer: the outage the loader
 * fills to), in the table's depth unit, interpolated the same way; a volume the table does not
 * reach is refused (GaugeRangeError).
 */
export function readingFor(t: GaugeTableShape, volume: string): string {
  const y = parse(String(volume));
  if (!y) throw new GaugeRangeError(`The volume ${JSON.stringify(volume)} is not a number.`);
  const rows = rowsOf(t);
  const vp = VOLUME_PLACES[t.volume_unit];
  const rising = t.depth_kind === 'innage';
  const lowest = rising ? rows[0].volume : rows[rows.length - 1].volume;
  const highest = rising ? rows[rows.length - 1].volume : rows[0].volume;
  if (compare(y, lowest) < 0 || compare(y, highest) > 0) {
    throw new GaugeRangeError(`A volume of ${say(y, t.volume_unit, Math.max(vp, y.scale))} is outside this gauge table, which holds ${say(lowest, t.volume_unit, vp)} to ${say(highest, t.volume_unit, vp)}.`);
  }
  const past = (r: Parsed) => (rising ? compare(r.volume, y) >= 0 : compare(r.volume, y) <= 0);
  const i = rows.findIndex(past);
  const hi = rows[i];
  if (compare(hi.volume, y) === 0) return text(round(hi.depth, DEPTH_PLACES[t.depth_unit]));
  const lo = rows[i - 1];
  return text(between(y, lo.volume, hi.volume, lo.depth, hi.depth, DEPTH_PLACES[t.depth_unit]));
}
