import { defineResource } from '../define';
import { bool, choice, date, decimal, integer, json, longText, ref, text } from '../fields';
import { bool as yesNo, instant, int, listOf, maybe, num, obj, oneOf, oneOfChoices, str } from '../answers';
import { TRIP_KINDS } from '../trace/trip-kinds';
import { CLM_EVENTS } from './clm-fields';
import { MARK_PATTERN, MAX_CAR_NUMBER } from '../../lib/reporting-mark';

/**
 * Car types by the first letter of the AAR equipment type code (the code UMLER and the railroads'
 * car data carry), so an imported car type needs no mapping. Centerbeam and bulkhead flats are F.
 */
export const CAR_TYPES = [
  ['T', 'Tank car'], ['C', 'Covered hopper'], ['H', 'Open hopper'], ['K', 'Equipped hopper'],
  ['G', 'Gondola'], ['E', 'Equipped gondola'], ['J', 'Rotary gondola'], ['B', 'Boxcar'], ['A', 'Equipped boxcar'],
  ['R', 'Refrigerator car'], ['F', 'Flatcar / centerbeam'], ['V', 'Autorack'], ['P', 'Intermodal flatcar'],
  ['Q', 'Low-profile intermodal'], ['S', 'Stack (well) car'], ['L', 'Special type'],
] as const;

/** Fleet status choices (docs/fleet.md, Fleet status). */
/** The most cars one bulk call adds or changes. */
export const MAX_BULK_CARS = 1_000;

export const FLEET_STATUSES = [['P', 'Permanent'], ['T', 'Temporary'], ['I', 'Inactive']] as const;

const fleetStatus = (description?: string) => oneOfChoices(FLEET_STATUSES, description);

/** One car on the map: a GeoJSON Point feature keyed by the car's id. */
const POSITION = obj({
  type: oneOf(['Feature']),
  id: int('The car.'),
  geometry: obj({ type: oneOf(['Point']), coordinates: listOf(num(), 'Longitude, then latitude, in degrees.') }),
  properties: obj({
    label: str('The car, `MARK NUMBER`.'),
    fleet_status: fleetStatus(),
    loaded: maybe(yesNo('Whether its last event reported the car loaded.')),
    at_facility: maybe(yesNo('Its last event is a placement (Z) or a constructive placement (Y).')),
    station: maybe(str('Where it was last seen.')),
    state: maybe(str('The province or state of that station.')),
    event_code: maybe(oneOfChoices(CLM_EVENTS, 'Its last event.')),
    event_time: maybe(instant('When it was last seen.')),
    trip: maybe(int('Its current trip; null for a car whose events have not begun a trip.')),
    kind: maybe(oneOfChoices(TRIP_KINDS)),
    origin: maybe(str('Where its current trip began.')),
    released_at: maybe(instant()),
    eta: maybe(instant()),
    late: yesNo('Its trip is past its ETA and not placed.'),
  }, { optional: ['trip', 'kind', 'origin', 'released_at', 'eta', 'late'], description: 'The trip keys only for a user who may read trips.' }),
});

