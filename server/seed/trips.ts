/**
 * The demo's trips (docs/trace.md, Demo): built once from the demo fleet's car location messages,
 * after the shipments so the loaded trips find the car loads they carry. Once: nothing is written
 * when the company has a trip. The demo groups get the trip grants.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { contentType } from '../../src/resources/define';
import { carEvent } from '../../src/resources/fleet/car-event';
import { trip } from '../../src/resources/trace/trip';
import { rebuildAllTrips } from '../actions/trace/trip-build';
import { grantDemoGroups } from './demo-grants';

export async function seedTrips(db: Db, companyId: number): Promise<boolean> {
  const t = tableOf(trip);
  const [has] = await db.select({ id: t.id }).from(t).where(eq(t.company, companyId)).limit(1);
  if (has) return false;
  const e = tableOf(carEvent);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(e).where(eq(e.company, companyId));
  if (!Number(n)) return false;
  await grantDemoGroups(db, [contentType(trip)]);
  return (await rebuildAllTrips(db, companyId)) > 0;
}
