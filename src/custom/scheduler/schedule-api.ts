/** The scheduler pages' calls (docs/scheduler.md) as the screens use them, and their paths. */
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { booking } from '../../resources/schedule/booking';
import { scheduleLocation } from '../../resources/schedule/location';
import { slot } from '../../resources/schedule/slot';
import type { BookingStatus } from '../../resources/schedule/common';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

export interface Booking {
  id: number; version: number; slot: number; location: number; starts_at: string; status: BookingStatus;
  carrier: number | null; carrier_name: string | null; truck_plate: string | null; trailer_plate: string | null;
  driver_name: string | null; driver_phone: string | null; product: number | null; quantity: string | null;
  reference: string | null; contact_email: string | null; notes: string | null; slot_blocked: boolean; booked_by: string | null;
  cancel_reason: string | null; _labels?: Record<string, unknown>;
}
export interface Slot {
  id: number; version: number; location: number; starts_at: string; ends_at: string; day: string; capacity: number; booked: number;
  volume_capacity: string | null; booked_volume: string | null;
  status: 'open' | 'blocked'; block_reason: string | null; products: number[]; template: number | null; bookings: Booking[];
}
export interface DayLoads { day: string; hours: number; slots: number; capacity: number; booked: number; free: number; blocked: number }
export interface Overview { today: string; days: DayLoads[]; by_status: { status: BookingStatus; today: number; week: number }[]; flagged: number; quantity_today: string }
export interface Move { action: string; label: string; status: BookingStatus }

export const scheduleApi = (dp: AppDataProvider) => ({
  overview: (location: number) => dp.callAction(scheduleLocation.name, { id: location, action: 'overview', method: 'GET' }) as Promise<Overview>,
  slots: (location: number, from: string, to: string) =>
    dp.callAction(slot.name, { action: 'location_slots', method: 'POST', body: { location, from, to } }) as Promise<Slot[]>,
  block: (ids: number[], reason: string) => dp.callAction(slot.name, { action: 'set_status_block', method: 'POST', body: { ids, reason } }) as Promise<{ blocked: number; flagged: number; mailed: number }>,
  unblock: (ids: number[]) => dp.callAction(slot.name, { action: 'set_status_unblock', method: 'POST', body: { ids } }) as Promise<{ unblocked: number }>,
  remove: (ids: number[]) => dp.callAction(slot.name, { action: 'delete_slots_id', method: 'POST', body: { ids } }) as Promise<{ deleted: number }>,
  move: (id: number, slotId: number) => dp.callAction(booking.name, { id, action: 'update_booking', method: 'POST', body: { slot: slotId } }) as Promise<Booking>,
  moves: (id: number) => dp.callAction(booking.name, { id, action: 'get_actions', method: 'POST', body: {} }) as Promise<Move[]>,
  run: (id: number, action: string) => dp.callAction(booking.name, { id, action: 'run_action', method: 'POST', body: { action } }) as Promise<Booking>,
  cancel: (id: number, reason: string) => dp.callAction(booking.name, { id, action: 'cancel_booking', method: 'POST', body: { reason } }) as Promise<Booking>,
});

export const LOCATION_TABS = [['overview', 'Overview'], ['schedule', 'Schedule'], ['slots', 'Slots'], ['notifications', 'Notifications']] as const;
export type LocationTab = (typeof LOCATION_TABS)[number][0];

const TAB_ROUTES = {
  overview: ROUTES.schedulerLocationOverview, schedule: ROUTES.schedulerLocationSchedule,
  slots: ROUTES.schedulerLocationSlots, notifications: ROUTES.schedulerLocationNotifications,
} as const;

/** A location's page, on a tab. */
export const locationPath = (id: number, tab: LocationTab = 'overview') => buildPath(TAB_ROUTES[tab].path, { locationId: id });
/** The tab a route shows. */
export const tabOfRoute = (path: string): LocationTab => (Object.entries(TAB_ROUTES).find(([, r]) => r.path === path)?.[0] as LocationTab | undefined) ?? 'overview';
