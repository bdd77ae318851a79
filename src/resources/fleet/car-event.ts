import { defineResource } from '../define';
import { bool, choice, datetime, json, ref, text } from '../fields';
import { bool as yesNo, instant, int, listOf, obj, str } from '../answers';
import { CLM_EVENTS, latitudeField, longitudeField, railroadField, stateProvinceField } from './clm-fields';
import { CLM_IMPORT_MAX_BYTES, MAX_CLM_EVENTS } from './clm-import';

export { CLM_EVENTS } from './clm-fields';

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
    state_province: stateProvinceField(),
    railroad: railroadField(),
    loaded: bool({ default: false }),
    latitude: latitudeField(),
    longitude: longitudeField(),
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
  actions: {
    // Messages as railroads send them: times in the station's local time (docs/trace.md, Importing car location messages).
    import_clm: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Import car location messages', result: 'object',
      input: {
        events: json({
          required: true, shape: 'array', maxBytes: CLM_IMPORT_MAX_BYTES, label: 'Events',
          help: `1 to ${MAX_CLM_EVENTS} messages: {mark, number, event_code, event_time (the station's local time, e.g. 2026-03-08T01:30), station, state_province, railroad, loaded, latitude, longitude, occurrence}.`,
        }),
      },
      answer: obj({
        created: int('Events written.'),
        already_recorded: int('Messages recorded before (same car, event, instant and station), left as they were.'),
        cars: int('Cars whose trips were rebuilt.'),
        events: listOf(obj({
          row: int('The message\'s place in `events`, from 1.'),
          id: int('The car event.'),
          event_time: instant('The message\'s time read into UTC.'),
          time_zone: str('The station\'s zone it was read in.'),
          already_recorded: yesNo(),
        }), 'Each message, in the order sent.'),
      }),
    },
  },
});
