/**
 * A car's trip (docs/trace.md, Trips), built from its car location messages by the rules of
 * src/lib/trips.ts: loaded from the shipper's release (W) to the placement at the consignee (Z),
 * empty from there to the next loaded release. Trips are derived: the server rebuilds a car's
 * trips whenever its events change, so a trip is never created or deleted through the API; a user
 * matches a loaded trip to the car load it carries when the automatic match found none, and keeps
 * notes on it.
 */
import { defineResource } from '../define';
import { bool, choice, date, datetime, decimal, file, integer, json, longText, ref, tags, text } from '../fields';
import { type Shape, bool as yesNo, decimalText, either, instant, int, listOf, maybe, obj, oneOf, oneOfChoices, recordOf, str } from '../answers';
import { CLM_EVENTS } from '../fleet/clm-fields';
import { FLEET_STATUSES } from '../fleet/car';
import { LOADED_RAIL_CAR } from '../rail/loaded-rail-car';
import { RAIL_SHIPMENT } from '../rail/rail-shipment';
import { BILL_OF_LADING } from '../documents/names';
import { BOL_FILE_BYTES, BOL_FILE_TYPES } from '../documents/bol-files';
import { TRIP_KINDS } from './trip-kinds';

export { TRIP_KINDS };

export const TRIP = 'trip';
export const TRIP_STATUSES = [['in_transit', 'In transit'], ['completed', 'Completed'], ['incomplete', 'Incomplete']] as const;
/**
 * How a loaded trip came to name its car load: not yet, found by the rules, chosen by a user, or
 * taken off by a user (the rules then leave it alone, as they leave a match by hand).
 */
export const TRIP_MATCHES = [['none', 'Not matched'], ['auto', 'Matched'], ['manual', 'Matched by hand'], ['unmatched', 'Unmatched by hand']] as const;

const derived = { readOnly: true, copy: false } as const;

/** What a geofence query answers: the cars whose last location is inside it, or the car events inside it. */
export const GEOFENCE_CONTEXTS = [['cars', 'Cars now'], ['events', 'Car events']] as const;


/** Per reference field of a row, the referenced record's label (null where it may not be shown). */
const carLabel = obj({ car: maybe(str('The car, `MARK NUMBER`.')) });

/** What a geofence answers: the car events inside it, or the cars whose last location is inside it (by `geofence_context`). */
const IN_GEOFENCE: Shape = either(
    obj({
      context: oneOf(['events']),
      since: instant('From when the events are looked at.'),
      count: int('The events inside, all of them.'),
      truncated: yesNo('More events were inside than `events` holds.'),
      events: listOf(obj({
        id: int(),
        car: int(),
        event_code: oneOfChoices(CLM_EVENTS),
        event_time: instant(),
        station: str(),
        state_province: maybe(str()),
        latitude: decimalText(),
        longitude: decimalText(),
        _labels: carLabel,
      }), 'Newest first.'),
    }),
    obj({
      context: oneOf(['cars']),
      count: int(),
      cars: listOf(obj({
        trip: int('The car\'s latest trip.'),
        car: int(),
        kind: oneOfChoices(TRIP_KINDS),
        status: oneOfChoices(TRIP_STATUSES),
        station: maybe(str('Where it was last seen.')),
        state: maybe(str()),
        event_code: maybe(oneOfChoices(CLM_EVENTS)),
        event_time: maybe(instant()),
        latitude: decimalText(),
        longitude: decimalText(),
        _labels: carLabel,
      }), 'By the car\'s label.'),
    }),
);

