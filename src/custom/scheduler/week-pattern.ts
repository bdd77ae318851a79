/**
 * A template's week pattern on a calendar (docs/scheduler.md, Model): each pattern slot drawn in
 * one reference week (Monday 2024-01-01 to Sunday 2024-01-07, at UTC, which never changes its
 * clocks), and back: a weekday, a local start and minutes.
 */
import { DateTime } from 'luxon';
import type { PatternSlot } from '../../lib/slot-times';

export const REFERENCE_MONDAY = '2024-01-01';
export const PATTERN_ZONE = 'UTC';

export interface PatternEvent { id: number; title: string; start: Date; end: Date; slot: PatternSlot }

const startOf = (s: PatternSlot) => DateTime.fromISO(`${REFERENCE_MONDAY}T${s.start}`, { zone: PATTERN_ZONE }).plus({ days: s.weekday - 1 });

export const toEvents = (pattern: readonly PatternSlot[]): PatternEvent[] => pattern.map((slot, id) => ({
  id, slot, title: `${slot.capacity} load${slot.capacity === 1 ? '' : 's'}${slot.volume === undefined ? '' : `, ${slot.volume} m³`}`, start: startOf(slot).toJSDate(), end: startOf(slot).plus({ minutes: slot.minutes }).toJSDate(),
}));

/** The pattern slot a calendar range stands for (a click makes an hour). */
export function fromRange(start: Date, end: Date, capacity: number): PatternSlot {
  const s = DateTime.fromJSDate(start, { zone: PATTERN_ZONE });
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  return { weekday: s.weekday, start: s.toFormat('HH:mm'), minutes: minutes >= 15 ? Math.min(minutes, 1440) : 60, capacity };
}

/** The reference day of a weekday (1 Monday … 7 Sunday). */
export const referenceDay = (weekday: number) => DateTime.fromISO(REFERENCE_MONDAY, { zone: PATTERN_ZONE }).plus({ days: weekday - 1 }).toJSDate();
