/**
 * The base map, shipped with the app (docs/trace.md, Maps): no tile server, public or ours. The
 * countries come from Natural Earth (world-atlas, 1:50m) and the states from the US Census
 * (us-atlas), both TopoJSON files in the app's own assets, turned into GeoJSON here once. The style
 * has no labels, so it needs no font glyphs either: a car's or a cluster's words are the app's own
 * HTML over the map.
 */
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { StyleSpecification } from 'maplibre-gl';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';
import { COLORS } from './map-constants';

async function topology(url: string): Promise<Topology> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The base map could not be loaded (${res.status}).`);
  return (await res.json()) as Topology;
}

let base: Promise<StyleSpecification> | null = null;

/** The base style: water, land, country borders and state lines. */
export function baseStyle(): Promise<StyleSpecification> {
  base ??= (async () => {
    const [world, us] = await Promise.all([topology(countriesUrl), topology(statesUrl)]);
    const land = feature(world, world.objects.countries);
    const borders = mesh(world, world.objects.countries as never, (a, b) => a !== b);
    const states = mesh(us, us.objects.states as never, (a, b) => a !== b);
    return {
      version: 8,
      sources: {
        land: { type: 'geojson', data: land as never },
        borders: { type: 'geojson', data: borders as never },
        states: { type: 'geojson', data: states as never },
      },
      layers: [
        { id: 'water', type: 'background', paint: { 'background-color': COLORS.water } },
        { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': COLORS.land } },
        { id: 'states', type: 'line', source: 'states', paint: { 'line-color': COLORS.state, 'line-width': 0.6 } },
        { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': COLORS.border, 'line-width': 1 } },
      ],
    } satisfies StyleSpecification;
  })().catch((e: unknown) => { base = null; throw e; });
  return base;
}
