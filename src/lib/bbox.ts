/**
 * A map's bounding box as the positions query takes it (docs/trace.md, Maps): `west,south,east,north`
 * in degrees, longitude first as in GeoJSON. A box whose west is east of its east crosses the
 * antimeridian (a view over the Pacific) and holds the longitudes on either side of it.
 */
export type Bbox = [west: number, south: number, east: number, north: number];

export type BboxCheck = { ok: true; bbox: Bbox } | { ok: false; error: string };

const SHAPE = 'Give west,south,east,north in degrees, e.g. -125,24,-60,60.';

export function parseBbox(raw: string): BboxCheck {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => p === '' || !Number.isFinite(Number(p)))) return { ok: false, error: SHAPE };
  const [west, south, east, north] = parts.map(Number);
  if ([west, east].some((x) => x < -180 || x > 180)) return { ok: false, error: 'Longitudes run from -180 to 180.' };
  if ([south, north].some((y) => y < -90 || y > 90)) return { ok: false, error: 'Latitudes run from -90 to 90.' };
  if (south > north) return { ok: false, error: 'The south edge is north of the north edge.' };
  return { ok: true, bbox: [west, south, east, north] };
}

export const crossesAntimeridian = ([west, , east]: Bbox) => west > east;

/** The box of a map view, its longitudes brought into -180..180 (a view wider than the world is the world). */
export function bboxOfView(west: number, south: number, east: number, north: number): Bbox {
  const clampLat = (y: number) => Math.max(-90, Math.min(90, y));
  if (east - west >= 360) return [-180, clampLat(south), 180, clampLat(north)];
  const wrap = (x: number) => ((((x + 180) % 360) + 360) % 360) - 180;
  const w = wrap(west);
  const e = wrap(east);
  // A view ending exactly on the antimeridian wraps 180 to -180; keep it the east edge.
  return [w, clampLat(south), e === -180 && east > west ? 180 : e, clampLat(north)];
}

export const bboxParam = (b: Bbox) => b.map((x) => Number(x.toFixed(4))).join(',');

/** Whether a point (longitude first) lies in the box, edges in. */
export function inBbox(b: Bbox, [lon, lat]: number[]): boolean {
  const [west, south, east, north] = b;
  if (lat < south || lat > north) return false;
  return crossesAntimeridian(b) ? lon >= west || lon <= east : lon >= west && lon <= east;
}
