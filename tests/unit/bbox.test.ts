import { describe, expect, it } from 'vitest';
import { bboxOfView, bboxParam, inBbox, parseBbox } from '../../src/lib/bbox';
import { tripPath } from '../../src/custom/map/useTripPath';

describe('bounding boxes', () => {
  it('parses west,south,east,north and refuses the rest with a reason', () => {
    expect(parseBbox(' -125, 24 ,-60,60')).toEqual({ ok: true, bbox: [-125, 24, -60, 60] });
    expect(parseBbox('150,40,-170,60')).toEqual({ ok: true, bbox: [150, 40, -170, 60] });
    for (const [raw, why] of [['1,2,3', /west,south,east,north/], ['1,,3,4', /west,south/], ['-181,0,0,1', /Longitudes/], ['0,-91,1,1', /Latitudes/], ['0,10,1,5', /south edge/]] as const) {
      const r = parseBbox(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(why);
    }
  });

  it('brings a view into -180..180: a wrapped view crosses the antimeridian, a view wider than the world is the world', () => {
    expect(bboxOfView(-130, 20, -60, 60)).toEqual([-130, 20, -60, 60]);
    expect(bboxOfView(170, 40, 200, 60)).toEqual([170, 40, -160, 60]);
    expect(bboxOfView(-200, -95, 200, 95)).toEqual([-180, -90, 180, 90]);
    expect(bboxOfView(100, 0, 180, 10)).toEqual([100, 0, 180, 10]);
    expect(bboxParam([-113.123456, 53.5, -60, 60])).toBe('-113.1235,53.5,-60,60');
  });

  it('holds points on its edges and, across the antimeridian, on either side of it', () => {
    expect(inBbox([-120, 50, -100, 60], [-120, 50])).toBe(true);
    expect(inBbox([-120, 50, -100, 60], [-99.9, 55])).toBe(false);
    expect(inBbox([150, 40, -170, 60], [158, 53])).toBe(true);
    expect(inBbox([150, 40, -170, 60], [-176, 52])).toBe(true);
    expect(inBbox([150, 40, -170, 60], [-113, 53])).toBe(false);
  });
});

describe("a trip's path", () => {
  it('joins the located events in order and leaves out those without a location', () => {
    const ev = (id: number, lat: string | null, lon: string | null) => ({ id, event_code: 'P', event_time: `2026-01-0${id}T00:00:00Z`, station: `S${id}`, latitude: lat, longitude: lon });
    const p = tripPath([ev(1, '53.5', '-113.5'), ev(2, null, null), ev(3, '49.9', '-97.1')]);
    expect(p.located).toBe(2);
    expect(p.line.features[0].geometry).toEqual({ type: 'LineString', coordinates: [[-113.5, 53.5], [-97.1, 49.9]] });
    expect(p.line.features).toHaveLength(3);
    expect(tripPath([ev(1, '53.5', '-113.5')]).line.features.map((f) => f.geometry.type)).toEqual(['Point']);
  });
});
