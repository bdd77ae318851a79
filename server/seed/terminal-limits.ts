/**
 * The demo's limits (docs/terminal.md, Demo terminal): each active stockholder's monthly delivery
 * limit at Fort Saskatchewan, by net volume in m³, with its last five months and this one. Each
 * period's limit is sized from what the seeded tickets delivered in the busiest of those months
 * (a quarter above it, in whole 500 m³), so the periods show real use and today's loads pass;
 * one stockholder's is a draft still being set up. And each one's allocation of the older screens.
 * After the tickets, so their use is known.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { limitPeriod, limitProperties, periodicLimit } from '../../src/resources/terminal/periodic-limit';
import { allocation, transferLimit } from '../../src/resources/terminal/allocation';
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
  await seedAllocations(db, today, c, stockholders, months[0].start, String(x.products[0].id));
}

/**
 * The older screens' allocations: each active stockholder's delivery allocation of the product it
 * delivers most (else the demo's first product), from the first of the six months, with a monthly transfer limit sized like the
 * limits above (a quarter over its busiest month of that product), nine loads under way at most.
 */
async function seedAllocations(db: Db, today: Date, c: { company: number }, stockholders: Refs['companies'], since: string, fallback: string) {
  const t = tableOf(ticket);
  const month = sql<string>`to_char(${t.ticket_date}, 'YYYY-MM')`;
  const rows = await db.select({ shipper: t.shipper, product: t.product, month, net: sql<string>`coalesce(sum(${t.net_volume}), 0)::text` })
    .from(t).where(and(eq(t.company, c.company), eq(t.ticket_type, 'delivery'), eq(t.status, 'completed'), gte(t.ticket_date, since)))
    .groupBy(t.shipper, t.product, month);
  const allocations: Row[] = [];
  const transfer: Row[] = [];
  for (const k of stockholders) {
    const own = rows.filter((r) => r.shipper === k.id);
    const byProduct = new Map<string, number>();
    for (const r of own) byProduct.set(String(r.product), (byProduct.get(String(r.product)) ?? 0) + Number(r.net));
    // A stockholder without deliveries yet (the small demo) gets the demo's first product.
    const top = [...byProduct.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback;
    const busiest = Math.max(0, ...own.filter((r) => r.product === top).map((r) => Number(r.net)));
    const id = allocations.length + 1;
    allocations.push({
      ...c, allocation_code: `${String(k.company_code)}-DLV-${today.getUTCFullYear()}`, product_key: top, stockholder: k.id, product_direction: 'delivery',
      transaction_type: 'sale', contract_number: `SC-${String(k.company_code)}-${today.getUTCFullYear()}`, effective_date: since,
      loading_warning: 1, last_load_denial: 1, max_allowed_uses: 9, comments: 'Monthly delivery allocation (older screens).',
    });
    transfer.push({ ...c, allocation: id, period_type: 'month', period_start_date: since, limit: String(Math.max(500, Math.ceil((busiest * 1.25) / 500) * 500)) });
  }
  if (!allocations.length) return;
  const made = await db.insert(tableOf(allocation)).values(allocations as never[]).returning({ id: tableOf(allocation).id });
  await db.insert(tableOf(transferLimit)).values(transfer.map((x, i) => ({ ...x, allocation: made[i].id })) as never[]);
}
