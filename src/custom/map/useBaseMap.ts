/**
 * What every map of the app shares (docs/trace.md, Maps): the base style shipped with the app (or
 * why it could not be loaded), the view a move ends on (its box and zoom: what to load, cluster and
 * name), the map's fixed settings, and fitting a set of positions into view.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { StyleSpecification } from 'maplibre-gl';
import { type Bbox, bboxOfView } from '../../lib/bbox';
import { baseStyle } from './base-map';
import { NORTH_AMERICA } from './map-constants';

export interface MapView { bbox: Bbox; zoom: number }

/** The settings every map opens with: North America, no rotation or pitch, the base map's sources named. */
export const MAP_SETTINGS = {
  initialViewState: NORTH_AMERICA,
  style: { position: 'absolute', inset: 0 },
  dragRotate: false,
  touchPitch: false,
  attributionControl: { compact: true, customAttribution: 'Natural Earth; US Census Bureau' },
} as const;

export function useBaseMap() {
  const map = useRef<MapRef | null>(null);
  const [style, setStyle] = useState<StyleSpecification | null>(null);
  const [styleError, setStyleError] = useState<string | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  useEffect(() => { baseStyle().then(setStyle, (e: unknown) => setStyleError(e instanceof Error ? e.message : String(e))); }, []);
  const follow = useCallback(() => {
    const m = map.current;
    if (!m) return;
    const b = m.getBounds();
    setView({ bbox: bboxOfView(b.getWest(), b.getSouth(), b.getEast(), b.getNorth()), zoom: m.getZoom() });
  }, []);
  return { map, style, styleError, view, follow };
}

/** Fits the positions ([longitude, latitude]) into the map's view. */
export function fitPositions(map: MapRef | null, positions: readonly (readonly number[])[], options: { padding: number; maxZoom?: number; duration: number }) {
  if (!map || !positions.length) return;
  const lons = positions.map((p) => p[0]);
  const lats = positions.map((p) => p[1]);
  map.fitBounds([[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]], options);
}
