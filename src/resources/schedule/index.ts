/** The truck scheduler's declarations (docs/scheduler.md). */
import { scheduleLocation } from './location';
import { scheduleCompany } from './company';
import { slotTemplate } from './slot-template';
import { slot } from './slot';
import { booking } from './booking';
import { bookingLink } from './link';

export const scheduleResources = [scheduleLocation, scheduleCompany, slotTemplate, slot, booking, bookingLink];
