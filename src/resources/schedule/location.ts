/**
 * A schedule location (docs/scheduler.md, Model): a place trucks load at (a terminal's rack, a
 * rail spot, a dock), with its own time zone: every slot of it is made and shown in that zone.
 * Carriers book its slots; the terminal sends them a booking link (`generate_token/`).
 */
import { defineResource } from '../define';
import { bool, integer, json, longText, ref, refs, tags, text, date } from '../fields';
import { bool as isBool, day, decimalText, instant, int, listOf, maybe, obj, oneOfChoices, recordOf, str } from '../answers';
import { timeZoneError } from '../../lib/time-zone';
import { BOOKING, BOOKING_STATUSES, NOTE_TYPES, SCHEDULE_LOCATION, SEND_LINKS, SLOT, scheduleRecords, scheduleScreen } from './common';

/** A slot as the calendar reads it: the slot record with its bookings. */
export const SLOT_WITH_BOOKINGS = recordOf(SLOT, { bookings: listOf(recordOf(BOOKING)) });

/** One local day of a location: its slots' loads by state. */
export const DAY_LOADS = obj({
  day: day('A local day of the location.'),
  hours: int('Its length in hours: 23 or 25 on a day the clocks change.'),
  slots: int('Slots that day.'),
  capacity: int('Loads the open slots take.'),
  booked: int('Active bookings (booked, checked in, loading, loaded).'),
  free: int('Loads still free in open slots.'),
  blocked: int('Slots blocked that day.'),
});

export const scheduleLocation = defineResource({
  name: SCHEDULE_LOCATION,
  label: 'Schedule location',
  ...scheduleRecords('schedulelocation'),
  screen: scheduleScreen('location', 'locations', {
    label: 'Locations',
    menu: { section: 'Truck scheduler', icon: 'scheduler', order: 2, label: 'Locations' },
    paths: { list: 'scheduler/location/', record: 'scheduler/location/:locationId/overview/' },
  }),
  timeZone: { path: ['timezone'] },
  extraCodenames: { [SEND_LINKS]: 'Can send carriers booking links' },
  fields: {
    name: text({ required: true, max: 120, trim: true, index: true, help: 'As carriers know it, e.g. "Fort Saskatchewan rack 2".' }),
    code: text({ max: 30, trim: true, upper: true }),
    facility: ref('facility', { label: 'Terminal', help: 'The terminal the location belongs to.' }),
    timezone: text({ required: true, max: 64, default: 'America/Edmonton', label: 'Time zone', help: 'IANA time zone the slots are kept in, e.g. America/Edmonton.', check: timeZoneError }),
    opening_hours: json({ shape: 'array', default: [], help: 'Open intervals per weekday: [{"weekday": 1, "open": "06:00", "close": "18:00"}], Monday 1 to Sunday 7.' }),
    products: refs('product', { max: 200, help: 'The products loaded here; all when empty.' }),
    producers: refs('party', { max: 200, help: 'The producers whose product is loaded here.' }),
    booking_horizon_days: integer({ required: true, default: 28, min: 1, max: 366, label: 'Bookable days ahead', help: 'How far ahead a carrier may book.' }),
    lead_minutes: integer({ required: true, default: 60, min: 0, max: 10_080, label: 'Carrier lead time (minutes)', help: 'A carrier books, changes or cancels until this long before the slot starts.' }),
    notify: tags({ choices: NOTE_TYPES, default: NOTE_TYPES.map(([v]) => v), label: 'Mails sent', help: 'What the booking contact is mailed about.' }),
    reply_email: text({ max: 254, format: 'email', label: 'Reply address', help: 'Where carriers write back; named in every mail.' }),
    instructions: longText({ label: 'Instructions for carriers', help: 'Shown on the booking page and in the confirmation.' }),
    enabled: bool({ default: true, index: true, help: 'A disabled location takes no booking.' }),
  },
  unique: [['company', 'code']],
  labelFields: ['name'],
  list: {
    columns: ['name', 'code', 'facility', 'timezone', 'booking_horizon_days', 'enabled'],
    compact: ['name', 'timezone', 'enabled'],
    search: ['name', 'code'],
    ordering: ['name'],
  },
  form: {
    sections: [
      { label: 'Location', fields: ['name', 'code', 'facility', 'timezone', 'enabled', 'opening_hours', 'products', 'producers'] },
      { label: 'Carrier booking', fields: ['booking_horizon_days', 'lead_minutes', 'notify', 'reply_email', 'instructions'] },
    ],
  },
  actions: {
    generate_token: {
      on: 'collection', method: 'POST', permission: SEND_LINKS, label: 'Send a booking link', result: 'object',
      input: {
        location_id: ref(SCHEDULE_LOCATION, { required: true, label: 'Location' }),
        carrier: ref('party', { label: 'Carrier', help: 'The party the link books for.' }),
        carrier_name: text({ max: 200, trim: true, help: 'The carrier, when it is no party of yours.' }),
        email: text({ max: 254, format: 'email', trim: true, help: 'Mailed the link when given.' }),
        days: integer({ min: 1, max: 90, default: 14, help: 'Days the link works.' }),
      },
      answer: obj({
        link: int('The link record (schedule/link).'),
        url: str('The booking page; shown once, only its hash is kept.'),
        expires_at: instant(),
        mailed: isBool('Whether it was mailed.'),
      }),
    },
    producers: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Producers', result: 'list',
      input: { location_id: ref(SCHEDULE_LOCATION, { required: true, label: 'Location' }) },
      answer: obj({ id: int(), name: str(), code: maybe(str()) }),
    },
    daily_slots: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Slots of a day', result: 'list',
      input: { location_id: ref(SCHEDULE_LOCATION, { required: true, label: 'Location' }), day: date({ required: true, help: 'A local day of the location.' }) },
      answer: SLOT_WITH_BOOKINGS,
    },
    overview: {
      on: 'detail', method: 'GET', permission: 'view', label: 'Overview', result: 'object',
      answer: obj({
        today: day("The location's day now."),
        days: listOf(DAY_LOADS, 'Today and the six days after it.'),
        by_status: listOf(obj({ status: oneOfChoices(BOOKING_STATUSES), today: int(), week: int('Today and the six days after it.') })),
        flagged: int('Bookings on blocked slots, waiting to be moved or cancelled.'),
        quantity_today: decimalText('The quantity booked today.'),
      }),
    },
    note_types: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Notification types', result: 'list',
      answer: obj({ value: oneOfChoices(NOTE_TYPES), label: str() }),
    },
  },
});
