/**
 * The calls of the carrier's booking page (server/actions/schedule/carrier-link.ts): public, without
 * a session, the link's token in the `X-Booking-Link` header and never in an address, so it stays out
 * of request lines, logs and referrers.
 */
import { createHttp } from '../../dataProvider/http';
import { type ZoneRules, registerZoneRules } from '../../lib/time-zone';

export interface LinkProduct { id: number; name: string }
export interface LinkLocation {
  name: string; time_zone: string; instructions: string | null; reply_email: string | null;
  lead_minutes: number; horizon_days: number; enabled: boolean; products: LinkProduct[];
}
/** A bookable slot; `day` is its local day at the location, `products` empty when it takes them all. */
export interface LinkSlot { id: number; starts_at: string; ends_at: string; day: string; free: number; products: number[] }
export interface LinkBooking {
  id: number; slot: number; starts_at: string; status: string; slot_blocked: boolean; changeable: boolean;
  carrier_name: string | null; truck_plate: string | null; trailer_plate: string | null; driver_name: string | null; driver_phone: string | null;
  product: number | null; quantity: string | null; reference: string | null; contact_email: string | null; notes: string | null; cancel_reason: string | null;
}
export interface LinkPage {
  /** The server's rules for the location's zone: registered before any time is written (docs/architecture.md, Time zones). */
  zone_rules: ZoneRules;
  location: LinkLocation; carrier_name: string | null; fixed_carrier: boolean; expires_at: string;
  today: string; from: string; to: string; slots: LinkSlot[]; bookings: LinkBooking[];
}

/** What the carrier writes about a truck; `slot` is required to book and moves a booking when changed. */
export interface BookingInput {
  slot?: number; carrier_name?: string | null; truck_plate?: string | null; trailer_plate?: string | null; driver_name?: string | null;
  driver_phone?: string | null; product?: number | null; quantity?: string | null; reference?: string | null; contact_email?: string | null; notes?: string | null;
}

const http = createHttp('/api', () => null);
const as = (token: string) => ({ 'X-Booking-Link': token });

/** The page for the days from `from` (the location's today when not given) to `to` (six days on when not given). */
export function readLinkPage(token: string, from?: string, to?: string): Promise<LinkPage> {
  const q = new URLSearchParams();
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  const query = q.toString();
  return http.json<LinkPage>(`schedule/book/${query ? `?${query}` : ''}`, { headers: as(token) }).then((page) => {
    // The browser's own zone data may differ from the server's (an hour at Edmonton since 2026-11-01).
    registerZoneRules(page.zone_rules);
    return page;
  });
}

export const bookSlot = (token: string, body: BookingInput) =>
  http.json<LinkBooking>('schedule/book/', { method: 'POST', body, headers: as(token) });

export const changeBooking = (token: string, id: number, body: BookingInput) =>
  http.json<LinkBooking>(`schedule/book/${id}/change/`, { method: 'POST', body, headers: as(token) });

export const cancelBooking = (token: string, id: number, reason: string) =>
  http.json<LinkBooking>(`schedule/book/${id}/cancel/`, { method: 'POST', body: { reason }, headers: as(token) });
