/**
 * MapLibre as the app's build serves it: its worker is a file of our own origin (the CSP allows
 * workers from 'self'), and its stylesheet comes with the map pages' chunk only.
 */
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

setWorkerUrl(workerUrl);