/** A rail car of the company's fleet, known by its reporting mark and number (`TILX 123456`). */
export const car = defineResource({
  name: 'car',
  label: 'Car',
  feature: 'rail',
  perms: { app: 'fleet', model: 'car' },
  // The older name of the fleet's API (its bulk calls were made against it).
  aliases: ['railcar'],
  tenant: 'company',
  fields: {
    mark: text({ required: true, max: 4, upper: true, pattern: MARK_PATTERN, label: 'Reporting mark', help: 'Private (non-railroad) owners\' marks end in X.' }),
    // A number, not text: TILX 001234 is TILX 1234, and the fleet sorts 55 before 1234. A copy needs a number of its own.
    number: integer({ required: true, min: 0, max: MAX_CAR_NUMBER, label: 'Car number', identifier: true, copy: false, help: 'Up to 6 digits; leading zeros are not significant.' }),
    // `MARK NUMBER`, computed (server/actions/fleet/car.ts) so that lists filter and search by how a car is
    // written; it sorts by mark, then number (55 before 1234), not as text.
    mark_number: text({ computed: true, readOnly: true, max: 11, label: 'Car', sortBy: ['mark', 'number'] }),
    car_type: choice(CAR_TYPES, { required: true, default: 'T', label: 'Car type' }),
    fleet_status: choice(FLEET_STATUSES, { required: true, default: 'P', label: 'Fleet status', chip: { P: 'active', I: 'inactive' } }),
    shell_capacity: decimal({ digits: 9, places: 1, min: 0, unit: 'L', label: 'Shell capacity' }),
    tare: decimal({ digits: 9, places: 1, min: 0, unit: 'kg', label: 'Tare' }),
    load_limit: decimal({ digits: 9, places: 1, min: 0, unit: 'kg', label: 'Load limit' }),
    length: decimal({ digits: 5, places: 2, min: 0, unit: 'ft', label: 'Length', help: "Over the couplers, as yards measure it; left empty: its car type's usual length." }),
    gauge_table: ref('rail_car_gauge_table', { onDelete: 'set null', label: 'Gauge table', help: "Its class's gauge table; a table of the car's own, by its mark and number, comes first." }),
    lessor: text({ max: 120, label: 'Lessor / owner' }),
    lease_start: date({ label: 'Lease start' }),
    lease_end: date({ label: 'Lease end' }),
    notes: longText(),
  },
  unique: [['company', 'mark', 'number']],
  // The fleet table filters a company's cars by status or type and lists them by mark and number.
  large: true,
  indexes: [['company', 'fleet_status', 'mark', 'number'], ['company', 'car_type', 'mark', 'number']],
  labelFields: ['mark', 'number'],
  list: {
    columns: ['mark_number', 'car_type', 'fleet_status', 'shell_capacity', 'load_limit', 'lessor', 'lease_end'],
    search: ['mark_number', 'lessor'],
    ordering: ['mark_number'],
  },
  actions: {
    overview: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Fleet overview', result: 'object',
      answer: obj({
        cars: int('All the company\'s cars.'),
        fleet_status: obj(Object.fromEntries(FLEET_STATUSES.map(([v, label]) => [v, int(label)])), { description: 'The cars by fleet status.' }),
        movement: maybe(obj({
          active: int('Permanent and Temporary cars.'),
          trips: int('Active cars on a trip (their current one, in transit).'),
          loaded_moving: int(),
          loaded_at_facility: int(),
          empty_moving: int(),
          empty_at_facility: int(),
          bad_ordered: int(),
          held: int(),
          no_events: int('Active cars with no trip yet.'),
        }, { description: 'The active cars by where their current trip has them; null without the right to read trips.' })),
      }),
    },
    // The fleet's bulk calls (docs/fleet.md, Bulk changes): all or nothing, each car's faults by its place in the list.
    list: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Find cars', result: 'list',
      input: { query: text({ max: 20, label: 'Mark and number', help: 'The start of MARK NUMBER (TILX 12) or of the number.' }) },
      answer: obj({ id: int(), mark: str(), number: int(), mark_number: str('`MARK NUMBER`.'), car_type: oneOfChoices(CAR_TYPES), fleet_status: fleetStatus() }),
    },
    bulk_create: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Add cars', result: 'object',
      input: {
        cars: json({ required: true, shape: 'array', maxBytes: 512 * 1024, label: 'Cars', help: `Up to ${MAX_BULK_CARS} cars: each "MARK NUMBER" or an object of the car's fields.` }),
        status: choice(FLEET_STATUSES, { default: 'P', label: 'Fleet status', help: 'The fleet status of all of them.' }),
      },
      answer: obj({ created: int('How many cars were added.'), ids: listOf(int(), 'The new cars, in the order given.') }),
    },
    bulk_update: {
      on: 'collection', method: 'PUT', permission: 'change', label: 'Change cars', result: 'object',
      input: { cars: json({ required: true, shape: 'array', maxBytes: 512 * 1024, label: 'Cars', help: `Up to ${MAX_BULK_CARS} changes: each {id, version?, ...fields}.` }) },
      answer: obj({ updated: int('How many cars were changed.'), cars: listOf(obj({ id: int(), version: int('Its version now.') }), 'The cars changed, in the order given.') }),
    },
    // The maps' feature service (docs/trace.md, Maps): a GeoJSON FeatureCollection, a Point a car.
    positions: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Car positions', result: 'object',
      input: {
        bbox: text({ max: 80, label: 'Bounding box', help: 'west,south,east,north in degrees; left out: the whole fleet.' }),
        car: ref('car', { label: 'Car', help: 'Only this car (a link that opens the map on it).' }),
        fleet_status: choice(FLEET_STATUSES, { label: 'Fleet status' }),
        loaded: bool({ label: 'Loaded', help: 'Whether its last event reported the car loaded.' }),
        late: bool({ label: 'Late', help: 'Its trip is past its ETA and not placed (needs the right to read trips).' }),
      },
      answer: obj({
        type: oneOf(['FeatureCollection']),
        bbox: maybe(listOf(num(), 'west, south, east, north')),
        count: int(),
        features: listOf(POSITION, 'By the car\'s label.'),
      }),
    },
  },
  form: {
    sections: [
      { label: 'Car', fields: ['mark', 'number', 'car_type', 'fleet_status'] },
      { label: 'Capacity', fields: ['shell_capacity', 'tare', 'load_limit', 'length', 'gauge_table'] },
      { label: 'Lease', fields: ['lessor', 'lease_start', 'lease_end', 'notes'] },
    ],
  },
});
