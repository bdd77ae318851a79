/**
 * The cars in view, clustered (docs/trace.md, Maps): supercluster indexes the loaded positions
 * once, and each view asks it for the clusters and single cars in the box at the zoom, so ten
 * thousand cars draw as a few dozen circles and the map stays fluid.
 */
import { useMemo } from 'react';
import Supercluster from 'supercluster';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { Bbox } from '../../lib/bbox';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from './map-constants';
import type { CarFeature, CarProps } from './positions';

export interface ClusterProps { cluster: true; cluster_id: number; point_count: number }
export type Drawn = Feature<Point, (CarProps & { car: number }) | ClusterProps>;

export function useClusters(features: CarFeature[], view: { bbox: Bbox; zoom: number } | null) {
  const index = useMemo(() => {
    const sc = new Supercluster<CarProps & { car: number }, Record<string, never>>({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM });
    // The car's id rides in the properties: supercluster keeps a point's properties, not its id.
    sc.load(features.map((f) => ({ ...f, properties: { ...f.properties, car: f.id } })));
    return sc;
  }, [features]);
  const drawn = useMemo<FeatureCollection<Point>>(() => {
    if (!view) return { type: 'FeatureCollection', features: [] };
    const found = index.getClusters(view.bbox, Math.floor(view.zoom)) as Drawn[];
    // A feature id lets the map tell features apart (hover, selection): the car, or the cluster.
    return { type: 'FeatureCollection', features: found.map((f) => ({ ...f, id: 'cluster' in f.properties ? -1 - f.properties.cluster_id : f.properties.car })) };
  }, [index, view]);
  return { index, drawn };
}
