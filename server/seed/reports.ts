/**
 * The demo's reports (docs/reports.md): two saved by the site administrator, so the Reports page
 * and its builder have something to open on a first start; one of them mailed weekly. Added once
 * to a demo database that has none, as an older demo is started again.
 */
import { eq, sql } from 'drizzle-orm';
import { report } from '../../src/resources/reports/report';
import { TB_TICKET } from '../../src/resources/terminal/common';
import { RAIL_SHIPMENT } from '../../src/resources/rail/rail-shipment';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { companyTimeZone } from '../engine/time-zones';
import { nextRun } from '../reports/schedule';
import { user } from '../../src/resources/accounts/user';

export async function seedReports(db: Db, company: number): Promise<boolean> {
  const t = tableOf(report);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.company, company));
  if (Number(n) > 0) return false;
  const u = tableOf(user);
  const [admin] = await db.select({ id: u.id }).from(u).where(eq(u.email, 'siteadmin@demo.test'));
  const weekly = { frequency: 'weekly' as const, time: '07:00', weekday: '1' };
  await db.insert(t).values([
    {
      company, name: 'Tickets this month by product', description: 'Completed loads and their net volume per product, for the Monday meeting.',
      source: TB_TICKET, group_by: ['product'], totals: ['net_volume:sum', 'net_volume:avg'], filters: { status: 'completed', ticket_date__period: 'this_month' },
      file_format: 'xlsx',
      // Mailed on Monday mornings as the site administrator (a demo without him mails nothing).
      ...(admin ? {
        email_target: ['ops@prairie.example'], frequency: weekly.frequency, send_time: weekly.time, weekday: weekly.weekday,
        scheduled_by: admin.id, next_run_at: nextRun(weekly, new Date(), await companyTimeZone(db, company)),
      } : { frequency: 'none' }),
    },
    {
      company, name: 'Open rail shipments', source: RAIL_SHIPMENT, columns: ['ship_date', 'status', 'contract', 'contract.contract_number'],
      filters: { status: 'open' }, ordering: 'ship_date', frequency: 'none', file_format: 'xlsx',
    },
  ]);
  return true;
}
