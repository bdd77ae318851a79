/**
 * A booking (docs/scheduler.md, Booking statuses): a carrier's truck in one slot. Making one takes
 * a load of its slot in the same transaction, refused when the slot is full, blocked or over; a
 * move takes a load of the new slot and gives the old one back.
 *
 *   booked      made by the terminal or by the carrier through its link
 *   checked_in  the truck is at the gate
 *   loading     at the rack
 *   loaded      done (final)
 *   no_show     the truck did not come; once the slot has ended (final)
 *   cancelled   called off with a reason (final)
 */
import { defineResource } from '../define';
import { bool, choice, date, datetime, decimal, json, longText, ref, text } from '../fields';
import { obj, oneOf, str } from '../answers';
import { ACTIVE_BOOKING, BOOKING, BOOKING_LINK, BOOKING_STATUSES, SCHEDULE_LOCATION, SLOT, scheduleRecords } from './common';

/** The moves `run_action/` makes, each into its state; cancelling has its own call (it takes a reason). */
export const BOOKING_MOVES = [['check_in', 'Check in', 'checked_in'], ['start_loading', 'Start loading', 'loading'], ['loaded', 'Loaded', 'loaded'], ['no_show', 'No-show', 'no_show']] as const;
export const CANCEL_MOVE = ['cancel_booking', 'Cancel', 'cancelled'] as const;
const PLATE = { source: '[A-Za-z0-9 -]{2,12}', message: 'A plate is 2 to 12 letters, digits, spaces or dashes.' };

/** The booking's own details: what its maker writes, and what `update_booking/` and the link change. */
export const BOOKING_DETAILS = {
  carrier: ref('party', { label: 'Carrier', help: 'One of your parties; or write the carrier\'s name.' }),
  carrier_name: text({ max: 200, trim: true, label: 'Carrier name' }),
  truck_plate: text({ max: 12, trim: true, upper: true, pattern: PLATE, label: 'Truck plate' }),
  trailer_plate: text({ max: 12, trim: true, upper: true, pattern: PLATE, label: 'Trailer plate' }),
  driver_name: text({ max: 120, trim: true }),
  driver_phone: text({ max: 40, trim: true }),
  product: ref('product', { label: 'Product' }),
  quantity: decimal({ digits: 12, places: 3, min: 0, unit: 'm³', help: 'What the truck will load.' }),
  reference: text({ max: 60, trim: true, label: 'Reference', help: 'The carrier\'s order, PO or BOL number.' }),
  contact_email: text({ max: 254, format: 'email', trim: true, label: 'Contact email', help: 'Mailed the confirmation and any change.' }),
  notes: longText(),
};

