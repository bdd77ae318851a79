/**
 * The demo's loading risers (docs/loading.md, Risers): four over the Fort Saskatchewan Terminal's
 * rack track, one in maintenance, and the company's schedule settings. Added once to a demo
 * database that has none, as an older demo is started again.
 */
import { and, eq, sql } from 'drizzle-orm';
import { riser, riserScheduleConfig } from '../../src/resources/logistics/riser';
import { facility } from '../../src/resources/logistics/facility';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';

export async function seedRisers(db: Db, company: number): Promise<boolean> {
  const t = tableOf(riser);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.company, company));
  if (Number(n) > 0) return false;
  const f = tableOf(facility);
  const [rack] = await db.select({ id: f.id }).from(f).where(and(eq(f.company, company), eq(f.code, 'FSK')));
  if (!rack) return false;
  await db.insert(t).values([1, 2, 3, 4].map((position) => ({
    company, facility: rack.id, name: `Riser ${position}`, track: 'Rack 1', position, cars_at_once: 1,
    status: position === 4 ? 'maintenance' : 'active', load_minutes: position <= 2 ? 75 : 90, max_rate: position <= 2 ? '180.00' : '150.00',
    notes: position === 4 ? 'Swivel joint replacement; back in service next week.' : null,
  })));
  await db.insert(tableOf(riserScheduleConfig)).values({ company, day_start: '06:00', day_end: '22:00', changeover_minutes: 15, default_load_minutes: 90, days_ahead: 7 }).onConflictDoNothing();
  return true;
}
