/**
 * A contract's plan of cars per day (docs/rail.md §4.2): one schedule per contract, made with it,
 * and its days, each with the planned cars and, once known, the actual cars. The days are spread by
 * the shared auto-scheduling rule (src/lib/rail-auto-schedule.ts, docs/rail.md §7).
 */
import { defineResource } from '../define';
import { type Shape, day, int, listOf, maybe, obj, recordOf, str } from '../answers';
import { choice, date, integer, json, longText, ref, text } from '../fields';
import { MAX_CARS, MAX_SCHEDULE_DAYS } from '../../lib/rail-auto-schedule';
import { railRecords } from './common';

export const RAIL_SCHEDULE = 'rail_schedule';
export const RAIL_SCHEDULE_ENTRY = 'rail_schedule_entry';
const CONTRACT = 'contract';
export const BUYER_SELLER = [['seller', 'Seller (the sale)'], ['buyer', 'Buyer (the purchase)']] as const;
/** Most cars one paste adds (docs/rail.md §6.2). */
export const MAX_BULK_CARS = 200;

/** A day of a schedule as the schedule's answers write it: planned cars, and actual cars once known. */
export const SCHEDULE_DAY: Shape = obj({ date: day(), quantity: int('Planned cars.'), actual: maybe(int('Actual cars; null until known.')) });

/** What a paste of cars made (`bulk_add_cars/`, the shipment's `add_cars/`): the shipment and its new cars. */
export const PASTED_CARS: Shape = obj({
  shipment: obj({ id: int(), shipment_number: str() }, { description: 'The shipment the cars are on.' }),
  cars: listOf(obj({ id: int(), mark_number: str('TILX 1234'), car: maybe(int("The fleet's record of the car, when the company has one.")) }), 'The loaded cars made, one per car pasted.'),
});

const total = (label: string, help: string) => integer({ computed: true, readOnly: true, label, help });

export const railSchedule = defineResource({
  name: RAIL_SCHEDULE,
  label: 'Rail schedule',
  ...railRecords('railshippingschedule'),
  fields: {
    contract: ref(CONTRACT, { required: true, onDelete: 'cascade', help: 'A schedule stays with its contract.' }),
    name: text({ max: 80, help: 'Left empty: the contract number.' }),
    notes: longText(),
    cars: total('Cars', "The contract's number of cars."),
    planned_total: total('Planned', 'Cars planned over all its days.'),
    actual_total: total('Actual', 'Cars actually moved over all its days.'),
    remaining: total('Remaining', 'Cars minus the actual ones.'),
  },
  unique: [['company', 'contract']],
  labelFields: ['name'],
  list: { columns: ['name', 'contract', 'cars', 'planned_total', 'actual_total', 'remaining'], ordering: ['name'] },
  actions: {
    list: {
      on: 'collection', method: 'GET', permission: 'view', result: 'list', label: 'Schedules of a contract',
      input: { contract_id: ref(CONTRACT, { required: true, label: 'Contract' }) },
      // The schedule as read, with its days.
      answer: recordOf(RAIL_SCHEDULE, {
        entries: listOf(obj({ id: int(), version: int(), date: day(), quantity: int('Planned cars.'), actual: maybe(int('Actual cars; null until known.')) }), 'Its days, by date.'),
      }),
    },
    auto_schedule: {
      on: 'collection', method: 'POST', permission: 'view', result: 'object', label: 'Auto-schedule',
      input: {
        cars: integer({ min: 0, max: MAX_CARS, label: 'Cars', help: "Cars the route moves in all; with a stored schedule, its contract's." }),
        schedule: json({ shape: 'array', label: 'Schedule', help: `The days, at most ${MAX_SCHEDULE_DAYS}: [{date: "yyyy-MM-dd", actual: whole number of cars or null}].` }),
        schedule_id: ref(RAIL_SCHEDULE, { label: 'Schedule', help: 'Applies the result to this stored schedule.' }),
      },
      answer: obj({ schedule: listOf(SCHEDULE_DAY, 'Every day, by date: a day with actual cars keeps them as its quantity; the rest share the remaining cars.') }),
    },
    create_shipment: {
      on: 'detail', method: 'POST', permission: 'view', result: 'record', returns: 'rail_shipment', label: 'Create shipment',
      input: { date: date({ required: true, label: 'Day', help: 'A day of this schedule: the ship date.' }) },
    },
    get_shipments: {
      on: 'detail', method: 'GET', permission: 'view', result: 'list', label: 'Shipments',
      input: { date: date({ label: 'Day' }) },
      answer: recordOf('rail_shipment'),
    },
    bulk_add_cars: {
      on: 'detail', method: 'POST', permission: 'view', result: 'object', label: 'Add cars',
      input: {
        buyerSeller: choice(BUYER_SELLER, { required: true, label: 'Side', help: 'Which side of the deal gets the cars: seller the sale, buyer the purchase.' }),
        cars: json({ required: true, shape: 'array', label: 'Cars', help: `The cars as written (TILX 1234), 1 to ${MAX_BULK_CARS}.` }),
        date: date({ required: true, label: 'Day' }),
      },
      answer: PASTED_CARS,
    },
    get_cars: {
      on: 'detail', method: 'GET', permission: 'view', result: 'list', label: 'Loaded cars',
      input: { date: date({ label: 'Day', help: "Only the cars of shipments of this ship date." }) },
      answer: recordOf('loaded_rail_car'),
    },
  },
});

export const railScheduleEntry = defineResource({
  name: RAIL_SCHEDULE_ENTRY,
  label: 'Schedule day',
  pluralLabel: 'Schedule days',
  ...railRecords('railshippingscheduleentry'),
  fields: {
    schedule: ref(RAIL_SCHEDULE, { required: true, onDelete: 'cascade' }),
    date: date({ required: true }),
    quantity: integer({ required: true, min: 0, max: MAX_CARS, default: 0, label: 'Planned cars' }),
    actual: integer({ min: 0, max: MAX_CARS, label: 'Actual cars', help: 'Empty until the day has its actual cars.' }),
  },
  unique: [['schedule', 'date']],
  labelFields: ['date'],
  list: { columns: ['schedule', 'date', 'quantity', 'actual'], ordering: ['schedule', 'date'] },
});
