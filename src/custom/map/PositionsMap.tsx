/**
 * A map of the company's cars (docs/trace.md, Maps), shared by the cars map and the trips map: the
 * base map shipped with the app, the cars around the view from `car/positions/` clustered so
 * thousands stay fluid, a cluster's count over it, a click on a cluster zooming in and a click on
 * a car selecting it (also from the list beside the map, or `?car=` in the address). The selected
 * car's current trip is drawn from its events. The page says what to show and what its panel
 * says about a car.
 */
import './maplibre-setup';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import MapGL, { Layer, type MapLayerMouseEvent, Marker, NavigationControl, Source } from 'react-map-gl/maplibre';
import type { ExpressionSpecification } from 'maplibre-gl';
import { inBbox } from '../../lib/bbox';
import { COLORS, OPACITY, OVERLAY_Z } from './map-constants';
import { MAP_SETTINGS, fitPositions, useBaseMap } from './useBaseMap';
import { usePositions } from './usePositions';
import { useClusters } from './useClusters';
import { useTripPath } from './useTripPath';
import type { CarFeature, Positions } from './positions';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { car } from '../../resources/fleet/car';
import { MapPanel } from './MapPanel';
import { NearMe } from './NearMe';
import { StationsLayer } from './StationsLayer';
import { useStations } from './useStations';

/** A legend entry: a dot of the colour, or a ring of it (the stations). */
export interface LegendItem { color: string; label: string; ring?: boolean }

interface Props {
  /** The positions query's filters (fleet status, loaded, late). */
  filters: Record<string, string>;
  /** The colour of a car: a MapLibre expression over its properties. */
  color: ExpressionSpecification;
  legend: LegendItem[];
  /** The filter controls, over the map's top left. */
  controls?: ReactNode;
  /** What the panel says about the selected car, under its name. */
  detail: (car: CarFeature) => ReactNode;
  /** The car the map opens on (`?car=`), and where a selection is written back. */
  selected: number | null;
  /** The trip to draw for the selected car, when not its current one (a trip page's link). */
  trip?: number | null;
  onSelect: (car: number | null) => void;
}

const STATION_LEGEND: LegendItem = { color: COLORS.station, label: 'Station', ring: true };

