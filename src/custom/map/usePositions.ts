/**
 * The positions of the cars around the view, from our own API (docs/trace.md, Maps): a bounding
 * box query for the view grown by half its size each way, asked again only when the view leaves
 * that loaded extent or the filters change. A failing query is logged and clears the loaded
 * extent, so the next move asks again; the cars already drawn stay.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { type Bbox, bboxOfView, bboxParam } from '../../lib/bbox';
import { car } from '../../resources/fleet/car';
import type { CarFeature, Positions } from './positions';

/** Whether box `a` holds box `b` (neither crossing the antimeridian; a crossing one is never held). */
const holds = (a: Bbox, b: Bbox) => a[0] <= a[2] && b[0] <= b[2] && a[0] <= b[0] && a[1] <= b[1] && a[2] >= b[2] && a[3] >= b[3];

function grown([west, south, east, north]: Bbox): Bbox {
  const w = (east - west) / 2;
  const h = (north - south) / 2;
  return bboxOfView(west - w, south - h, east + w, north + h);
}

export interface PositionsState { features: CarFeature[]; loading: boolean; failed: string | null; loaded: Bbox | null }

export function usePositions(view: Bbox | null, filters: Record<string, string>) {
  const dp = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<PositionsState>({ features: [], loading: false, failed: null, loaded: null });
  const extent = useRef<{ bbox: Bbox; filters: string } | null>(null);
  const asked = useRef(0);
  const key = JSON.stringify(filters);
  const load = useCallback(async (box: Bbox) => {
    const n = ++asked.current;
    extent.current = { bbox: box, filters: key };
    setState((s) => ({ ...s, loading: true }));
    try {
      const answer = (await dp.callAction(car.name, { action: 'positions', method: 'GET', query: { ...JSON.parse(key), bbox: bboxParam(box) } })) as Positions;
      if (n === asked.current) setState({ features: answer.features, loading: false, failed: null, loaded: box });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.warn(`Car positions: ${message}`);
      if (n === asked.current) {
        extent.current = null;
        setState((s) => ({ ...s, loading: false, failed: message, loaded: null }));
      }
    }
  }, [dp, key]);
  useEffect(() => {
    if (!view) return;
    const have = extent.current;
    if (have && have.filters === key && holds(have.bbox, view)) return;
    void load(grown(view));
  }, [view, key, load]);
  const reload = useCallback(() => { if (view) void load(grown(view)); }, [view, load]);
  return { ...state, reload };
}
