/**
 * A row of `car_event/import_clm/` (docs/trace.md, Importing car location messages): a car location
 * message as a railroad sends it, the car by its mark and number, the station by its name and
 * province or state, and the time on the station's clock, without an offset. Declared with the
 * field kinds of resources, so each row is checked with the same messages as a car event.
 */
import { bool, choice, integer, text, type Field } from '../fields';
import { MARK_PATTERN, MAX_CAR_NUMBER } from '../../lib/reporting-mark';
import { CLM_EVENTS, latitudeField, longitudeField, railroadField, stateProvinceField } from './clm-fields';

/** Most messages one call takes: about 250 bytes each, well inside a request's 1 MB. */
export const MAX_CLM_EVENTS = 1000;
export const CLM_IMPORT_MAX_BYTES = 512 * 1024;

/**
 * Which of the two instants a wall time names on the night the clocks fall back (01:30 happens
 * twice): the first, in daylight time (the default), or the second, in standard time.
 */
export const CLM_OCCURRENCES = [['first', 'First (daylight time)'], ['second', 'Second (standard time)']] as const;

/** A time on a clock, `2026-03-08T01:30` (seconds allowed, a space for the T): no zone, no offset. */
export const LOCAL_TIME_PATTERN = {
  source: '\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2})?',
  message: "Give the station's local time as yyyy-MM-ddTHH:mm, without an offset: it is read in the station's time zone.",
};

export const CLM_ROW_FIELDS: Record<string, Field> = {
  mark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark' }),
  number: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, label: 'Car number' }),
  event_code: choice(CLM_EVENTS, { required: true, label: 'Event' }),
  event_time: text({ required: true, max: 32, trim: true, pattern: LOCAL_TIME_PATTERN, label: 'Local time' }),
  occurrence: choice(CLM_OCCURRENCES, { label: 'Occurrence', help: 'Only for a time the clocks repeat when they fall back; left out, the first.' }),
  station: text({ required: true, max: 60, trim: true, label: 'Station' }),
  state_province: stateProvinceField({ required: true }),
  railroad: railroadField(),
  loaded: bool({ default: false }),
  latitude: latitudeField(),
  longitude: longitudeField(),
};
