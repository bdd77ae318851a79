/** `location/types/` and `location/container_volumes/` (docs/terminal.md, Master data rules). */
import { sql } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import { rawRows } from '../../db/connection';
import { tableOf } from '../../db/tables';
import { badRequest } from '../../engine/errors';
import { scopeOf } from '../../engine/operations';
import { LOCATION_TYPES, location } from '../../../src/resources/terminal/location';
import { ticket } from '../../../src/resources/terminal/ticket';
import { measurementUnit } from '../../../src/resources/terminal/measurement-unit';

export const asValueLabels = (choices: readonly (readonly [string, string])[]) => choices.map(([value, label]) => ({ value, label }));

export const locationTypes: ActionHandler = async () => asValueLabels(LOCATION_TYPES);

const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86400_000).toISOString().slice(0, 10);

/**
 * Per tank (a `tank` location of the site with a capacity): what was in it at the start of the
 * period, what came in and went out during it, and what is left. Volumes come from completed
 * tickets: a ticket whose destination is the tank adds its net volume, one whose source is the
 * tank takes it away (a transfer between two tanks does both). Ticket volumes are converted to the
 * tank's capacity unit when both units are known. Defaults: `to` today, `from` 30 days before.
 */
export const containerVolumes: ActionHandler = async ({ db, ctx, input }) => {
  const to = (input.to as string | undefined) ?? new Date().toISOString().slice(0, 10);
  const from = (input.from as string | undefined) ?? dayBefore(to, 30);
  if (from > to) throw badRequest({ from: ['"from" must be on or before "to".'] });
  const siteId = input.created_by_server as string;

  const l = tableOf(location);
  const t = tableOf(ticket);
  const u = tableOf(measurementUnit);
  const scope = scopeOf(ctx, location);
  // Net volume in the tank's unit: converted through the base unit when both units are known.
  const inTankUnit = sql`(${t.net_volume} * case when tu.to_base_factor is null or cu.to_base_factor is null or cu.to_base_factor = 0 then 1 else tu.to_base_factor / cu.to_base_factor end)`;
  const rows = await rawRows<{ id: string; name: string; code: string; capacity: string; unit: string | null; opening: string; received: string; delivered: string }>(db, sql`
    select ${l.id} as id, ${l.name} as name, ${l.code} as code, ${l.capacity} as capacity, cu.code as unit,
      coalesce(sum(case when ${t.ticket_date} < ${from} then
        (case when ${t.destination_location} = ${l.id} then ${inTankUnit} else 0 end) - (case when ${t.source_location} = ${l.id} then ${inTankUnit} else 0 end) end), 0) as opening,
      coalesce(sum(case when ${t.ticket_date} >= ${from} and ${t.destination_location} = ${l.id} then ${inTankUnit} end), 0) as received,
      coalesce(sum(case when ${t.ticket_date} >= ${from} and ${t.source_location} = ${l.id} then ${inTankUnit} end), 0) as delivered
    from ${l}
    left join ${u} cu on cu.id = ${l.capacity_unit}
    left join ${t} on ${t.status} = 'completed' and ${t.ticket_date} <= ${to} and ${t.net_volume} is not null
      and (${t.destination_location} = ${l.id} or ${t.source_location} = ${l.id})
    left join ${u} tu on tu.id = ${t.volume_unit}
    where ${l.site} = ${siteId} and ${l.location_type} = 'tank' and ${l.capacity} is not null ${scope ? sql`and ${scope}` : sql``}
    group by ${l.id}, ${l.name}, ${l.code}, ${l.capacity}, cu.code
    order by ${l.name}, ${l.id}`);
  const dec = (n: number) => n.toFixed(3);
  return rows.map((r) => {
    const capacity = Number(r.capacity);
    const opening = Number(r.opening);
    const received = Number(r.received);
    const delivered = Number(r.delivered);
    const closing = opening + received - delivered;
    return {
      location: r.id, name: r.name, code: r.code, capacity: dec(capacity), unit: r.unit,
      opening_volume: dec(opening), received: dec(received), delivered: dec(delivered), closing_volume: dec(closing),
      fill_percent: capacity > 0 ? Math.round((closing / capacity) * 10000) / 100 : null,
    };
  });
};
