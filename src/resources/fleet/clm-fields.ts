/**
 * The fields of a car location message (docs/fleet.md, Car location messages), shared by a stored
 * car event and a row of the import that reads messages in station time (src/resources/fleet/clm-import.ts).
 */
import { decimal, text } from '../fields';

/** Car location message (CLM) event codes (docs/fleet.md, Car location messages). */
export const CLM_EVENTS = [
  ['W', 'Released by shipper'], ['Z', 'Placement'], ['A', 'Arrival'], ['P', 'Departure'],
  ['J', 'Delivered at interchange'], ['R', 'Received at interchange'], ['Y', 'Constructive placement'],
  ['B', 'Bad order'], ['H', 'Hold'],
] as const;

export const stateProvinceField = (o: { required?: boolean } = {}) =>
  text({ max: 2, upper: true, label: 'Province / state', pattern: { source: '[A-Za-z]{2}', message: 'Use the two-letter province or state code, e.g. AB or TX.' }, ...o });

export const railroadField = () =>
  text({ max: 4, upper: true, pattern: { source: '[A-Za-z]{2,4}', message: 'A railroad is its 2 to 4 letter SCAC, e.g. CN, CPRS or BNSF.' } });

export const latitudeField = () => decimal({ digits: 9, places: 6, min: -90, max: 90 });
export const longitudeField = () => decimal({ digits: 9, places: 6, min: -180, max: 180 });
