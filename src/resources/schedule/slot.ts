/**
 * A slot (docs/scheduler.md, Model): one time window of a location in which it loads up to
 * `capacity` trucks. Its times are instants (UTC); `day` is its local day in the location's zone.
 * `booked` counts its active bookings and is kept by the booking rules in the booking's own
 * transaction; the table holds `booked <= capacity`, so no two writers can overbook it.
 * A blocked slot takes no new booking; its bookings are flagged and their carriers mailed.
 */
import { defineResource } from '../define';
import { choice, date, datetime, decimal, integer, longText, ref, refs, tags, text } from '../fields';
import { day, int, listOf, obj, str } from '../answers';
import { MAX_PLAN_DAYS, MAX_SLOT_VOLUME } from '../../lib/slot-times';
import { DAY_LOADS, SLOT_WITH_BOOKINGS } from './location';
import { LOCAL_TIME, MAX_SLOT_CAPACITY, MAX_SLOT_MINUTES, SCHEDULE_LOCATION, SLOT, SLOT_TEMPLATE, WEEKDAYS, scheduleRecords, scheduleScreen } from './common';

export const SLOT_STATUSES = [['open', 'Open'], ['blocked', 'Blocked']] as const;
/** Most slots one call blocks, unblocks or deletes. */
export const MAX_SLOT_IDS = 1000;

const slotIds = () => refs(SLOT, { required: true, max: MAX_SLOT_IDS, label: 'Slots' });
const location = () => ref(SCHEDULE_LOCATION, { required: true, label: 'Location' });
const range = (what: string) => ({
  from: date({ required: true, label: 'From', help: `The first local day ${what}.` }),
  to: date({ required: true, label: 'To', help: `The last local day ${what} (at most ${MAX_PLAN_DAYS} days).` }),
});

/** What making or altering slots did (`create_slots/`, `alter_slots_based_on_template/`). */
const PLAN_RESULT = obj({
  created: int('Slots made.'),
  existing: int('Slots already there at the same start, left as they are.'),
  updated: int('Slots whose capacity or length was changed to the template\'s.'),
  removed: int('Slots the template no longer has, deleted (only those holding no booking).'),
  kept: listOf(obj({ slot: int(), starts_at: str(), reason: str() }), 'Slots the template no longer has that hold bookings: kept, and why.'),
  skipped: listOf(obj({ date: day(), start: str(), reason: str() }), 'Local times the clocks skip that day: no slot made.'),
});

