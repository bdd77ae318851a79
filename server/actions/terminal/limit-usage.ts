/**
 * What the tickets use of a limit period (docs/terminal.md, Limit arithmetic), in SQL, so a list of
 * periods filters and sorts by it and it is never stale:
 * - a ticket counts in a period of a limit when it is the limit's company's, its date is in the
 *   period, and it matches each scope the limit sets (site, shipper, product, ticket type, and a
 *   location it comes from or goes to);
 * - it counts its net or gross volume converted to the limit's unit (a ticket without a volume
 *   unit is in cubic metres, the base unit), its net weight (kg) converted likewise, or 1 load;
 * - `used` and `loads` are over completed tickets, `in_progress` over the loads under way.
 * Written qualified in full (the computed fields are read in single-table selects, where a bare
 * column name would be the period's).
 */
import { type SQL, sql } from 'drizzle-orm';
import { limitPeriod, periodicLimit } from '../../../src/resources/terminal/periodic-limit';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';
import { ticket } from '../../../src/resources/terminal/ticket';

const P = `"${limitPeriod.table}"`;
const L = `"${periodicLimit.table}"`;
const T = `"${ticket.table}"`;
const U = `"${measurementUnit.table}"`;

/** The quantity of ticket `t` that limit `l` counts, in `l`'s unit (`lu`), from the ticket's volume unit `vu`. */
const QUANTITY = `case l."basis" when 'load' then 1
  when 'net_weight' then t."net_weight" / coalesce(nullif(lu."to_base_factor", 0), 1)
  else (case l."basis" when 'net_volume' then t."net_volume" else t."gross_volume" end)
    * coalesce(vu."to_base_factor", 1) / coalesce(nullif(lu."to_base_factor", 0), 1) end`;

/** Ticket `t` is one period `p`'s limit `l` covers. */
const COVERS = (p: string) => `t."company_id" = l."company_id" and t."ticket_date" between ${p}."period_start" and ${p}."period_end"
  and (l."site_id" is null or t."created_by_server_id" = l."site_id")
  and (l."shipper_id" is null or t."shipper_id" = l."shipper_id")
  and (l."product_id" is null or t."product_id" = l."product_id")
  and (l."ticket_type" is null or t."ticket_type" = l."ticket_type")
  and (l."location_id" is null or l."location_id" in (t."source_location_id", t."destination_location_id"))`;

/** The sum (or count) over the tickets of a status that period `p` covers; `except` leaves one ticket out (the one being checked). */
function over(p: string, status: 'completed' | 'in_progress', what: 'sum' | 'count', except?: SQL): SQL {
  const value = what === 'count' ? 'count(*)::int' : `round(coalesce(sum(${QUANTITY}), 0), 3)`;
  return sql`(select ${sql.raw(value)} from ${sql.raw(L)} l left join ${sql.raw(U)} lu on lu."id" = l."unit_id"
    join ${sql.raw(T)} t on ${sql.raw(COVERS(p))} and t."status" = ${status}${except ? sql` and t."id" <> ${except}` : sql``}
    left join ${sql.raw(U)} vu on vu."id" = t."volume_unit_id"
    where l."id" = ${sql.raw(p)}."periodic_limit_id")`;
}

export const usedSql = (p = P, except?: SQL) => over(p, 'completed', 'sum', except);
export const inProgressSql = (p = P, except?: SQL) => over(p, 'in_progress', 'sum', except);
export const loadsSql = () => over(P, 'completed', 'count');
export const remainingSql = () => sql`(${sql.raw(P)}."limit" - ${usedSql()})`;

/** The computed fields of a limit period, by name (registered with the engine). */
export const limitPeriodComputed = { used: () => usedSql(), in_progress: () => inProgressSql(), remaining: remainingSql, loads: loadsSql };
