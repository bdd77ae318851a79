/** A booking's colour on the calendar by its status: what a dispatcher reads across a day at a glance. */
import type { BookingStatus } from '../../resources/schedule/common';

export const BOOKING_COLORS: Record<BookingStatus, string> = {
  // Each dark enough for white text (WCAG AA, 4.5:1).
  booked: '#1565c0', checked_in: '#6a1b9a', loading: '#a84300', loaded: '#2e7d32', no_show: '#c62828', cancelled: '#616161',
};
