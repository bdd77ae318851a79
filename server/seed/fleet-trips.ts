/**
 * One car's movements as car location messages: loaded trips on its lane, from W (released by the
 * shipper) through departures and arrivals at the yards, J/R at an interchange, to Z (placement) at
 * the consignee, sometimes with a hold (H), a constructive placement (Y) or a bad order (B) on
 * the way; then the empty return to the origin, placed (Z) for the next load. Transit times follow
 * the distance at 15-28 km/h, yard dwell hours to days. Pure, given the random generator.
 */
import { type Lane, STATIONS, type StationKey } from './fleet-data';
import type { Rng } from './seed-kit';

export interface Clm {
  event_code: string; event_time: Date; station: string; state_province: string; railroad: string; loaded: boolean;
  latitude: string | null; longitude: string | null;
}

const HOUR = 3_600_000;

/** Great-circle distance in km (haversine). */
function km(a: StationKey, b: StationKey): number {
  const [, , lat1, lon1] = STATIONS[a];
  const [, , lat2, lon2] = STATIONS[b];
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The stops of a lane in one direction, each with the railroad that reports it and whether the car changes railroad there. */
function stops(lane: Lane, reverse: boolean) {
  const legs = reverse ? [...lane.legs].reverse().map((l) => ({ railroad: l.railroad, stations: [...l.stations].reverse() })) : lane.legs;
  const out: { station: StationKey; railroad: string; next?: string }[] = [];
  legs.forEach((leg, i) => {
    leg.stations.forEach((station, j) => {
      if (i > 0 && j === 0) return; // the interchange was the previous leg's last stop
      const last = j === leg.stations.length - 1 && i < legs.length - 1;
      out.push({ station, railroad: leg.railroad, next: last ? legs[i + 1].railroad : undefined });
    });
  });
  return out;
}

/** Every event of a car from `from` to `to`, starting its first trip at `from`. */
export function carMovements(r: Rng, lane: Lane, from: Date, to: Date): Clm[] {
  const out: Clm[] = [];
  let t = from.getTime();
  const at = (code: string, s: { station: StationKey; railroad: string }, loaded: boolean) => {
    const [name, province, lat, lon] = STATIONS[s.station];
    // As the railroads write it, and as the demo's rail stations are named (docs/trace.md, Stations).
    const station = name.toUpperCase();
    // Some railroads' messages carry only the station: those events place the car nowhere on the map.
    const located = !r.chance(0.06);
    out.push({
      event_code: code, event_time: new Date(t), station, state_province: province, railroad: s.railroad, loaded,
      latitude: located ? (lat + r.real(-0.01, 0.01)).toFixed(6) : null, longitude: located ? (lon + r.real(-0.01, 0.01)).toFixed(6) : null,
    });
  };
  const wait = (minHours: number, maxHours: number) => { t += r.real(minHours, maxHours) * HOUR; };
  const run = (loaded: boolean, reverse: boolean) => {
    const route = stops(lane, reverse);
    const first = route[0];
    if (loaded) { at('W', first, true); wait(6, 30); }
    at('P', first, loaded);
    for (let i = 1; i < route.length; i++) {
      const s = route[i];
      t += (km(route[i - 1].station, s.station) / r.real(15, 28)) * HOUR;
      if (s.next) {
        at('J', s, loaded); wait(2, 10);
        at('R', { station: s.station, railroad: s.next }, loaded); wait(4, 20);
        at('P', { station: s.station, railroad: s.next }, loaded);
        continue;
      }
      at('A', s, loaded);
      if (i === route.length - 1) break;
      if (r.chance(0.03)) { wait(1, 8); at('B', s, loaded); wait(48, 144); }
      wait(4, 24);
      at('P', s, loaded);
    }
    const end = route[route.length - 1];
    if (loaded && r.chance(0.05)) { wait(1, 6); at('H', end, true); wait(24, 72); }
    if (loaded && r.chance(0.15)) { wait(1, 6); at('Y', end, true); wait(24, 72); }
    wait(2, 30);
    at('Z', end, loaded);
  };
  while (t < to.getTime()) {
    run(true, false);
    wait(24, 96); // unloading
    run(false, true);
    wait(24, 96); // loading
  }
  return out.filter((e) => e.event_time.getTime() <= to.getTime());
}
