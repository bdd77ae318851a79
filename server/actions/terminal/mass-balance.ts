/**
 * `site/{id}/mass_balance/?period=` (docs/terminal.md, Mass balance): for a terminal site and a
 * day or a month of its calendar, per product,
 *
 *   opening (measured) + receipts - deliveries + transfers = book closing,
 *   measured closing - book closing = difference (a loss when negative),
 *   difference / (opening + receipts) = percent, flagged beyond the company's tolerance.
 *
 * Measured inventories are the latest gauging of each of the site's tanks at or before the
 * period's first local midnight and at or before the midnight after its last day, so a day's
 * closing is the next day's opening. Movements are the site's completed tickets dated in the
 * period. Every volume is converted to m³ by its unit's factor and added exactly (PostgreSQL
 * numeric, never a float), and rounded once, to 3 places, as the figures are written.
 */
import { sql } from 'drizzle-orm';
import { instantOfWallTime } from '../../../src/lib/time-zone';
import { addDays, addMonths } from '../../../src/lib/contract-periods';
import { ticket } from '../../../src/resources/terminal/ticket';
import { tankGauging } from '../../../src/resources/terminal/tank-gauging';
import { location } from '../../../src/resources/terminal/location';
import { terminalProduct } from '../../../src/resources/terminal/terminal-product';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { applicationConfiguration } from '../../../src/resources/accounts/application-configuration';
import { rawRows } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { download } from '../../engine/action-reply';
import { authorize, scopeOf } from '../../engine/operations';
import { fieldError } from '../../engine/errors';
import { zoneOr } from '../../../src/lib/time-zone';
import { massBalanceFile } from './mass-balance-file';
import * as dec from '../../../src/lib/pg-decimal';

const ZERO: dec.Dec = { units: 0n, scale: 3 };

export const FIGURES = ['opening', 'receipts', 'deliveries', 'transfers', 'book_closing', 'closing', 'difference', 'percent'] as const;
type Figures = Record<(typeof FIGURES)[number], string | null>;

/** The period's days: `2026-11-30` is that day, `2026-11` the month. */
export function periodDaysOf(period: string): { first: string; last: string } | null {
  const first = period.length === 7 ? `${period}-01` : period;
  if (Number.isNaN(Date.parse(`${first}T00:00:00Z`)) || new Date(`${first}T00:00:00Z`).toISOString().slice(0, 10) !== first) return null;
  return { first, last: period.length === 7 ? addDays(addMonths(first, 1), -1) : first };
}

