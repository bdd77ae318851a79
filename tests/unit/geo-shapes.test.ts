/** The geofence shapes drawn on the track-and-trace overview (src/lib/geo-shapes.ts). */
import { describe, expect, it } from 'vitest';
import { circlePolygon, distanceKm, polygonOfCorners } from '../../src/lib/geo-shapes';
import { checkGeofence, insideGeofence } from '../../src/lib/geofence';
import type { Position } from '../../src/lib/geofence';

const HARDISTY: Position = [-111.3039, 52.6752];

describe('geofence shapes', () => {
  it('measures great-circle distances', () => {
    // Regina to Saskatoon: about 235 km as the crow flies.
    expect(distanceKm([-104.6189, 50.4452], [-106.67, 52.1332])).toBeGreaterThan(225);
    expect(distanceKm([-104.6189, 50.4452], [-106.67, 52.1332])).toBeLessThan(245);
    expect(distanceKm(HARDISTY, HARDISTY)).toBe(0);
  });

  it('draws a circle whose corners lie the radius away, which the server accepts', () => {
    const circle = circlePolygon(HARDISTY, 25, 36);
    const ring = circle.coordinates[0];
    expect(ring).toHaveLength(37);
    expect(ring[36]).toEqual(ring[0]);
    for (const p of ring) expect(Math.abs(distanceKm(HARDISTY, p) - 25)).toBeLessThan(0.01);
    const check = checkGeofence(circle);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(insideGeofence(check.fence, ...HARDISTY)).toBe(true);
    // Wainwright, 60 km north-east, is outside; a point 20 km due east is inside.
    expect(insideGeofence(check.fence, -110.8572, 52.8392)).toBe(false);
    const east = [HARDISTY[0] + 20 / (111.32 * Math.cos((HARDISTY[1] * Math.PI) / 180)), HARDISTY[1]] as Position;
    expect(insideGeofence(check.fence, ...east)).toBe(true);
  });

  it('closes the corners a user tapped, from three on', () => {
    expect(polygonOfCorners([[-100, 50], [-99, 50]])).toBeNull();
    const p = polygonOfCorners([[-100, 50], [-99, 50], [-99.5, 51.1234567]]);
    expect(p).toEqual({ type: 'Polygon', coordinates: [[[-100, 50], [-99, 50], [-99.5, 51.123457], [-100, 50]]] });
    expect(checkGeofence(p).ok).toBe(true);
  });
});
