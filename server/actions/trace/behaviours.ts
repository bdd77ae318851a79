/** The track-and-trace area's behaviours (docs/trace.md): trips, and the stations, rates and commodity codes. */
import { railRateBehaviour } from './rail-rate';
import { railStationBehaviour } from './rail-station';
import { stccBehaviour } from './stcc';
import { tripBehaviour } from './trips';

export const traceBehaviours = [tripBehaviour, railStationBehaviour, railRateBehaviour, stccBehaviour];
