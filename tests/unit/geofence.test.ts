/** Geofences (src/lib/geofence.ts, docs/trace.md, Geofence): what is inside, the edge, and what is refused. */
import { describe, expect, it } from 'vitest';
import { checkGeofence, insideGeofence } from '../../src/lib/geofence';

/** A box round Edmonton's yards: 113.7°W to 113.2°W, 53.4°N to 53.7°N. */
const EDMONTON = { type: 'Polygon', coordinates: [[[-113.7, 53.4], [-113.2, 53.4], [-113.2, 53.7], [-113.7, 53.7], [-113.7, 53.4]]] };
const fence = (raw: unknown) => {
  const c = checkGeofence(raw);
  if (!c.ok) throw new Error(c.errors.join(' '));
  return c.fence;
};

describe('geofences', () => {
  it('a point inside, outside, on an edge and on a corner', () => {
    const f = fence(EDMONTON);
    expect(insideGeofence(f, -113.5, 53.55)).toBe(true);
    expect(insideGeofence(f, -111.3, 52.68)).toBe(false);
    expect(insideGeofence(f, -113.45, 53.4)).toBe(true);
    expect(insideGeofence(f, -113.2, 53.7)).toBe(true);
  });

  it('a hole is outside; a multipolygon and a Feature are read too', () => {
    const holed = fence({ type: 'Polygon', coordinates: [EDMONTON.coordinates[0], [[-113.6, 53.5], [-113.4, 53.5], [-113.4, 53.6], [-113.6, 53.6], [-113.6, 53.5]]] });
    expect(insideGeofence(holed, -113.5, 53.55)).toBe(false);
    expect(insideGeofence(holed, -113.65, 53.45)).toBe(true);
    const two = fence({ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [EDMONTON.coordinates, [[[-94, 29.8], [-93.8, 29.8], [-93.8, 30], [-94, 30], [-94, 29.8]]]] } });
    expect(insideGeofence(two, -93.9, 29.9)).toBe(true);
    expect(checkGeofence(EDMONTON)).toMatchObject({ ok: true, bbox: [-113.7, 53.4, -113.2, 53.7] });
  });

  it('refuses what is not a closed polygon in range, and a polygon across the antimeridian, in words', () => {
    const errors = (raw: unknown) => { const c = checkGeofence(raw); return c.ok ? [] : c.errors; };
    expect(errors({ type: 'Point', coordinates: [-113, 53] })).toEqual(['A geofence is a GeoJSON Polygon or MultiPolygon (or a Feature of one).']);
    expect(errors({ type: 'Polygon', coordinates: [[[-113.7, 53.4], [-113.2, 53.4], [-113.2, 53.7], [-113.7, 53.7]]] })).toEqual(['Polygon, ring 1: a ring is closed: its last position is its first.']);
    expect(errors({ type: 'Polygon', coordinates: [[[-113.7, 53.4], [-113.2, 53.4], [-113.7, 53.4]]] })).toEqual(['Polygon, ring 1: a ring needs at least 4 positions, the last the same as the first.']);
    expect(errors({ type: 'Polygon', coordinates: [[[-113.7, 53.4], [-213.2, 53.4], [-113.2, 93.7], [-113.7, 53.4]]] })).toEqual([
      'Polygon, ring 1, position 2: longitude runs from -180 to 180 and latitude from -90 to 90.', 'Polygon, ring 1, position 3: longitude runs from -180 to 180 and latitude from -90 to 90.',
    ]);
    // The Bering Strait from 170°E to 170°W: written as numbers it spans 340° the other way round.
    expect(errors({ type: 'Polygon', coordinates: [[[170, 60], [-170, 60], [-170, 66], [170, 66], [170, 60]]] })[0]).toMatch(/may not cross the antimeridian/);
  });
});
