/**
 * The company's rail stations that have a location (docs/trace.md, Maps): drawn on the maps and
 * offered as the centre of a geofence. Asked only of a user who may read stations; a company keeps
 * the stations of its own lanes, a few hundred at most, so they come in one page.
 */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { FeatureCollection, Point } from 'geojson';
import { railStation } from '../../resources/trace/rail-station';
import { contentType } from '../../resources/define';
import { hasPermissions } from '../../authProvider/permissions';
import { useProfile } from '../../hooks/useProfile';

/** More than a company's lanes pass; a list cut here says so in `truncated`. */
export const STATIONS_SHOWN = 1000;

export interface Station { id: number; name: string; state: string; longitude: number; latitude: number }

export function useStations() {
  const { permissions } = useProfile();
  const allowed = hasPermissions(permissions, { [contentType(railStation)]: [`view_${railStation.name}`] });
  const { data, total } = useGetList(railStation.name, {
    pagination: { page: 1, perPage: STATIONS_SHOWN }, sort: { field: 'name', order: 'ASC' }, filter: { latitude__isnull: 'false', longitude__isnull: 'false' },
  }, { enabled: allowed, staleTime: 5 * 60_000 });
  return useMemo(() => {
    const stations: Station[] = (data ?? []).map((s) => ({ id: Number(s.id), name: String(s.name), state: String(s.state_province), longitude: Number(s.longitude), latitude: Number(s.latitude) }));
    const geojson: FeatureCollection<Point> = {
      type: 'FeatureCollection',
      features: stations.map((s) => ({ type: 'Feature', id: s.id, properties: { name: `${s.name} ${s.state}` }, geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] } })),
    };
    return { stations, geojson, truncated: (total ?? 0) > stations.length };
  }, [data, total]);
}
