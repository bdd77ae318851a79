/**
 * Geofences (docs/trace.md, Geofence): a GeoJSON Polygon or MultiPolygon (bare, or as a Feature's
 * geometry) in WGS 84 longitude and latitude, checked before any query: rings closed and of four
 * positions at least, coordinates in range, at most MAX_POSITIONS positions, and no polygon across
 * the antimeridian (a polygon whose longitudes span more than 180° would be read the long way round
 * the world). A point on a ring's edge or corner counts as inside.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

export const MAX_POSITIONS = 10_000;

export type Position = [number, number];
export interface Geofence { type: 'Polygon' | 'MultiPolygon'; polygons: Position[][][] }
export type GeofenceCheck = { ok: true; fence: Geofence; bbox: [number, number, number, number] } | { ok: false; errors: string[] };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function ringErrors(ring: unknown, where: string): string[] {
  if (!Array.isArray(ring)) return [`${where}: a ring is a list of [longitude, latitude] positions.`];
  if (ring.length < 4) return [`${where}: a ring needs at least 4 positions, the last the same as the first.`];
  const errors: string[] = [];
  ring.forEach((p: unknown, i) => {
    if (!Array.isArray(p) || p.length < 2 || !isNumber(p[0]) || !isNumber(p[1])) errors.push(`${where}, position ${i + 1}: expected [longitude, latitude] numbers.`);
    else if (p[0] < -180 || p[0] > 180 || p[1] < -90 || p[1] > 90) errors.push(`${where}, position ${i + 1}: longitude runs from -180 to 180 and latitude from -90 to 90.`);
  });
  if (!errors.length) {
    const [a, b] = [ring[0] as number[], ring[ring.length - 1] as number[]];
    if (a[0] !== b[0] || a[1] !== b[1]) errors.push(`${where}: a ring is closed: its last position is its first.`);
  }
  return errors;
}

/** The geofence a request names, checked; or what is wrong with it, in words. */
export function checkGeofence(raw: unknown): GeofenceCheck {
  const geometry = raw && typeof raw === 'object' && (raw as { type?: unknown }).type === 'Feature' ? (raw as { geometry?: unknown }).geometry : raw;
  const g = geometry as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== 'object' || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) {
    return { ok: false, errors: ['A geofence is a GeoJSON Polygon or MultiPolygon (or a Feature of one).'] };
  }
  if (!Array.isArray(g.coordinates) || !g.coordinates.length) return { ok: false, errors: ['The geofence has no coordinates.'] };
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as unknown[];
  const errors: string[] = [];
  let positions = 0;
  polygons.forEach((poly, i) => {
    const name = g.type === 'Polygon' ? 'Polygon' : `Polygon ${i + 1}`;
    if (!Array.isArray(poly) || !poly.length) { errors.push(`${name}: a polygon is a list of rings, the outer one first.`); return; }
    poly.forEach((ring: unknown, j) => {
      errors.push(...ringErrors(ring, `${name}, ring ${j + 1}`));
      if (Array.isArray(ring)) positions += ring.length;
    });
  });
  if (positions > MAX_POSITIONS) errors.push(`At most ${MAX_POSITIONS.toLocaleString('en-CA')} positions; this geofence has ${positions.toLocaleString('en-CA')}.`);
  if (errors.length) return { ok: false, errors };
  const all = (polygons as Position[][][]).flat(2);
  const lons = all.map((p) => p[0]);
  const lats = all.map((p) => p[1]);
  const bbox: [number, number, number, number] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  (polygons as Position[][][]).forEach((poly, i) => {
    const ls = poly.flat().map((p) => p[0]);
    if (Math.max(...ls) - Math.min(...ls) > 180) {
      errors.push(`${g.type === 'Polygon' ? 'The polygon' : `Polygon ${i + 1}`} spans more than 180° of longitude: a geofence may not cross the antimeridian. Split it into two polygons, one on each side of 180°.`);
    }
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, fence: { type: g.type, polygons: polygons as Position[][][] }, bbox };
}

/** Is the point (longitude, latitude) inside the geofence, its edges included? */
export function insideGeofence(fence: Geofence, longitude: number, latitude: number): boolean {
  const geometry = fence.type === 'Polygon' ? { type: 'Polygon' as const, coordinates: fence.polygons[0] } : { type: 'MultiPolygon' as const, coordinates: fence.polygons };
  return booleanPointInPolygon([longitude, latitude], geometry, { ignoreBoundary: false });
}