export const trip = defineResource({
  name: TRIP,
  label: 'Trip',
  feature: 'rail',
  perms: { app: 'trace', model: 'trip' },
  tenant: 'company',
  // The trips table and one trip's page (docs/trace.md, Screens), behind the track-and-trace menu code.
  screen: {
    at: 'company/trace', slug: 'trips', codes: ['access_menu__track_and_trace'],
    paths: { list: 'company/trace/trips/table/', record: 'company/trace/trips/:tripId/' },
  },
  extraCodenames: { can_view_trip_history: 'Can view trip history' },
  fields: {
    car: ref('car', { required: true, onDelete: 'cascade', ...derived }),
    // Its car's fleet status now, so the trips of active cars can be listed: the fleet overview's
    // movement counts are of Permanent and Temporary cars, and the table they open says the same.
    car_fleet_status: choice(FLEET_STATUSES, { computed: true, readOnly: true, label: 'Fleet status' }),
    kind: choice(TRIP_KINDS, { required: true, default: 'loaded', index: true, ...derived }),
    status: choice(TRIP_STATUSES, { required: true, default: 'in_transit', index: true, chip: { completed: 'active', incomplete: 'inactive' }, ...derived }),
    start_event: ref('car_event', { required: true, onDelete: 'cascade', unique: true, label: 'Starts with', ...derived }),
    origin_station: text({ max: 60, label: 'Origin', ...derived }),
    origin_state: text({ max: 2, label: 'Origin province / state', ...derived }),
    destination_station: text({ max: 60, label: 'Destination', ...derived, help: 'Where it was placed; empty while in transit.' }),
    destination_state: text({ max: 2, label: 'Destination province / state', ...derived }),
    released_at: datetime({ required: true, label: 'Released', ...derived }),
    arrived_at: datetime({ label: 'Arrived', ...derived }),
    placed_at: datetime({ label: 'Placed', ...derived }),
    transit_days: decimal({ digits: 7, places: 2, label: 'Transit days', ...derived }),
    eta: datetime({ label: 'ETA', ...derived, help: "Released plus the median transit of the lane's completed trips." }),
    last_station: text({ max: 60, label: 'Last seen at', ...derived }),
    last_state: text({ max: 2, label: 'Last province / state', ...derived }),
    last_event_code: text({ max: 1, label: 'Last event', ...derived }),
    last_event_time: datetime({ label: 'Last seen', ...derived }),
    last_latitude: decimal({ digits: 9, places: 6, ...derived }),
    last_longitude: decimal({ digits: 9, places: 6, ...derived }),
    last_loaded: bool({ default: false, label: 'Loaded now', ...derived, help: 'Whether its last event reported the car loaded.' }),
    at_facility: bool({ default: false, label: 'At a facility', ...derived, help: 'Its last event is a placement (Z) or a constructive placement (Y).' }),
    event_count: integer({ label: 'Events', ...derived }),
    stops: json({ shape: 'array', default: [], label: 'Stops', ...derived }),
    bad_ordered: bool({ default: false, label: 'Bad ordered', ...derived }),
    held: bool({ default: false, ...derived }),
    loaded_rail_car: ref(LOADED_RAIL_CAR, { onDelete: 'set null', label: 'Car load', ...derived }),
    rail_shipment: ref(RAIL_SHIPMENT, { onDelete: 'set null', label: 'Shipment', ...derived }),
    match: choice(TRIP_MATCHES, { required: true, default: 'none', label: 'Match', ...derived }),
    // The bill of lading document that covers its car (docs/documents.md): found from the document's text, or attached by hand.
    bill_of_lading: ref(BILL_OF_LADING, { onDelete: 'set null', label: 'Bill of lading', ...derived }),
    notes: longText(),
  },
  large: true,
  indexes: [['company', 'released_at'], ['company', 'status', 'released_at'], ['car', 'released_at'], ['company', 'match', 'released_at']],
  // "HARDISTY → PORT ARTHUR (2026-10-01 12:00)"
  labelFields: ['origin_station', { field: 'destination_station', before: '→ ' }, { field: 'released_at', before: '(', after: ')' }],
  list: {
    // What fits beside the menu at 1,400 px with a superuser's Company column; the rest (destination,
    // kind, placement, transit, the flags, the match) a user adds. The destination is known only
    // once a trip is placed, and the trip's page and label name it.
    columns: ['car', 'status', 'origin_station', 'released_at', 'eta', 'last_station'],
    compact: ['car', 'status', 'last_station'],
    search: ['origin_station', 'destination_station', 'last_station'],
    ordering: ['-released_at'],
  },
  form: {
    sections: [
      { label: 'Trip', fields: ['car', 'kind', 'status', 'origin_station', 'destination_station', 'released_at', 'arrived_at', 'placed_at', 'transit_days', 'eta'] },
      { label: 'Last seen', fields: ['last_station', 'last_state', 'last_event_code', 'last_event_time', 'last_loaded', 'at_facility', 'event_count', 'bad_ordered', 'held'] },
      { label: 'Shipment', fields: ['rail_shipment', 'loaded_rail_car', 'match', 'bill_of_lading', 'notes'] },
    ],
  },
  actions: {
    events: { on: 'detail', method: 'GET', permission: 'view', label: 'Events', result: 'list', answer: recordOf('car_event') },
    // The track-and-trace overview's counts (docs/trace.md, Track and trace overview).
    overview: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Trips now', result: 'object',
      answer: obj({
        now: instant('When the counts were taken.'),
        placed_since: instant('Placed lately counts placements from this instant.'),
        due_by: instant('Due soon counts ETAs up to this instant.'),
        loaded_in_transit: int(),
        empty_in_transit: int(),
        late: int('Loaded trips under way past their ETA.'),
        due_soon: int('Loaded trips under way due by `due_by`.'),
        no_eta: int('Loaded trips under way without an ETA.'),
        placed_lately: int('Loaded trips placed since `placed_since`.'),
        not_matched: int('Loaded trips not matched to a car load.'),
        bad_ordered: int('Trips under way bad ordered.'),
        held: int('Trips under way held.'),
      }),
    },
    match_car_load: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Match to a car load', result: 'record', writes: ['loaded_rail_car', 'rail_shipment', 'match'],
      input: { loaded_rail_car: ref(LOADED_RAIL_CAR, { required: true, label: 'Car load' }) },
    },
    unmatch_car_load: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Unmatch', result: 'record', writes: ['loaded_rail_car', 'rail_shipment', 'match'],
    },
    // Its bill of lading (docs/documents.md, On a trip): a file sent for it, read like an upload and attached to this trip.
    upload_file: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Upload its bill of lading', result: 'record', writes: ['bill_of_lading'],
      input: { file: file({ required: true, accept: [...BOL_FILE_TYPES], maxBytes: BOL_FILE_BYTES, label: 'File' }) },
    },
    delete_file: { on: 'detail', method: 'POST', permission: 'change', label: 'Remove its bill of lading', result: 'record', writes: ['bill_of_lading'] },
    get_file: { on: 'detail', method: 'GET', permission: 'view', label: 'Its bill of lading', result: 'file' },
    save_extracted_data: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Correct its bill of lading', result: 'record',
      input: {
        bol_number: text({ max: 40, trim: true, upper: true, label: 'BOL number' }),
        bol_date: date({ label: 'BOL date' }),
        shipper: text({ max: 120, trim: true }),
        consignee: text({ max: 120, trim: true }),
        origin: text({ max: 120, trim: true }),
        destination: text({ max: 120, trim: true }),
        cars: tags({ label: 'Cars' }),
      },
    },
    get_shipper_unique_values: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Shippers', result: 'list',
      answer: obj({ value: str('A shipper as the company\'s bill of lading documents name it.'), documents: int('The documents that name it.') }),
    },
    get_records_in_geofence: {
      on: 'collection', method: 'POST', permission: 'view', label: 'In a geofence', result: 'object',
      input: {
        geofence: json({ required: true, label: 'Geofence', help: 'A GeoJSON Polygon or MultiPolygon (or a Feature of one), longitude first.' }),
        geofence_context: choice(GEOFENCE_CONTEXTS, { default: 'cars', label: 'What' }),
        since: datetime({ label: 'Since', help: 'Events only: from when (30 days back when left out).' }),
      },
      answer: IN_GEOFENCE,
    },
  },
});