export function PositionsMap({ filters, color, legend, controls, detail, selected, trip, onSelect }: Props) {
  // The view a move ends on: what to load and what to cluster.
  const { map, style, styleError, view, follow } = useBaseMap();
  const positions = usePositions(view?.bbox ?? null, filters);
  const stations = useStations();
  const { index, drawn } = useClusters(positions.features, view);
  const chosen = positions.features.find((f) => f.id === selected) ?? null;
  const drawnTrip = chosen ? (trip ?? chosen.properties.trip ?? null) : null;
  const path = useTripPath(drawnTrip);
  const flyTo = useCallback((f: CarFeature) => {
    map.current?.flyTo({ center: f.geometry.coordinates as [number, number], zoom: Math.max(map.current.getZoom(), 6), duration: 600 });
  }, [map]);
  // A car chosen by the address may lie outside the view: ask where it is and fly there; if its
  // last event has no location (or the filters leave it out), say so.
  const [opening, setOpening] = useState<number | null>(selected);
  const dp = useDataProvider<AppDataProvider>();
  const sought = useQuery({
    queryKey: [car.name, 'positions', opening, filters],
    enabled: opening !== null && Boolean(style),
    queryFn: async () => ((await dp.callAction(car.name, { action: 'positions', method: 'GET', query: { ...filters, car: opening } })) as Positions).features[0] ?? null,
  });
  const [absent, setAbsent] = useState<number | null>(null);
  useEffect(() => {
    if (opening === null || !sought.isSuccess || !map.current) return;
    if (sought.data) flyTo(sought.data); else setAbsent(opening);
    setOpening(null);
  }, [map, opening, sought.isSuccess, sought.data, flyTo]);
  const notOnMap = selected !== null && absent === selected && !chosen;
  // A trip's path, once drawn, is fitted into the view with the car on it.
  const pathFor = useRef<number | null>(null);
  useEffect(() => {
    if (!chosen || !drawnTrip || !path.data || pathFor.current === drawnTrip || !map.current) return;
    pathFor.current = drawnTrip;
    const points = [chosen.geometry.coordinates, ...path.data.line.features.filter((f) => f.geometry.type === 'Point').map((f) => f.geometry.coordinates as number[])];
    if (points.length >= 2) fitPositions(map.current, points, { padding: 60, maxZoom: 8, duration: 600 });
  }, [map, chosen, drawnTrip, path.data]);
  const click = useCallback((e: MapLayerMouseEvent) => {
    const f = e.features?.[0];
    if (!f) { onSelect(null); return; }
    const id = Number(f.properties?.car);
    onSelect(id);
  }, [onSelect]);
  const zoomInto = useCallback((clusterId: number, at: [number, number]) => {
    map.current?.easeTo({ center: at, zoom: Math.min(index.getClusterExpansionZoom(clusterId), 16), duration: 500 });
  }, [map, index]);
  // Every car in the view, those in clusters too: the list beside the map names them all.
  const inView = useMemo(() => (view ? positions.features.filter((f) => inBbox(view.bbox, f.geometry.coordinates)) : []), [positions.features, view]);
  // Opened without a car: once the first cars are in, the view fits them (opened on a car, it flies there instead).
  const fitted = useRef(selected !== null);
  useEffect(() => {
    if (fitted.current || selected !== null || !map.current || positions.features.length === 0) return;
    fitted.current = true;
    fitPositions(map.current, positions.features.map((f) => f.geometry.coordinates), { padding: 60, maxZoom: 8, duration: 0 });
  }, [map, positions.features, selected]);
  const located = path.data?.located ?? 0;
  const selectedExpr = ['==', ['get', 'car'], selected ?? -1] as ExpressionSpecification;
  if (styleError) return <Alert severity="error">{styleError}</Alert>;
  return (
    <Box sx={{ position: 'relative', height: 'max(420px, calc(100vh - 140px))', display: 'flex', flexDirection: { xs: 'column', md: 'row' } }}>
      <Box
        sx={{ position: 'relative', flex: 1, minHeight: 300 }}
        role="region"
        aria-label="Map of the cars"
        data-testid="positions-map"
        data-cars={positions.features.length}
        data-selected={selected ?? ''}
        data-path-points={drawnTrip && path.data ? located : ''}
      >
        {!style ? <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box> : (
          <MapGL
            {...MAP_SETTINGS}
            ref={map}
            mapStyle={style}
            onLoad={follow}
            onMoveEnd={follow}
            interactiveLayerIds={['cars']}
            onClick={click}
            cursor="auto"
          >
            <NavigationControl position="bottom-right" showCompass={false} />
            <StationsLayer stations={stations.stations} geojson={stations.geojson} view={view} />
            {path.data && (
              <Source id="trip-path" type="geojson" data={path.data.line}>
                <Layer id="trip-line" type="line" filter={['==', ['geometry-type'], 'LineString']} paint={{ 'line-color': COLORS.path, 'line-width': 3, 'line-opacity': OPACITY.strong }} />
                <Layer id="trip-stops" type="circle" filter={['==', ['geometry-type'], 'Point']} paint={{ 'circle-color': COLORS.path, 'circle-radius': 3.5, 'circle-opacity': OPACITY.strong }} />
              </Source>
            )}
            <Source id="cars" type="geojson" data={drawn}>
              <Layer id="clusters" type="circle" filter={['has', 'point_count']} paint={{
                'circle-color': COLORS.cluster, 'circle-opacity': OPACITY.soft,
                'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 24, 1000, 30],
              }} />
              <Layer id="cars-halo" type="circle" filter={['all', ['!', ['has', 'point_count']], selectedExpr]} paint={{ 'circle-color': COLORS.selected, 'circle-radius': 12, 'circle-opacity': OPACITY.soft }} />
              <Layer id="cars" type="circle" filter={['!', ['has', 'point_count']]} paint={{
                'circle-color': color, 'circle-opacity': OPACITY.strong, 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5,
              }} />
            </Source>
            {drawn.features.filter((f) => 'cluster' in (f.properties ?? {})).map((f) => {
              const p = f.properties as { cluster_id: number; point_count: number };
              const at = f.geometry.coordinates as [number, number];
              return (
                <Marker key={p.cluster_id} longitude={at[0]} latitude={at[1]} onClick={(e) => { e.originalEvent.stopPropagation(); zoomInto(p.cluster_id, at); }}>
                  <Box component="button" type="button" aria-label={`${p.point_count} cars here: zoom in`} sx={{
                    border: 0, background: 'none', color: '#fff', font: 'inherit', fontSize: 12, fontWeight: 700, cursor: 'pointer', p: 0.5, textShadow: '0 0 2px #000',
                  }}>{p.point_count.toLocaleString('en-CA')}</Box>
                </Marker>
              );
            })}
          </MapGL>
        )}
        <Box sx={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: OVERLAY_Z, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
          {controls}
          <NearMe onFound={(p) => map.current?.flyTo({ center: [p.longitude, p.latitude], zoom: 8, duration: 600 })} />
          {positions.loading && <CircularProgress size={18} aria-label="Loading cars" />}
        </Box>
        {notOnMap && (
          <Alert severity="info" sx={{ position: 'absolute', top: 64, left: 8, right: 8, zIndex: OVERLAY_Z }} onClose={() => onSelect(null)}>
            That car is not on the map: its last event has no location, or the filters leave it out.
          </Alert>
        )}
        {positions.failed && (
          <Alert severity="warning" sx={{ position: 'absolute', bottom: 8, left: 8, right: 56, zIndex: OVERLAY_Z }} action={<Box component="button" type="button" onClick={positions.reload} sx={{ border: 0, background: 'none', color: 'inherit', cursor: 'pointer', fontWeight: 600 }}>Retry</Box>}>
            The cars could not be loaded: {positions.failed}
          </Alert>
        )}
        <Box sx={{ position: 'absolute', bottom: { xs: 36, md: 8 }, left: 8, zIndex: OVERLAY_Z, bgcolor: 'background.paper', opacity: 0.92, borderRadius: 1, px: 1, py: 0.5, display: positions.failed ? 'none' : 'flex', gap: 1.5, flexWrap: 'wrap' }} aria-label="Legend">
          {[...legend, ...(stations.stations.length ? [STATION_LEGEND] : [])].map((l) => (
            <Typography key={l.label} variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', display: 'inline-block', boxSizing: 'border-box', ...(l.ring ? { border: `2px solid ${l.color}`, bgcolor: '#fff' } : { bgcolor: l.color }) }} />{l.label}
            </Typography>
          ))}
        </Box>
      </Box>
      <MapPanel
        features={positions.features}
        inView={inView}
        chosen={chosen}
        path={drawnTrip ? path : null}
        pathIsCurrent={!trip || trip === chosen?.properties.trip}
        detail={detail}
        onPick={(f) => { onSelect(f.id); flyTo(f); }}
        onClose={() => onSelect(null)}
      />
    </Box>
  );
}
