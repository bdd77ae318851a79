/**
 * The nominations board (docs/partners.md, Nominations board): `GET partner/railnomination/board/
 * ?from=&to=&contract=`, the shared contracts down and the days across, each day with the cars
 * - forecast: each live order's latest forecast, spread over the order's days by the rail
 *   schedule's own rule (what Auto-schedule would nominate);
 * - nominated: each live order's newest sent or approved version;
 * - approved: each live order's approved version;
 * - shipped: the cars of the contract's shipments shipped that day (shipped or in correction);
 * - planned (the shipper only): its own rail schedule for the contract.
 * Live orders are those sent or closed: a draft is the partner's alone and a cancelled order is no
 * longer wanted. Both sides read it, each through its own scope: the partner never sees another
 * partner's contract, nor the shipper a draft version.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { BOARD_DAYS, partnerRailNomination } from '../../../src/resources/partner/rail-nomination';
import { partnerRailContract } from '../../../src/resources/partner/rail-contract';
import { partnerRailOrder } from '../../../src/resources/partner/rail-order';
import { railSchedule, railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { type NominationDay, daysBetween, spreadOver } from '../../../src/lib/nomination-days';
import { addDays } from '../../../src/lib/contract-periods';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest } from '../../engine/errors';
import { find } from '../../engine/operations';
import { attachLabels } from '../../engine/labels';
import type { Row } from '../../engine/serialize';

export const BOARD_MEASURES = ['forecast', 'nominated', 'approved', 'shipped', 'planned'] as const;
type Measure = (typeof BOARD_MEASURES)[number];
type Line = Partial<Record<Measure, Record<string, number>>>;

const daysOf = (row: Row | undefined): NominationDay[] => (Array.isArray(row?.shipping_schedule) ? row.shipping_schedule as NominationDay[] : []);

/** Adds the days inside [from, to] to a measure's line. */
function add(line: Line, measure: Measure, days: readonly NominationDay[], from: string, to: string) {
  const m = (line[measure] ??= {});
  for (const d of days) if (d.date >= from && d.date <= to && d.quantity) m[d.date] = (m[d.date] ?? 0) + d.quantity;
}

const sum = (m: Record<string, number> | undefined) => Object.values(m ?? {}).reduce((a, b) => a + b, 0);

export const nominationBoard: ActionHandler = async ({ db, ctx, input }) => {
  const from = String(input.from);
  const to = String(input.to);
  if (to < from) throw badRequest({ to: ['The board ends on or after the day it starts.'] });
  if (to > addDays(from, BOARD_DAYS - 1)) throw badRequest({ to: [`At most ${BOARD_DAYS} days at once.`] });

  const k = tableOf(partnerRailContract);
  const contracts = await attachLabels(db, ctx, partnerRailContract, (await find(db, ctx, partnerRailContract, { page_size: '0', ordering: 'contract_number' }, [
    lte(k.start_date, to), gte(k.end_date, from), input.contract === undefined || input.contract === null ? undefined : eq(k.id, input.contract as number),
  ].filter((c) => c !== undefined))).rows);
  const ids = contracts.map((c) => c.id as number);
  const lines = new Map<number, Line>(ids.map((id) => [id, {}]));
  if (ids.length) {
    const o = tableOf(partnerRailOrder);
    const orders = (await find(db, ctx, partnerRailOrder, { page_size: '0' }, [inArray(o.contract, ids), inArray(o.status, ['sent', 'closed'])])).rows;
    const n = tableOf(partnerRailNomination);
    const versions = orders.length
      ? (await find(db, ctx, partnerRailNomination, { page_size: '0', ordering: '-revision' }, [inArray(n.order, orders.map((x) => x.id as number))])).rows
      : [];
    for (const order of orders) {
      const line = lines.get(order.contract as number)!;
      const mine = versions.filter((v) => v.order === order.id);
      const latest = mine[0];
      if (latest?.forecast !== null && latest?.forecast !== undefined) {
        add(line, 'forecast', spreadOver(daysBetween(String(order.start_date), String(order.end_date)), Number(latest.forecast)), from, to);
      }
      add(line, 'nominated', daysOf(mine.find((v) => v.status === 'sent' || v.status === 'approved')), from, to);
      add(line, 'approved', daysOf(mine.find((v) => v.status === 'approved')), from, to);
    }
    const s = tableOf(railShipment);
    const shipped = await db.select({ contract: s.contract, date: sql<string>`to_char(${s.ship_date}, 'YYYY-MM-DD')`, cars: sql<number>`coalesce(sum(${s.counted_cars}), 0)::int` })
      .from(s).where(and(inArray(s.contract, ids), gte(s.ship_date, from), lte(s.ship_date, to), inArray(s.status, ['shipped', 'in_correction'])))
      .groupBy(s.contract, s.ship_date);
    for (const x of shipped) add(lines.get(x.contract as number)!, 'shipped', [{ date: x.date, quantity: Number(x.cars) }], from, to);
    const own = contracts.filter((c) => c.company === ctx.user.companyId).map((c) => c.id as number);
    if (own.length) {
      const e = tableOf(railScheduleEntry);
      const st = tableOf(railSchedule);
      const planned = await db.select({ contract: st.contract, date: sql<string>`to_char(${e.date}, 'YYYY-MM-DD')`, cars: e.quantity })
        .from(e).innerJoin(st, eq(st.id, e.schedule)).where(and(inArray(st.contract, own), gte(e.date, from), lte(e.date, to)));
      for (const id of own) lines.get(id)!.planned = {};
      for (const x of planned) add(lines.get(x.contract as number)!, 'planned', [{ date: x.date, quantity: Number(x.cars) }], from, to);
    }
  }
  return {
    from, to, days: daysBetween(from, to).map((d) => d.date),
    contracts: contracts.map((c) => {
      const line = lines.get(c.id as number)!;
      const side = c.company === ctx.user.companyId ? 'shipper' : 'partner';
      const measures = BOARD_MEASURES.filter((m) => m !== 'planned' || side === 'shipper');
      return {
        id: c.id, contract_number: c.contract_number, side, _labels: c._labels, product: c.product, start_date: c.start_date, end_date: c.end_date,
        days: Object.fromEntries(measures.map((m) => [m, line[m] ?? {}])),
        totals: Object.fromEntries(measures.map((m) => [m, sum(line[m])])),
      };
    }),
  };
};
