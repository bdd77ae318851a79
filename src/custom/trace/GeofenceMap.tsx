/**
 * The map of "Cars in an area" (GeofenceSearch): the base map shipped with the app, the company's
 * stations (a tap on one picks it as the centre), the geofence being drawn (its corners as they are
 * tapped), and what a search found. Opening on a station, or drawing a circle, fits the view to it.
 */
import '../map/maplibre-setup';
import { useCallback, useEffect, useRef } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import MapGL, { Layer, type MapLayerMouseEvent, NavigationControl, Source } from 'react-map-gl/maplibre';
import type { FeatureCollection, Point } from 'geojson';
import { MAP_SETTINGS, fitPositions, useBaseMap } from '../map/useBaseMap';
import { COLORS, OPACITY } from '../map/map-constants';
import { StationsLayer } from '../map/StationsLayer';
import type { Station } from '../map/useStations';
import type { Position } from '../../lib/geofence';
import type { PolygonGeometry } from '../../lib/geo-shapes';

interface Props {
  stations: FeatureCollection<Point>;
  stationList: Station[];
  fence: PolygonGeometry | null;
  corners: Position[];
  found: FeatureCollection<Point>;
  onMapClick: (p: Position) => void;
  onStationClick: (id: number) => void;
  /** The station the circle is drawn around: the view fits the circle. */
  focus: Station | null;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export function GeofenceMap({ stations, stationList, fence, corners, found, onMapClick, onStationClick, focus }: Props) {
  const { map, style, styleError, view, follow } = useBaseMap();
  // Opened, the view fits the company's stations: where its lanes run.
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || !style || !map.current || stationList.length < 2) return;
    fitted.current = true;
    fitPositions(map.current, stationList.map((s) => [s.longitude, s.latitude]), { padding: 30, duration: 0 });
  }, [map, style, stationList, view]);
  // A circle drawn around a station: fit it into view (the corners a user taps are already in view).
  useEffect(() => {
    if (focus && fence) fitPositions(map.current, fence.coordinates[0], { padding: 30, duration: 500 });
  }, [map, focus, fence]);
  const click = useCallback((e: MapLayerMouseEvent) => {
    const station = e.features?.find((f) => f.layer.id === 'stations');
    if (station && station.id !== undefined) onStationClick(Number(station.id));
    else onMapClick([e.lngLat.lng, e.lngLat.lat]);
  }, [onMapClick, onStationClick]);
  const cornerPoints: FeatureCollection = { type: 'FeatureCollection', features: corners.map((c) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } })) };
  const outline: FeatureCollection = fence ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: fence }] } : corners.length === 2
    ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: corners } }] } : EMPTY;
  if (styleError) return <Alert severity="error">{styleError}</Alert>;
  return (
    <Box sx={{ position: 'relative', height: { xs: 300, md: 380 }, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
      role="region" aria-label="Map of the area" data-testid="geofence-map" data-corners={corners.length} data-found={found.features.length}>
      {!style ? <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box> : (
        <MapGL
          {...MAP_SETTINGS}
          ref={map}
          mapStyle={style}
          onLoad={follow}
          onMoveEnd={follow}
          interactiveLayerIds={stationList.length ? ['stations'] : []}
          onClick={click}
          cursor="crosshair"
          doubleClickZoom={false}
        >
          <NavigationControl position="bottom-right" showCompass={false} />
          <StationsLayer stations={stationList} geojson={stations} view={view} />
          <Source id="fence" type="geojson" data={outline}>
            <Layer id="fence-fill" type="fill" filter={['==', ['geometry-type'], 'Polygon']} paint={{ 'fill-color': COLORS.fence, 'fill-opacity': OPACITY.soft / 2 }} />
            <Layer id="fence-line" type="line" paint={{ 'line-color': COLORS.fence, 'line-width': 2, 'line-opacity': OPACITY.strong }} />
          </Source>
          <Source id="corners" type="geojson" data={cornerPoints}>
            <Layer id="corners" type="circle" paint={{ 'circle-color': COLORS.fence, 'circle-radius': 5, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 }} />
          </Source>
          <Source id="found" type="geojson" data={found}>
            <Layer id="found" type="circle" paint={{ 'circle-color': COLORS.loaded, 'circle-radius': 6, 'circle-opacity': OPACITY.strong, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 }} />
          </Source>
        </MapGL>
      )}
    </Box>
  );
}
