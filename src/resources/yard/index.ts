/** The rail yard's declarations (docs/yard.md), in the order the registry lists them. */
import { railYard, railYardTrack } from './rail-yard';
import { railYardCar, railYardMove } from './yard-car';
import { railCarSwitchList } from './switch-list';

export const yardResources = [railYard, railYardTrack, railYardCar, railYardMove, railCarSwitchList];
