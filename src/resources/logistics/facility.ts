import { defineResource } from '../define';
import { bool, choice, date, decimal, ref, refs, text } from '../fields';
import { day, int, listOf, mapOf, maybe, obj, oneOfChoices, recordOf, str } from '../answers';
import { SPLC_PATTERN } from '../../lib/checks';
import { party } from './party';
import { railSchedule } from '../rail/rail-schedule';
import { loadedRailCar } from '../rail/loaded-rail-car';
import { RAIL_SHIPMENT } from '../rail/rail-shipment';
import { CONTRACT_TYPES } from '../rail/contract';

/** Most days one call of a facility's schedule answers (docs/rail.md §6.6): about three months. */
export const MAX_FACILITY_SCHEDULE_DAYS = 92;
/** Days a facility's schedule shows when no end is given: two weeks from the first. */
export const FACILITY_SCHEDULE_DAYS = 14;

/** A day's cars: planned, and actual once known. */
const DAY_CARS = obj({
  quantity: int('Planned cars.'),
  actual: maybe(int('Actual cars; null until the day has them (in a total: until one of its contracts has them).')),
});

/** A place where product is loaded, unloaded or stored: a terminal, plant, rail yard or transload. */
export const facility = defineResource({
  name: 'facility',
  label: 'Facility',
  pluralLabel: 'Facilities',
  perms: { app: 'logistics', model: 'facility' },
  tenant: 'company',
  fields: {
    name: text({ required: true, max: 200, index: true }),
    code: text({ max: 30, index: true }),
    facility_type: choice([['terminal', 'Terminal'], ['plant', 'Plant'], ['rail_yard', 'Rail yard'], ['transload', 'Transload'], ['tank_farm', 'Tank farm']], { required: true, default: 'terminal', index: true }),
    splc: text({ max: 9, label: 'SPLC', pattern: SPLC_PATTERN }),
    serving_railroad: ref('party', { help: 'Railroad that switches this facility.' }),
    address: text({ max: 300 }),
    city: text({ max: 100, index: true }),
    province: text({ max: 50, label: 'Province / state' }),
    country: text({ max: 2, default: 'CA' }),
    latitude: decimal({ digits: 9, places: 6 }),
    longitude: decimal({ digits: 9, places: 6 }),
    timezone: text({ max: 64, default: 'America/Edmonton' }),
    enabled: bool({ default: true, index: true }),
  },
  unique: [['company', 'code']],
  list: { columns: ['name', 'code', 'facility_type', 'city', 'province', 'serving_railroad', 'enabled'], search: ['name', 'code', 'city'], ordering: ['name'] },
  // The rail desk's views of a facility (docs/rail.md §6.6): each needs the right to the records it
  // reads (`of`), so a driver who views facilities still gets 403 from the schedule and the cars.
  actions: {
    schedule: {
      on: 'detail', method: 'GET', permission: 'view', of: railSchedule, label: 'Schedule', result: 'object',
      input: {
        from: date({ label: 'From', help: 'Left empty: today at the facility.' }),
        to: date({ label: 'To', help: `Left empty: ${FACILITY_SCHEDULE_DAYS - 1} days after From; at most ${MAX_FACILITY_SCHEDULE_DAYS} days in all.` }),
      },
      answer: obj({
        days: listOf(day(), 'Every day of the range, in order.'),
        contracts: listOf(obj({
          id: int('The contract.'),
          contract_number: maybe(str()),
          contract_type: oneOfChoices(CONTRACT_TYPES),
          party: obj({ id: int(), label: maybe(str('Null where the caller may not name it.')) }, { description: 'The counterparty.' }),
          cars: int('The cars the contract is for.'),
          entries: mapOf(DAY_CARS, 'By day (yyyy-MM-dd), the days of the range its schedule has.'),
        }), 'The active contracts at the facility (either role) whose period meets the range, by number.'),
        totals: mapOf(DAY_CARS, 'By day (yyyy-MM-dd), every day of the range: the sums over the contracts.'),
      }),
    },
    cars: {
      on: 'detail', method: 'GET', permission: 'view', of: loadedRailCar, label: 'Cars here', result: 'list',
      input: { shipment_id: ref(RAIL_SHIPMENT, { label: 'Shipment', help: 'Only this shipment\'s cars here, whatever its status.' }) },
      answer: recordOf(loadedRailCar.name),
    },
    railroad: {
      on: 'detail', method: 'GET', permission: 'view', of: party, label: 'Serving railroad', result: 'object',
      answer: maybe(obj({ id: int(), name: str(), scac: maybe(str()) }, { description: 'The serving railroad; null when there is none, or it is not the caller\'s to see.' })),
    },
    assign_embargo_number: {
      on: 'collection', method: 'POST', permission: 'change', of: loadedRailCar, label: 'Assign an embargo', result: 'object',
      input: {
        carIds: refs(loadedRailCar.name, { required: true, max: 500, label: 'Cars' }),
        facilityId: ref('facility', { required: true, label: 'Facility' }),
        embargo_number: text({ required: true, max: 20, trim: true, upper: true, label: 'Embargo number' }),
        embargo_permit_number: text({ max: 20, trim: true, upper: true, label: 'Embargo permit number' }),
      },
      answer: obj({ assigned: int('The cars given the embargo.'), embargo_number: str() }),
    },
    unassign_embargo_number: {
      on: 'collection', method: 'POST', permission: 'change', of: loadedRailCar, label: 'Lift the embargo', result: 'object',
      input: {
        carIds: refs(loadedRailCar.name, { required: true, max: 500, label: 'Cars' }),
        facilityId: ref('facility', { required: true, label: 'Facility' }),
      },
      answer: obj({ unassigned: int('The cars whose embargo was lifted.') }),
    },
    railroad_facilities: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Facilities a railroad serves', result: 'list',
      input: { railroad: ref('party', { required: true, label: 'Railroad' }) },
      answer: obj({ id: int(), name: str(), code: maybe(str()), city: maybe(str()), province: maybe(str()) }),
    },
  },
});
