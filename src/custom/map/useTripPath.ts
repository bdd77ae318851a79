/**
 * A trip's path (docs/trace.md, Maps): its events in time order (`trip/{id}/events/`), the ones
 * with a location joined into a line, each located event a point on it. Events without a location
 * are left out of the line, not guessed.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FeatureCollection, LineString, Point } from 'geojson';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { trip } from '../../resources/trace/trip';

export interface PathEvent { id: number; event_code: string; event_time: string; station: string; latitude: string | null; longitude: string | null }

export interface TripPath {
  events: PathEvent[];
  line: FeatureCollection<LineString | Point>;
  /** How many of its events had a location. */
  located: number;
}

export function tripPath(events: PathEvent[]): TripPath {
  const at = events.filter((e) => e.latitude !== null && e.longitude !== null);
  const coords = at.map((e) => [Number(e.longitude), Number(e.latitude)]);
  return {
    events,
    located: at.length,
    line: {
      type: 'FeatureCollection',
      features: [
        ...(coords.length > 1 ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: coords } }] : []),
        ...at.map((e, i) => ({ type: 'Feature' as const, properties: { code: e.event_code, station: e.station }, geometry: { type: 'Point' as const, coordinates: coords[i] } })),
      ],
    },
  };
}

export function useTripPath(tripId: number | null | undefined) {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [trip.name, tripId, 'path'],
    enabled: typeof tripId === 'number',
    queryFn: async () => tripPath((await dp.callAction(trip.name, { id: tripId!, action: 'events', method: 'GET' })) as PathEvent[]),
  });
}
