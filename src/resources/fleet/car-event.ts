import { defineResource } from '../define';
import { bool, choice, datetime, decimal, ref, text } from '../fields';

/** Car location message (CLM) event codes (docs/fleet.md, Car location messages). */
export const CLM_EVENTS = [
  ['W', 'Released by shipper'], ['Z', 'Placement'], ['A', 'Arrival'], ['P', 'Departure'],
  ['J', 'Delivered at interchange'], ['R', 'Received at interchange'], ['Y', 'Constructive placement'],
  ['B', 'Bad order'], ['H', 'Hold'],
] as const;

/**
 * One car location message: where a car was, when, on which railroad, loaded or empty. A loaded
 * trip starts with W (released by shipper) and ends with Z (placement). A car shows on the map only
 * when its last event has a location (docs/fleet.md, Car location messages), so coordinates are optional but come in pairs.
 */
export const carEvent = defineResource({
  name: 'car_event',
  label: 'Car event',
  feature: 'rail',
  perms: { app: 'fleet', model: 'carevent' },
  tenant: 'company',
  fields: {
    // Deleting a car with history is refused: an inactive fleet status retires it and keeps its trips.
    car: ref('car', { required: true }),
    event_code: choice(CLM_EVENTS, { required: true, label: 'Event' }),
    event_time: datetime({ required: true, label: 'Event time' }),
    station: text({ required: true, max: 60 }),
    state_province: text({ max: 2, upper: true, label: 'Province / state', pattern: { source: '[A-Za-z]{2}', message: 'Use the two-letter province or state code, e.g. AB or TX.' } }),
    railroad: text({ max: 4, upper: true, pattern: { source: '[A-Za-z]{2,4}', message: 'A railroad is its 2 to 4 letter SCAC, e.g. CN, CPRS or BNSF.' } }),
    loaded: bool({ default: false }),
    latitude: decimal({ digits: 9, places: 6, min: -90, max: 90 }),
    longitude: decimal({ digits: 9, places: 6, min: -180, max: 180 }),
  },
  extraCodenames: { can_view_car_history: 'Can view car history' },
  // The history lists a company's events newest first, all of them or one car's.
  large: true,
  indexes: [['company', 'event_time'], ['car', 'event_time']],
  labelFields: ['event_code', 'station', 'event_time'],
  list: {
    columns: ['car', 'event_code', 'event_time', 'station', 'state_province', 'railroad', 'loaded'],
    search: ['station', 'railroad'],
    ordering: ['-event_time'],
  },
  form: {
    sections: [
      { label: 'Event', fields: ['car', 'event_code', 'event_time', 'loaded'] },
      { label: 'Location', fields: ['station', 'state_province', 'railroad', 'latitude', 'longitude'] },
    ],
  },
});