export const slot = defineResource({
  name: SLOT,
  label: 'Slot',
  ...scheduleRecords('slot'),
  screen: scheduleScreen('slots', 'slots', {
    label: 'Slots',
    menu: { section: 'Truck scheduler', icon: 'scheduler', order: 1, label: 'Slots' },
    paths: { list: 'scheduler/slots/' },
    detail: false,
  }),
  timeZone: { path: ['location', 'timezone'], localDates: { day: 'starts_at' } },
  fields: {
    location: ref(SCHEDULE_LOCATION, { required: true, onDelete: 'cascade', label: 'Location' }),
    starts_at: datetime({ required: true, label: 'Starts' }),
    ends_at: datetime({ required: true, label: 'Ends' }),
    day: date({ required: true, label: 'Day', help: 'The local day it starts on; derived from its start.' }),
    capacity: integer({ required: true, min: 1, max: MAX_SLOT_CAPACITY, help: 'The trucks it loads.' }),
    booked: integer({ readOnly: true, default: 0, copy: false, help: 'Its active bookings.' }),
    volume_capacity: decimal({ digits: 12, places: 3, min: 0.001, max: MAX_SLOT_VOLUME, unit: 'm³', label: 'Volume', help: 'The most it loads in all; no limit when empty. Its bookings then give their quantity.' }),
    booked_volume: decimal({ digits: 12, places: 3, readOnly: true, default: '0', copy: false, unit: 'm³', label: 'Volume booked', help: 'The quantities of its active bookings.' }),
    status: choice(SLOT_STATUSES, { required: true, default: 'open', readOnly: true, copy: false, index: true, chip: { open: 'active', blocked: 'inactive' } }),
    block_reason: text({ max: 255, readOnly: true, copy: false, label: 'Why blocked' }),
    blocked_at: datetime({ readOnly: true, copy: false }),
    blocked_by: text({ max: 254, readOnly: true, copy: false }),
    products: refs('product', { max: 200, help: 'The products it takes; all of the location\'s when empty.' }),
    template: ref(SLOT_TEMPLATE, { readOnly: true, copy: false, label: 'Made from' }),
    notes: longText(),
  },
  unique: [['location', 'starts_at']],
  indexes: [['location', 'day']],
  checks: {
    booked_within_capacity: 'booked >= 0 AND booked <= capacity',
    volume_within_capacity: 'booked_volume >= 0 AND (volume_capacity IS NULL OR booked_volume <= volume_capacity)',
    ends_after_start: 'ends_at > starts_at',
  },
  labelFields: [['starts_at', 'id']],
  list: {
    columns: ['location', 'starts_at', 'ends_at', 'capacity', 'booked', 'volume_capacity', 'booked_volume', 'status', 'block_reason'],
    compact: ['starts_at', 'booked', 'status'],
    search: [],
    ordering: ['starts_at'],
  },
  form: { sections: [{ label: 'Slot', fields: ['location', 'starts_at', 'ends_at', 'capacity', 'volume_capacity', 'products', 'notes'] }] },
  actions: {
    create_slots: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Make slots', result: 'object',
      input: {
        location: location(),
        template: ref(SLOT_TEMPLATE, { label: 'Template', help: 'Make its week pattern\'s slots; leave out to make one slot a day by hand.' }),
        ...range('to make slots on'),
        start: text({ max: 5, pattern: LOCAL_TIME, label: 'Start', help: 'By hand: the local start time, e.g. 07:00.' }),
        minutes: integer({ min: 5, max: MAX_SLOT_MINUTES, help: 'By hand: how long each slot lasts.' }),
        capacity: integer({ min: 1, max: MAX_SLOT_CAPACITY, help: 'By hand: the trucks each slot loads.' }),
        volume: decimal({ digits: 12, places: 3, min: 0.001, max: MAX_SLOT_VOLUME, unit: 'm³', help: 'By hand: the most each slot loads in all; no limit when empty.' }),
        weekdays: tags({ choices: WEEKDAYS, max: 7, help: 'By hand: the weekdays to make slots on; every day when empty.' }),
      },
      answer: PLAN_RESULT,
    },
    alter_slots_based_on_template: {
      on: 'collection', method: 'POST', permission: 'change', label: 'Apply template changes', result: 'object',
      input: { template: ref(SLOT_TEMPLATE, { required: true, label: 'Template' }), ...range('to bring in line with the template') },
      answer: PLAN_RESULT,
    },
    set_status_block: {
      on: 'collection', method: 'POST', permission: 'change', label: 'Block', result: 'object',
      input: { ids: slotIds(), reason: text({ required: true, max: 255, trim: true, label: 'Reason', help: 'Told to the carriers of its bookings.' }) },
      answer: obj({ blocked: int('Slots blocked now.'), flagged: int('Bookings on them flagged for their carriers.'), mailed: int('Mails sent.') }),
    },
    set_status_unblock: {
      on: 'collection', method: 'POST', permission: 'change', label: 'Unblock', result: 'object',
      input: { ids: slotIds() },
      answer: obj({ unblocked: int('Slots open again.') }),
    },
    delete_slots_id: {
      on: 'collection', method: 'POST', permission: 'delete', label: 'Delete slots', result: 'object',
      input: { ids: slotIds() },
      answer: obj({ deleted: int() }),
    },
    location_slots: {
      on: 'collection', method: 'POST', permission: 'view', label: 'Slots of a location', result: 'list',
      input: { location: location(), ...range('to read') },
      answer: SLOT_WITH_BOOKINGS,
    },
    statics: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Month statistics', result: 'list',
      input: {
        location: location(),
        year: integer({ required: true, min: 2000, max: 2100 }),
        month: integer({ required: true, min: 1, max: 12 }),
      },
      answer: DAY_LOADS,
    },
  },
});
