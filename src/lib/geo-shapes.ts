/**
 * The shapes a user draws a geofence with on the track-and-trace overview (docs/trace.md, Track and
 * trace overview): a circle around a station, or the corners tapped on the map. Both answer a
 * GeoJSON Polygon that the server's geofence check (geofence.ts) accepts: one closed ring,
 * longitude first.
 */
import type { Position } from './geofence';

const EARTH_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
/** Six decimals, as the positions are stored: about 0.1 m. */
const six = (n: number) => Math.round(n * 1e6) / 1e6;

export interface PolygonGeometry { type: 'Polygon'; coordinates: Position[][] }

/** Great-circle distance in km between two positions. */
export function distanceKm([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `km` from `center` on the bearing `bearing` (degrees from north), on the sphere. */
function destination([lon, lat]: Position, km: number, bearing: number): Position {
  const d = km / EARTH_KM;
  const φ1 = rad(lat);
  const θ = rad(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = rad(lon) + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return [six(deg(λ2)), six(deg(φ2))];
}

/** A circle of `km` around `center` as a polygon of `sides` corners (closed). */
export function circlePolygon(center: Position, km: number, sides = 48): PolygonGeometry {
  const ring = Array.from({ length: sides }, (_, i) => destination(center, km, (360 * i) / sides));
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

/** The polygon of the corners a user tapped, in order, closed; null until there are three. */
export function polygonOfCorners(corners: Position[]): PolygonGeometry | null {
  if (corners.length < 3) return null;
  const ring = corners.map(([lon, lat]): Position => [six(lon), six(lat)]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}
