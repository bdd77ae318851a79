/** The truck scheduler's behaviours (docs/scheduler.md): hooks and action handlers, one entry per resource. */
import { badRequest } from '../../engine/errors';
import { defineBehaviour } from '../../engine/behaviour';
import { scheduleLocation } from '../../../src/resources/schedule/location';
import { slotTemplate } from '../../../src/resources/schedule/slot-template';
import { slot } from '../../../src/resources/schedule/slot';
import { booking } from '../../../src/resources/schedule/booking';
import { bookingLink } from '../../../src/resources/schedule/link';
import { bookingHooks } from './booking-rules';
import { cancelBooking, createBooking, getActions, runAction, setData, updateBooking } from './booking-actions';
import { dailySlots, generateToken, noteTypes, overview, producers, revokeLink } from './location-actions';
import { blockSlots, deleteSlots, locationSlots, statics, unblockSlots } from './slot-actions';
import { alterSlots, createSlots } from './slot-plans';
import { slotHooks } from './slot-rules';
import { locationHooks, templateHooks } from './template-rules';

const LINKS_MADE = 'Booking links are made with schedule/location/generate_token/, which shows the link once.';

export const scheduleBehaviours = [
  defineBehaviour(scheduleLocation, { hooks: locationHooks, actions: { generate_token: generateToken, producers, daily_slots: dailySlots, overview, note_types: noteTypes } }),
  defineBehaviour(slotTemplate, { hooks: templateHooks }),
  defineBehaviour(slot, {
    hooks: slotHooks,
    actions: {
      create_slots: createSlots, alter_slots_based_on_template: alterSlots, set_status_block: blockSlots, set_status_unblock: unblockSlots,
      delete_slots_id: deleteSlots, location_slots: locationSlots, statics,
    },
  }),
  defineBehaviour(booking, {
    hooks: bookingHooks,
    actions: { create_booking: createBooking, update_booking: updateBooking, cancel_booking: cancelBooking, set_data: setData, get_actions: getActions, run_action: runAction },
  }),
  defineBehaviour(bookingLink, {
    hooks: {
      beforeWrite({ mode }) { if (mode === 'create') throw badRequest({ non_field_errors: [LINKS_MADE] }); },
      beforeClone() { throw badRequest({ non_field_errors: [LINKS_MADE] }); },
    },
    actions: { revoke: revokeLink },
  }),
];
