/**
 * The demo driver (driver@demo.test) is one of the terminal's drivers: his driver record names his
 * account, so signed in he sees his own loads (docs/terminal.md, Drivers). A demo database made
 * before drivers had accounts links him to the driver with the most tickets, once.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { user } from '../../src/resources/accounts/user';
import { driver } from '../../src/resources/terminal/driver';
import { ticket } from '../../src/resources/terminal/ticket';

export const DEMO_DRIVER_EMAIL = 'driver@demo.test';

async function demoDriverAccount(db: Db): Promise<number | undefined> {
  const u = tableOf(user);
  const [row] = await db.select({ id: u.id }).from(u).where(eq(u.email, DEMO_DRIVER_EMAIL));
  return row?.id;
}

/** Links the demo driver's account to `driverId` (a fresh demo terminal's first driver). */
export async function linkDemoDriver(db: Db, driverId: string) {
  const account = await demoDriverAccount(db);
  if (account !== undefined) await db.update(tableOf(driver)).set({ account }).where(eq(tableOf(driver).id, driverId));
}

/** An older demo database: when no driver of the company has an account yet, the busiest one becomes the demo driver's. */
export async function linkDemoDriverOnce(db: Db, companyId: number) {
  const d = tableOf(driver);
  const [linked] = await db.select({ id: d.id }).from(d).where(and(eq(d.company, companyId), isNotNull(d.account))).limit(1);
  if (linked) return;
  const t = tableOf(ticket);
  const [busiest] = await db.select({ id: t.driver }).from(t).where(and(eq(t.company, companyId), isNotNull(t.driver)))
    .groupBy(t.driver).orderBy(desc(sql`count(*)`)).limit(1);
  if (busiest?.id) await linkDemoDriver(db, String(busiest.id));
}