export const massBalance: ActionHandler = async ({ db, ctx, record, input }) => {
  authorize(ctx, ticket, 'view');
  authorize(ctx, tankGauging, 'view');
  const period = String(input.period);
  const days = periodDaysOf(period);
  if (!days) throw fieldError('period', `${period} is no day of the calendar.`);
  const zone = zoneOr(record!.timezone);
  const startsAt = instantOfWallTime(`${days.first}T00:00`, zone)!;
  const endsAt = instantOfWallTime(`${addDays(days.last, 1)}T00:00`, zone)!;
  const site = String(record!.id);
  // A period still running has no measured closing yet: its book figures so far are all there is.
  const ended = Date.parse(endsAt) <= Date.now();

  const t = tableOf(ticket);
  const g = tableOf(tankGauging);
  const l = tableOf(location);
  const p = tableOf(terminalProduct);
  const u = tableOf(measurementUnit);
  const c = tableOf(applicationConfiguration);
  const ticketScope = scopeOf(ctx, ticket);
  const gaugingScope = scopeOf(ctx, tankGauging);
  // A volume in m³: times its unit's factor to the base unit (a volume without a unit is taken as m³).
  const m3 = (v: unknown, unit: unknown) => sql`(${v} * coalesce((select ${u.to_base_factor} from ${u} where ${u.id} = ${unit}), 1))`;
  // Inventory is what the site's tanks hold: a ticket counts where it crosses their boundary.
  const siteTank = (loc: unknown) => sql`coalesce((select ${l.site} = ${site} and ${l.location_type} = 'tank' from ${l} where ${l.id} = ${loc}), false)`;
  // Each tank's latest gauging at or before a moment, per product.
  const measured = (at: string) => sql`
    select product_id, sum(v) as v from (
      select distinct on (${g.location}) ${g.product} as product_id, ${m3(g.net_volume, g.volume_unit)} as v
      from ${g} join ${l} on ${l.id} = ${g.location}
      where ${l.site} = ${site} and ${g.gauged_at} <= ${at}::timestamptz ${gaugingScope ? sql`and ${gaugingScope}` : sql``}
      order by ${g.location}, ${g.gauged_at} desc, ${g.id} desc
    ) latest group by product_id`;
  const rows = await rawRows<Figures & { product: string; product_name: string }>(db, sql`
    with moves as (
      select ${t.product} as product_id,
        sum(case when ${t.ticket_type} <> 'transfer' and ${siteTank(t.destination_location)} and not ${siteTank(t.source_location)} then ${m3(t.net_volume, t.volume_unit)} else 0 end) as receipts,
        sum(case when ${t.ticket_type} <> 'transfer' and ${siteTank(t.source_location)} and not ${siteTank(t.destination_location)} then ${m3(t.net_volume, t.volume_unit)} else 0 end) as deliveries,
        sum(case when ${t.ticket_type} = 'transfer' then
          (case when ${siteTank(t.destination_location)} then 1 else 0 end - case when ${siteTank(t.source_location)} then 1 else 0 end) * ${m3(t.net_volume, t.volume_unit)}
          else 0 end) as transfers
      from ${t}
      where ${t.created_by_server} = ${site} and ${t.status} = 'completed' and ${t.net_volume} is not null
        and ${t.ticket_date} between ${days.first} and ${days.last} ${ticketScope ? sql`and ${ticketScope}` : sql``}
      group by ${t.product}
    ),
    opening as (${measured(startsAt)}),
    closing as (${ended ? measured(endsAt) : sql`select null::uuid as product_id, null::numeric as v where false`}),
    products as (select product_id from moves union select product_id from opening union select product_id from closing),
    figures as (
      select pr.product_id, coalesce(o.v, 0) as opening, coalesce(m.receipts, 0) as receipts, coalesce(m.deliveries, 0) as deliveries,
        coalesce(m.transfers, 0) as transfers, cl.v as closing
      from products pr left join moves m on m.product_id = pr.product_id left join opening o on o.product_id = pr.product_id
        left join closing cl on cl.product_id = pr.product_id
    )
    select f.product_id::text as product, ${p.product_name} as product_name,
      round(f.opening, 3)::text as opening, round(f.receipts, 3)::text as receipts, round(f.deliveries, 3)::text as deliveries,
      round(f.transfers, 3)::text as transfers, round(f.opening + f.receipts - f.deliveries + f.transfers, 3)::text as book_closing,
      round(f.closing, 3)::text as closing, round(f.closing - (f.opening + f.receipts - f.deliveries + f.transfers), 3)::text as difference,
      case when f.opening + f.receipts = 0 or f.closing is null then null
        else round((f.closing - (f.opening + f.receipts - f.deliveries + f.transfers)) * 100 / (f.opening + f.receipts), 3)::text end as percent
    from figures f join ${p} on ${p.id} = f.product_id
    -- A product the site's tanks neither held nor moved (waste taken straight to a disposal well) is no line of it.
    where f.opening <> 0 or f.receipts <> 0 or f.deliveries <> 0 or f.transfers <> 0 or f.closing is not null
    order by ${p.product_name}`);
  const [conf] = await db.select({ tolerance: c.mass_balance_tolerance_percent }).from(c).where(sql`${c.company} = ${record!.company}`);
  const tolerance = String(conf?.tolerance ?? '0.500');
  const products = rows.map((r) => ({ ...r, flagged: r.percent !== null && Math.abs(Number(r.percent)) > Number(tolerance) }));
  const answer = {
    site, site_name: String(record!.name), period, first_day: days.first, last_day: days.last, time_zone: zone,
    starts_at: startsAt, ends_at: endsAt, ended, unit: 'm³', tolerance_percent: tolerance, products, total: totalOf(products),
  };
  if (input.format === 'csv' || input.format === 'xlsx') {
    const f = await massBalanceFile(answer, input.format);
    return download(f.filename, f.contentType, f.data);
  }
  return answer;
};

/**
 * The site's total: the products' written figures added exactly; the percent of the totals as the
 * products' is reckoned, by PostgreSQL's numeric rules (src/lib/pg-decimal.ts).
 */
function totalOf(products: Figures[]): Figures {
  const add = (k: keyof Figures): string | null => {
    const known = products.map((x) => x[k]).filter((v): v is string => v !== null);
    if (k === 'closing' && known.length < products.length) return null;
    return dec.text(dec.round(known.reduce((n, v) => dec.add(n, dec.parse(v)!), ZERO), 3));
  };
  const out = Object.fromEntries(FIGURES.filter((k) => k !== 'percent' && k !== 'difference').map((k) => [k, add(k)])) as Figures;
  const of = (k: keyof Figures) => dec.parse(out[k]!)!;
  out.difference = out.closing === null ? null : dec.text(dec.sub(of('closing'), of('book_closing')));
  const base = dec.add(of('opening'), of('receipts'));
  out.percent = out.difference === null || base.units === 0n ? null
    : dec.text(dec.round(dec.div(dec.mul(dec.parse(out.difference)!, dec.parse('100')!), base), 3));
  return out;
}
