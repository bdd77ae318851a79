/**
 * The demo fleet (docs/fleet.md "Demo fleet"): 60 cars of the demo company (12 with `small`), with
 * 90 days of car location messages (30 with `small`), and the demo groups' fleet permissions.
 * Deterministic (fixed-seed generator). Idempotent: nothing is written when the company has a car.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { car } from '../../src/resources/fleet/car';
import { carEvent } from '../../src/resources/fleet/car-event';
import { type Row, type SeedVolume, addDays, day, insertMany, rng } from './seed-kit';
import { CAR_KINDS, FLEET, LANES, LESSORS, RAILROAD_MARKS } from './fleet-data';
import { carMovements } from './fleet-trips';
import { grantDemoGroups } from './demo-grants';
import { FLEET_MODELS } from './demo-data';

const LB = 0.45359237;
const VOLUME: Record<SeedVolume, { everyNth: number; days: number }> = { full: { everyNth: 1, days: 90 }, small: { everyNth: 5, days: 30 } };

export async function seedFleetDemo(db: Db, companyId: number, volume: SeedVolume): Promise<boolean> {
  const t = tableOf(car);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.company, companyId));
  if (Number(n) > 0) return false;
  await grantDemoGroups(db, FLEET_MODELS);

  const r = rng(20260314);
  const now = new Date();
  const today = new Date(`${day(now)}T00:00:00Z`);
  const { everyNth, days } = VOLUME[volume];
  const windowStart = addDays(today, -days);

  // Numbers of one series climb by irregular steps, as cars of one order are numbered with gaps.
  const specs = FLEET.flatMap(([mark, first, count, kind, lane]) => {
    let number = first;
    return Array.from({ length: count }, (_, i) => ({ mark, number: i === 0 ? number : (number += r.int(3, 40)), kind, lane }));
  });
  const chosen = specs.filter((_, i) => i % everyNth === 0);

  const cars: Row[] = [];
  const lanes: (keyof typeof LANES)[] = [];
  chosen.forEach((s, i) => {
    const k = CAR_KINDS[s.kind];
    // Railroad cars are assigned for a season; among private cars a few are short-term leases or returned.
    const status = RAILROAD_MARKS.has(s.mark) ? 'T' : i % 12 === 5 ? 'T' : i % 13 === 7 ? 'I' : 'P';
    const vary = (v: number) => v * r.real(0.985, 1.015);
    const tare = Math.round(vary(k.tare) / 10) * 10;
    const leaseStart = status === 'P' ? addDays(today, -r.int(365, 2200)) : status === 'T' ? addDays(today, -r.int(15, 75)) : addDays(today, -r.int(700, 1500));
    const leaseEnd = status === 'P' ? addDays(today, r.int(120, 1800)) : status === 'T' ? addDays(today, r.int(20, 120)) : addDays(today, -r.int(20, 80));
    cars.push({
      company: companyId, mark: s.mark, number: s.number, car_type: k.type, fleet_status: status,
      shell_capacity: k.litres === null ? null : vary(k.litres).toFixed(1), tare: tare.toFixed(1),
      load_limit: (Math.floor((k.grl * LB - tare) / 10) * 10).toFixed(1), lessor: LESSORS[s.mark],
      lease_start: day(leaseStart), lease_end: day(leaseEnd),
      notes: k.type === 'T' && s.kind === 'acid' ? 'Rubber-lined for sulphuric acid service.' : status === 'I' ? 'Returned to the lessor at the end of the lease.' : null,
    });
    lanes.push(s.lane);
  });
  const inserted = await db.insert(t).values(cars).returning({ id: t.id, mark: t.mark, number: t.number });
  const idOf = new Map(inserted.map((x) => [`${String(x.mark)} ${String(x.number)}`, x.id as number]));

  const events: Row[] = [];
  cars.forEach((c, i) => {
    const id = idOf.get(`${String(c.mark)} ${String(c.number)}`)!;
    // A car moves only while it is leased; each starts somewhere in its cycle, so the fleet is spread along the lanes.
    const leased = Date.parse(`${String(c.lease_start)}T00:00:00Z`);
    const from = new Date(Math.max(windowStart.getTime() - r.int(0, 25) * 86_400_000, leased) + r.int(6, 30) * 3_600_000);
    const to = c.fleet_status === 'I' ? new Date(`${String(c.lease_end)}T00:00:00Z`) : now;
    for (const e of carMovements(r, LANES[lanes[i]], from, to)) {
      if (e.event_time >= windowStart) events.push({ company: companyId, car: id, ...e });
    }
  });
  await insertMany(db, carEvent, events);
  return true;
}
