/**
 * The booking page's dates and times, always at the location's zone (docs/scheduler.md, Times), never
 * the phone's: a carrier across a zone line must read the terminal's clock. Times go through the
 * app's zone library (Intl at the zone, 24-hour), so they read as on every other screen. Days are
 * the plain `yyyy-MM-dd` local days the server answers.
 */
import { localDateIn, zonedParts } from '../../lib/time-zone';

/** `07:00`, 24-hour, at the zone. */
export const clockAt = (instant: string, zone: string): string => zonedParts(instant, zone)?.time ?? '';

/** `07:00–08:00` */
export const slotHours = (s: { starts_at: string; ends_at: string }, zone: string) => `${clockAt(s.starts_at, zone)}–${clockAt(s.ends_at, zone)}`;

// A plain day is read at UTC midnight, so no zone moves it to the day before.
const atNoZone = (day: string) => new Date(`${day}T00:00:00Z`);
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `Monday, November 30` */
export const dayHeading = (day: string) => longDay.format(atNoZone(day));

/** `Mon, Nov 30` */
export const dayShort = (day: string) => shortDay.format(atNoZone(day));

export { addDays } from '../../lib/contract-periods';

/** `Mon, Nov 30, 07:00` at the zone. */
export const whenAt = (instant: string, zone: string) => `${dayShort(localDateIn(instant, zone) ?? instant.slice(0, 10))}, ${clockAt(instant, zone)}`;

/** `1 hour`, `90 minutes`, `2 days`: the lead time as a carrier reads it. */
export function leadText(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
