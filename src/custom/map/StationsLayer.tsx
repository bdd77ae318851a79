/**
 * The company's rail stations on a map (docs/trace.md, Maps): a small ringed dot each, drawn first
 * so that the cars lie over them, and their names once the map is close enough to read them (the base map has no fonts of
 * its own, so the names are the app's HTML, and they let taps through to the map).
 */
import { Layer, Marker, Source } from 'react-map-gl/maplibre';
import { Box } from '@mui/material';
import { COLORS, OPACITY } from './map-constants';
import type { Station } from './useStations';
import type { FeatureCollection, Point } from 'geojson';
import { type Bbox, inBbox } from '../../lib/bbox';

/** Station names show from this zoom on: a province or so in view. */
export const STATION_NAMES_ZOOM = 5;

interface Props {
  stations: Station[];
  geojson: FeatureCollection<Point>;
  /** The view: names are drawn for the stations in it once it is close enough. */
  view: { bbox: Bbox; zoom: number } | null;
}

export function StationsLayer({ stations, geojson, view }: Props) {
  const named = view && view.zoom >= STATION_NAMES_ZOOM ? stations.filter((s) => inBbox(view.bbox, [s.longitude, s.latitude])) : [];
  return (
    <>
      <Source id="stations" type="geojson" data={geojson}>
        <Layer id="stations" type="circle" paint={{
          'circle-color': '#ffffff', 'circle-radius': 3.5, 'circle-stroke-color': COLORS.station, 'circle-stroke-width': 2, 'circle-opacity': OPACITY.strong, 'circle-stroke-opacity': OPACITY.strong,
        }} />
      </Source>
      {named.map((s) => (
        <Marker key={s.id} longitude={s.longitude} latitude={s.latitude} anchor="left" offset={[6, 0]} style={{ pointerEvents: 'none' }}>
          <Box component="span" sx={{ fontSize: 11, color: COLORS.stationText, textShadow: '0 0 2px #fff, 0 0 2px #fff', whiteSpace: 'nowrap' }}>{s.name}</Box>
        </Marker>
      ))}
    </>
  );
}
