/**
 * The maps' constants (docs/trace.md, Maps): what lies over the base map is drawn at
 * opacity 0.8 (cars, a trip's path) or 0.5 (clusters, the halo of a selection); the panels and
 * controls that float over the map sit at z-index 99; the map is Web Mercator (EPSG 3857, the
 * "102100" of the spec), MapLibre's own projection; its GeoJSON sources are cut into 512-pixel
 * tiles, MapLibre's size for them.
 */
export const OPACITY = { strong: 0.8, soft: 0.5 } as const;
export const OVERLAY_Z = 99;
export const TILE_SIZE = 512;

/** North America, where the demo's lanes run: the view a map opens on before it fits its cars. */
export const NORTH_AMERICA = { longitude: -98, latitude: 48, zoom: 2.6 } as const;
/** Clusters break into single cars from this zoom on. */
export const CLUSTER_MAX_ZOOM = 9;
export const CLUSTER_RADIUS = 48;

/** The map's colours, from the app's palette so the map reads like the rest of the app. */
export const COLORS = {
  water: '#dce9f2',
  land: '#f6f4ee',
  border: '#9aa3ad',
  state: '#c5cbd2',
  loaded: '#1565c0',
  empty: '#ef6c00',
  late: '#c62828',
  cluster: '#37474f',
  path: '#6a1b9a',
  selected: '#000000',
  station: '#455a64',
  stationText: '#263238',
  fence: '#2e7d32',
} as const;
