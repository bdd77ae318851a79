/** What `GET car/positions/` answers (server/actions/fleet/positions.ts): a GeoJSON Point a car. */
import type { Feature, FeatureCollection, Point } from 'geojson';

export interface CarProps {
  label: string;
  fleet_status: string;
  loaded: boolean;
  at_facility: boolean;
  station: string | null;
  state: string | null;
  event_code: string | null;
  event_time: string | null;
  /** The current trip: present only for a user who may read trips. */
  trip?: number | null;
  kind?: string | null;
  origin?: string | null;
  released_at?: string | null;
  eta?: string | null;
  late?: boolean;
}

export type CarFeature = Feature<Point, CarProps> & { id: number };
export type Positions = FeatureCollection<Point, CarProps> & { features: CarFeature[]; count: number };
