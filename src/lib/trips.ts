/**
 * Trips from car location messages (docs/trace.md, Trips), as car-management systems build them:
 * a car's events in time order alternate between a loaded trip and an empty one.
 * - A **loaded trip** starts when the shipper releases the car loaded (`W` with `loaded`) and ends
 *   at the first placement (`Z`) after it: at the consignee.
 * - An **empty trip** runs from that placement back to the car's next loaded release: the unloading,
 *   the empty movement (an empty `W` if the railroad reports one) and the placement at the shipper.
 * - Events before a car's first loaded release or placement belong to no trip (the feed began in
 *   the middle of a movement). A loaded release that comes before the last trip's placement closes
 *   that trip as `incomplete` (its placement was never reported) and starts the next.
 * Pure: the server rebuilds a car's trips from all its events whenever they change, so events that
 * arrive late or out of order give the same trips as events in order.
 */

export interface TripEvent {
  id: string | number;
  code: string;
  /** An instant, ISO 8601 in UTC. */
  time: string;
  station: string;
  state?: string | null;
  railroad?: string | null;
  loaded: boolean;
  latitude?: number | null;
  longitude?: number | null;
}

export type TripKind = 'loaded' | 'empty';
/** in_transit: not placed yet; completed: placed (loaded) or released again (empty); incomplete: the next release came first. */
export type TripStatus = 'in_transit' | 'completed' | 'incomplete';

export interface Stop { station: string; state: string | null; arrived: string; departed: string; hours: number }

export interface BuiltTrip {
  kind: TripKind;
  status: TripStatus;
  /** The event that starts it (a loaded W, or the Z an empty trip starts from): the trip's identity across rebuilds. */
  start_event: TripEvent['id'];
  /** Its events in time order, the start first; an empty trip's last is the placement at the shipper if reported. */
  events: TripEvent['id'][];
  origin_station: string;
  origin_state: string | null;
  /** Where it was placed (loaded: the consignee; empty: the shipper), when it was. */
  destination_station: string | null;
  destination_state: string | null;
  released_at: string;
  /** The last arrival (`A`, or a constructive placement `Y`) at the placement station before the placement. */
  arrived_at: string | null;
  placed_at: string | null;
  /** Released to placed, in days; null while in transit. */
  transit_days: number | null;
  stops: Stop[];
  last: TripEvent;
  /** Bad-ordered (`B`) or held (`H`) on the way, at any point. */
  bad_ordered: boolean;
  held: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const ms = (iso: string) => Date.parse(iso);
const isLoadedRelease = (e: TripEvent) => e.code === 'W' && e.loaded;

/** Events in time order; at the same instant by the order a movement reports them (a release before a departure). */
const CODE_ORDER = 'ZYAHBJRWP';
export function inTimeOrder(events: readonly TripEvent[]): TripEvent[] {
  return [...events].sort((a, b) => ms(a.time) - ms(b.time) || CODE_ORDER.indexOf(a.code) - CODE_ORDER.indexOf(b.code) || String(a.id).localeCompare(String(b.id)));
}

/** Consecutive events at one station are a stop: its dwell runs from the first to the last of them. */
export function stopsOf(events: readonly TripEvent[]): Stop[] {
  const out: Stop[] = [];
  for (const e of events) {
    const prev = out[out.length - 1];
    if (prev && prev.station === e.station && prev.state === (e.state ?? null)) {
      prev.departed = e.time;
      prev.hours = round((ms(prev.departed) - ms(prev.arrived)) / HOUR, 1);
    } else {
      out.push({ station: e.station, state: e.state ?? null, arrived: e.time, departed: e.time, hours: 0 });
    }
  }
  return out;
}

function trip(kind: TripKind, events: TripEvent[], closedBy: 'placement' | 'release' | null): BuiltTrip {
  const first = events[0];
  const last = events[events.length - 1];
  // A loaded trip ends at its placement; an empty one at the placement at the shipper, its last Z.
  const placement = kind === 'loaded' ? (closedBy === 'placement' ? last : null) : [...events].slice(1).reverse().find((e) => e.code === 'Z') ?? null;
  const placedIndex = placement ? events.indexOf(placement) : -1;
  const arrival = placement
    ? [...events.slice(0, placedIndex)].reverse().find((e) => (e.code === 'A' || e.code === 'Y') && e.station === placement.station) ?? null
    : null;
  // An empty trip is released when the consignee releases the car empty, else at its placement there.
  const release = kind === 'empty' ? events.find((e) => e.code === 'W' && !e.loaded) ?? first : first;
  const status: TripStatus = kind === 'loaded'
    ? (closedBy === 'placement' ? 'completed' : closedBy === 'release' ? 'incomplete' : 'in_transit')
    : (closedBy === 'release' ? 'completed' : 'in_transit');
  return {
    kind, status, start_event: first.id, events: events.map((e) => e.id),
    origin_station: first.station, origin_state: first.state ?? null,
    destination_station: placement?.station ?? null, destination_state: placement ? placement.state ?? null : null,
    released_at: release.time, arrived_at: arrival?.time ?? null, placed_at: placement?.time ?? null,
    transit_days: placement ? round((ms(placement.time) - ms(release.time)) / DAY, 2) : null,
    stops: stopsOf(events), last,
    bad_ordered: events.some((e) => e.code === 'B'), held: events.some((e) => e.code === 'H'),
  };
}

/** A car's trips, oldest first, from its events in any order. */
export function buildTrips(raw: readonly TripEvent[]): BuiltTrip[] {
  const events = inTimeOrder(raw);
  const out: BuiltTrip[] = [];
  let current: { kind: TripKind; events: TripEvent[] } | null = null;
  for (const e of events) {
    if (isLoadedRelease(e)) {
      if (current) out.push(trip(current.kind, current.events, 'release'));
      current = { kind: 'loaded', events: [e] };
    } else if (current?.kind === 'loaded') {
      current.events.push(e);
      if (e.code === 'Z') {
        out.push(trip('loaded', current.events, 'placement'));
        current = { kind: 'empty', events: [e] };
      }
    } else if (current) {
      current.events.push(e);
    } else if (e.code === 'Z') {
      // The feed begins after a placement: the car's empty trip starts there.
      current = { kind: 'empty', events: [e] };
    }
  }
  if (current) out.push(trip(current.kind, current.events, null));
  return out;
}

/** The median of the completed trips' transit days on a lane, or null without one; what an ETA is made of. */
export function medianTransitDays(days: readonly number[]): number | null {
  if (!days.length) return null;
  const sorted = [...days].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : round((sorted[mid - 1] + sorted[mid]) / 2, 2);
}

/** When a trip released at `releasedAt` should be placed, by the lane's median transit. */
export const etaOf = (releasedAt: string, medianDays: number | null): string | null =>
  (medianDays === null ? null : new Date(ms(releasedAt) + medianDays * DAY).toISOString());
