/**
 * Pieces shared by the truck scheduler's declarations (docs/scheduler.md): every record belongs to
 * the terminal operator's company and to the `scheduler` subscription, with permissions on the
 * `schedule` app.
 */
import type { ScreenDecl } from '../define';

export const SCHEDULER_FEATURE = 'scheduler';
export const SCHEDULE_LOCATION = 'schedule/location';
export const SCHEDULE_COMPANY = 'schedule/company';
export const SLOT_TEMPLATE = 'schedule/slottemplate';
export const SLOT = 'schedule/slot';
export const BOOKING = 'schedule/booking';
export const BOOKING_LINK = 'schedule/link';

/**
 * The right to send carriers booking links and revoke them, on the location's model: a
 * dispatcher's job, without the right to change the location itself.
 */
export const SEND_LINKS = 'send_booking_links';
export const LOCATION_MODEL = { perms: { app: 'schedule', model: 'schedulelocation' }, feature: 'scheduler' } as const;

export const scheduleRecords = (model: string) => ({ perms: { app: 'schedule', model }, feature: SCHEDULER_FEATURE, tenant: 'company' as const });

/** The scheduler's screens sit under `scheduler/`, behind its menu codes. */
export const scheduleScreen = (slug: string, code: string, o: Omit<ScreenDecl, 'at' | 'slug'> = {}): ScreenDecl =>
  ({ at: 'scheduler', slug, codes: [`access_menu__truck_scheduler_${code}`], ...o });

export { MAX_SLOT_LOADS as MAX_SLOT_CAPACITY, MAX_SLOT_MINUTES } from '../../lib/slot-times';

/** What a location mails a booking's contact about (`notification/note_types/`). */
export const NOTE_TYPES = [
  ['booking_confirmed', 'Booking confirmed'],
  ['booking_changed', 'Booking changed'],
  ['booking_cancelled', 'Booking cancelled'],
  ['slot_blocked', 'Slot blocked'],
  ['booking_link', 'Booking link'],
] as const;
export type NoteType = (typeof NOTE_TYPES)[number][0];

/**
 * A booking's states (docs/scheduler.md, Booking statuses). Active ones hold a load of their
 * slot; cancelled and no-show ones give it back.
 */
export const BOOKING_STATUSES = [
  ['booked', 'Booked'], ['checked_in', 'Checked in'], ['loading', 'Loading'], ['loaded', 'Loaded'],
  ['no_show', 'No-show'], ['cancelled', 'Cancelled'],
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number][0];
export const ACTIVE_BOOKING: readonly BookingStatus[] = ['booked', 'checked_in', 'loading', 'loaded'];

/** ISO weekdays, as the week patterns and opening hours number them. */
export const WEEKDAYS = [['1', 'Monday'], ['2', 'Tuesday'], ['3', 'Wednesday'], ['4', 'Thursday'], ['5', 'Friday'], ['6', 'Saturday'], ['7', 'Sunday']] as const;

/** A local time of day, `HH:MM` on the 24-hour clock. */
export const LOCAL_TIME = { source: '([01]\\d|2[0-3]):[0-5]\\d', message: 'A local time as HH:MM, e.g. 07:00 or 18:30.' };