export const booking = defineResource({
  name: BOOKING,
  label: 'Booking',
  ...scheduleRecords('booking'),
  timeZone: { path: ['location', 'timezone'] },
  fields: {
    slot: ref(SLOT, { required: true, onDelete: 'cascade', label: 'Slot' }),
    location: ref(SCHEDULE_LOCATION, { readOnly: true, onDelete: 'cascade', label: 'Location', copy: false }),
    starts_at: datetime({ readOnly: true, copy: false, label: 'Slot starts' }),
    ...BOOKING_DETAILS,
    status: choice(BOOKING_STATUSES, {
      required: true, default: 'booked', readOnly: true, copy: false, index: true,
      chip: { booked: 'active', checked_in: 'active', loading: 'active', loaded: 'active', cancelled: 'inactive', no_show: 'inactive' },
      transitions: {
        initial: ['booked'],
        moves: { booked: ['checked_in', 'no_show', 'cancelled'], checked_in: ['loading', 'cancelled'], loading: ['loaded'], loaded: [], no_show: [], cancelled: [] },
        final: ['loaded', 'no_show', 'cancelled'],
        deletable: [],
        instead: 'Cancel it instead.',
        locked: {
          checked_in: 'The truck is in: only its move to loading, or a cancellation, changes it.',
          loading: 'The truck is loading: mark it loaded.',
        },
        requires: { cancelled: { cancel_reason: 'Give the reason for cancelling.' } },
      },
    }),
    slot_blocked: bool({ readOnly: true, default: false, copy: false, label: 'Slot blocked', help: 'Its slot was blocked: move it to another slot or cancel it.' }),
    booked_by: text({ max: 254, readOnly: true, copy: false, help: 'Who made it: a user, or the carrier by its link.' }),
    link: ref(BOOKING_LINK, { readOnly: true, copy: false, label: 'Booking link' }),
    checked_in_at: datetime({ readOnly: true, copy: false }),
    loading_at: datetime({ readOnly: true, copy: false, label: 'Loading started' }),
    loaded_at: datetime({ readOnly: true, copy: false }),
    cancelled_at: datetime({ readOnly: true, copy: false }),
    cancel_reason: text({ max: 255, readOnly: true, copy: false, label: 'Why cancelled' }),
    data: json({ readOnly: true, copy: false, help: 'Further details a site keeps with the booking (`set_data/`).' }),
  },
  indexes: [['company', 'location', 'starts_at']],
  labelFields: [['reference', 'truck_plate', 'id']],
  list: {
    columns: ['starts_at', 'location', 'status', 'carrier', 'carrier_name', 'truck_plate', 'product', 'reference', 'slot_blocked'],
    compact: ['starts_at', 'status', 'truck_plate'],
    search: ['carrier_name', 'truck_plate', 'trailer_plate', 'reference', 'driver_name'],
    ordering: ['starts_at'],
  },
  form: {
    sections: [
      { label: 'Booking', fields: ['slot', 'carrier', 'carrier_name', 'product', 'quantity', 'reference'] },
      { label: 'Truck', fields: ['truck_plate', 'trailer_plate', 'driver_name', 'driver_phone', 'contact_email', 'notes'] },
    ],
  },
  actions: {
    create_booking: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Book', result: 'record', writes: ['booked_by'],
      input: { slot: ref(SLOT, { required: true, label: 'Slot' }), ...BOOKING_DETAILS },
    },
    update_booking: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Change booking', result: 'record',
      input: { slot: ref(SLOT, { label: 'Slot', help: 'Move it to this slot.' }), ...BOOKING_DETAILS },
    },
    cancel_booking: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Cancel', result: 'record', writes: ['status', 'cancel_reason', 'cancelled_at'],
      input: { reason: text({ required: true, max: 255, trim: true, label: 'Reason', help: 'Told to the carrier.' }) },
    },
    set_data: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Set data', result: 'record', writes: ['data'],
      input: { data: json({ required: true, help: 'Merged into the booking\'s data; a key set to null is removed.' }) },
    },
    get_actions: {
      on: 'detail', method: 'POST', permission: 'view', label: 'Available actions', result: 'list',
      answer: obj({ action: oneOf([...BOOKING_MOVES.map(([a]) => a), CANCEL_MOVE[0]]), label: str(), status: oneOf(BOOKING_STATUSES.map(([v]) => v), 'The state it moves to.') }),
    },
    run_action: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Run action', result: 'record', writes: ['status', 'checked_in_at', 'loading_at', 'loaded_at'],
      input: { action: choice(BOOKING_MOVES.map(([a, label]) => [a, label] as const), { required: true }) },
    },
  },
});

/**
 * What a carrier sends through its booking link (docs/scheduler.md, Carrier self-booking): the
 * details without the carrier's party, which the link fixes.
 */
const { carrier: _party, ...LINK_DETAILS } = BOOKING_DETAILS;
export const LINK_BOOK_INPUT = { slot: ref(SLOT, { required: true, label: 'Slot' }), ...LINK_DETAILS };
export const LINK_CHANGE_INPUT = { slot: ref(SLOT, { label: 'Slot', help: 'Move it to this slot.' }), ...LINK_DETAILS };
export const LINK_CANCEL_INPUT = { reason: text({ required: true, max: 255, trim: true, label: 'Reason' }) };
export const LINK_RANGE_INPUT = { from: date({ label: 'From' }), to: date({ label: 'To' }) };

/** Whether a booking in this state holds a load of its slot. */
export const holdsLoad = (status: unknown) => (ACTIVE_BOOKING as readonly unknown[]).includes(status);
