/**
 * The demo's limits (docs/terminal.md, Demo terminal): each active stockholder's monthly delivery
 * limit at Fort Saskatchewan, by net volume in m³, with its last five months and this one. Each
 * period's limit is sized from what the seeded tickets delivered in the busiest of those months
 * (a quarter above it, in whole 500 m³), so the periods show real use and today's loads pass;
 * one stockholder's is a draft still being set up. After the tickets, so their use is known.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { limitPeriod, limitProperties, periodicLimit } from '../../src/resources/terminal/periodic-limit';
import { ticket } from '../../src/resources/terminal/ticket';
import { periodContaining } from '../../src/lib/limit-periods';
import { type Row, day, insertMany } from './seed-kit';
import type { Refs } from './terminal-refs';

const MONTHS = 6;

export async function seedTerminalLimits(db: Db, today: Date, c: { company: number }, x: Refs) {
  const site = x.siteOf.FSK;
  const stockholders = x.companies.filter((k) => k.types.includes('STK') && k.status === 'active');
  let p = periodContaining('month', day(today));
  const months = [p];
  for (let i = 1; i < MONTHS; i++) {
    const start = new Date(Date.UTC(Number(p.start.slice(0, 4)), Number(p.start.slice(5, 7)) - 2, 1));
    p = periodContaining('month', day(start));
    months.unshift(p);
  }
  const t = tableOf(ticket);
  const delivered = await db.select({ shipper: t.shipper, month: sql<string>`to_char(${t.ticket_date}, 'YYYY-MM')`, net: sql<string>`coalesce(sum(${t.net_volume}), 0)::text` })
    .from(t).where(and(eq(t.company, c.company), eq(t.created_by_server, site), eq(t.ticket_type, 'delivery'), eq(t.status, 'completed'), gte(t.ticket_date, months[0].start)))
    .groupBy(t.shipper, sql`to_char(${t.ticket_date}, 'YYYY-MM')`);
  const limits: Row[] = [];
  const periods: Row[] = [];
  const props: Row[] = [];
  stockholders.forEach((k, i) => {
    const busiest = Math.max(0, ...delivered.filter((d) => d.shipper === k.id).map((d) => Number(d.net)));
    const size = String(Math.max(500, Math.ceil((busiest * 1.25) / 500) * 500));
    const id = randomUUID();
    limits.push({
      id, ...c, name: `${String(k.name)} deliveries, Fort Saskatchewan`, status: i === stockholders.length - 1 ? 'draft' : 'active', period_type: 'month',
      site, shipper: k.id, ticket_type: 'delivery', basis: 'net_volume', unit: x.unit.m3, default_limit: size, warning_percent: '90.00', deny_over_limit: true,
      comments: 'Monthly delivery allocation under the terminalling agreement.', created_by_server: site,
    });
    for (const m of months) periods.push({ id: randomUUID(), ...c, periodic_limit: id, period_start: m.start, period_end: m.end, limit: size });
    props.push({ id: randomUUID(), ...c, periodic_limit: id, name: 'Agreement', value: `SC-${String(k.company_code)}-${today.getUTCFullYear()}` });
  });
  await insertMany(db, periodicLimit, limits);
  await insertMany(db, limitPeriod, periods);
  await insertMany(db, limitProperties, props);
}
