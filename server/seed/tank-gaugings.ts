/**
 * The demo's tank gaugings (docs/terminal.md, Mass balance): every tank of both sites gauged at
 * local midnight on the first of last month, the first of this month, yesterday and today, each
 * reading what the completed tickets left in it. One reading is short: Fort Saskatchewan's first
 * Mixed Sweet Blend tank read 1.500 m³ less this morning than its tickets say, so yesterday's
 * mass balance there shows a known loss on that product and balances on every other.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { addDays, addMonths } from '../../src/lib/contract-periods';
import { instantOfWallTime, localDateIn } from '../../src/lib/time-zone';
import { tankGauging } from '../../src/resources/terminal/tank-gauging';
import { ticket } from '../../src/resources/terminal/ticket';
import { location } from '../../src/resources/terminal/location';
import { site } from '../../src/resources/terminal/site';
import { terminalProduct } from '../../src/resources/terminal/terminal-product';
import { type Db, rawRows } from '../db/connection';
import { tableOf } from '../db/tables';

/** The demo's known loss: the product, site and volume (m³) of this morning's short reading. */
export const DEMO_LOSS = { site: 'Fort Saskatchewan Terminal', product: 'MSW', volume: '1.500' } as const;

export async function seedTankGaugings(db: Db, company: number, now = new Date()) {
  const l = tableOf(location);
  const t = tableOf(ticket);
  const s = tableOf(site);
  const p = tableOf(terminalProduct);
  const tanks = await rawRows<{ id: string; product: string; code: string; zone: string; site_name: string; unit: string | null }>(db, sql`
    select ${l.id} as id, ${l.product_location} as product, ${p.product_code} as code, ${s.timezone} as zone, ${s.name} as site_name, ${l.capacity_unit} as unit
    from ${l} join ${s} on ${s.id} = ${l.site} join ${p} on ${p.id} = ${l.product_location}
    where ${l.company} = ${company} and ${l.location_type} = 'tank' order by ${s.name}, ${l.code}`);
  const rows: Record<string, unknown>[] = [];
  let short = false;
  for (const tank of tanks) {
    const today = localDateIn(now, tank.zone)!;
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    // Once each: on the first of a month, today is that first too.
    for (const day of new Set([addMonths(firstOfMonth, -1), firstOfMonth, addDays(today, -1), today])) {
      // What the tank holds at the day's first midnight: every completed ticket dated before it, in and out.
      const [{ level }] = await rawRows<{ level: string }>(db, sql`
        select coalesce(sum(case when ${t.destination_location} = ${tank.id} then ${t.net_volume} else 0 end)
          - sum(case when ${t.source_location} = ${tank.id} then ${t.net_volume} else 0 end), 0)::numeric(14, 3)::text as level
        from ${t} where ${t.status} = 'completed' and ${t.net_volume} is not null and ${t.ticket_date} < ${day}
          and (${t.destination_location} = ${tank.id} or ${t.source_location} = ${tank.id})`);
      const loss = !short && day === today && tank.code === DEMO_LOSS.product && tank.site_name === DEMO_LOSS.site;
      if (loss) short = true;
      rows.push({
        id: randomUUID(), company, location: tank.id, product: tank.product, gauged_at: new Date(instantOfWallTime(`${day}T00:00`, tank.zone)!),
        net_volume: loss ? (await rawRows<{ v: string }>(db, sql`select (${level}::numeric - ${DEMO_LOSS.volume}::numeric)::text as v`))[0].v : level,
        volume_unit: tank.unit, method: 'atg', notes: loss ? 'Reading after the night shift.' : null,
      });
    }
  }
  if (rows.length) await db.insert(tableOf(tankGauging)).values(rows);
}
