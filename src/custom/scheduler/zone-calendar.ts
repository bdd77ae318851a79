/**
 * The calendar's clock (docs/scheduler.md, Pages): react-big-calendar reads and writes plain
 * `Date`s through its localizer, and the Luxon localizer reads them in Luxon's default zone. The
 * schedule of a location is kept in the location's zone, whatever the browser's, and by the
 * server's rules for it (docs/architecture.md, Time zones: the browser's zone data may differ),
 * so while a calendar is shown Luxon's default zone is the location's, offset by those rules
 * (one calendar is shown at a time).
 */
import { createElement, useEffect } from 'react';
import { DateTime, Settings, Zone } from 'luxon';
import { luxonLocalizer } from 'react-big-calendar';
import * as dragAndDropAddon from 'react-big-calendar/lib/addons/dragAndDrop';
import { offsetAt, zoneAbbreviation } from '../../lib/time-zone';

/** A zone whose offsets are the registered rules' (src/lib/time-zone.ts), the browser's own where none are. */
export class RulesZone extends Zone {
  constructor(private readonly zone: string) { super(); }
  override get type() { return 'rules'; }
  override get name() { return this.zone; }
  get ianaName() { return this.zone; }
  override get isUniversal() { return false; }
  override get isValid() { return true; }
  override offset(ts: number) { return offsetAt(this.zone, ts); }
  override offsetName(ts: number) { return zoneAbbreviation(this.zone, new Date(ts)); }
  override formatOffset(ts: number, format: 'narrow' | 'short' | 'techie') {
    const m = this.offset(ts);
    const [h, mm] = [Math.trunc(Math.abs(m) / 60), Math.abs(m) % 60];
    const sign = m < 0 ? '-' : '+';
    if (format === 'narrow') return `${sign}${h}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`;
    return `${sign}${String(h).padStart(2, '0')}${format === 'techie' ? '' : ':'}${String(mm).padStart(2, '0')}`;
  }
  override equals(other: Zone) { return other.type === 'rules' && other.name === this.zone; }
}

type WithDragAndDrop = typeof import('react-big-calendar/lib/addons/dragAndDrop').default;
/**
 * The drag-and-drop addon, a CommonJS module: the bundle hands its `exports` as the default
 * import's value, so its function sits one `default` deeper than in the development server.
 */
const addon = dragAndDropAddon as unknown as { default: WithDragAndDrop | { default: WithDragAndDrop } };
export const withDragAndDrop: WithDragAndDrop = typeof addon.default === 'function' ? addon.default : addon.default.default;

/**
 * The calendar in the app's theme and readable by assistive technology: no all-day row (no event
 * here lasts all day; its row carries a grid role without cells), day headers as plain text (the
 * default header claims a column-header role outside any row), and the toolbar, grid lines and
 * slot labels in the theme's colours, light or dark, at a readable contrast.
 */
export const CALENDAR_SX = {
  '& .rbc-allday-cell': { display: 'none' },
  '& .rbc-toolbar button': { color: 'text.primary', borderColor: 'divider' },
  '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:hover, & .rbc-toolbar button:focus': { bgcolor: 'action.selected', color: 'text.primary' },
  '& .rbc-time-view, & .rbc-month-view, & .rbc-header, & .rbc-time-header-content, & .rbc-time-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-time-content > * + * > *': { borderColor: 'divider' },
  '& .rbc-today': { bgcolor: 'action.hover' },
  '& .rbc-off-range-bg': { bgcolor: 'action.disabledBackground' },
  // As specific as the calendar's own rule (`.rbc-day-slot .rbc-background-event`, 0.75 opacity), which would fade the label.
  '& .rbc-day-slot .rbc-background-event': { opacity: 1, bgcolor: 'background.paper', border: 1, borderColor: 'divider' },
  '& .rbc-day-slot .rbc-background-event .rbc-event-content, & .rbc-day-slot .rbc-background-event .rbc-event-label': { color: 'text.primary' },
} as const;

/** Day headers as plain text (see CALENDAR_SX). */
export function DayHeader({ label }: { label: string }) {
  return createElement('span', null, label);
}

/** Monday first, as the week patterns count. */
export const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

/** Keeps Luxon in `zone` while the calendar is shown, set before each render reads it; the browser's again after. */
export function useCalendarZone(zone: string) {
  if (Settings.defaultZone.name !== zone || Settings.defaultZone.type !== 'rules') Settings.defaultZone = new RulesZone(zone);
  useEffect(() => () => { Settings.defaultZone = 'system'; }, []);
}

/** A time's `DateTime` in the zone set. */
export const at = (iso: string) => DateTime.fromISO(iso);
