/**
 * Lists of contracts (docs/rail.md §6.1, §6.7): the short list to choose from
 * (`contract/get_short_contract_list/`, pickers and the connect page; `company/{id}/contracts/`,
 * the register's tab counts), one row shape, at most 500 rows, by number; the dashboard's list of
 * how far along each contract is; a contract's shipment counts.
 */
import { type SQL, and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { localDateIn } from '../../../src/lib/time-zone';
import { facility } from '../../../src/resources/logistics/facility';
import { railSchedule, railScheduleEntry } from '../../../src/resources/rail/rail-schedule';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { SHIPMENT_STATUSES } from '../../../src/resources/rail/rail-shipment-status';
import { companyTimeZone } from '../../engine/time-zones';
import { party } from '../../../src/resources/logistics/party';
import { product } from '../../../src/resources/logistics/product';
import { contract } from '../../../src/resources/rail/contract';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import type { Ctx } from '../../engine/context';
import { labelsFor } from '../../engine/labels';
import { containing } from '../../engine/like-pattern';
import { scopeOf, selectionOf, serializeRows } from '../../engine/operations';

export const SHORT_LIST_LIMIT = 500;

/** The contracts matching `where` in the caller's scope, as the short list writes them. */
export async function shortContracts(db: Db, ctx: Ctx, where: (SQL | undefined)[]) {
  const t = tableOf(contract);
  const rows = await db.select(selectionOf(contract)).from(t).where(and(scopeOf(ctx, contract), ...where))
    .orderBy(asc(t.contract_number), asc(t.id)).limit(SHORT_LIST_LIMIT);
  const records = await serializeRows(db, contract, rows);
  const parties = await labelsFor(db, ctx, party, records.map((c) => c.party));
  const products = await labelsFor(db, ctx, product, records.map((c) => c.product));
  const ref = (id: unknown, labels: Map<string, string>) => ({ id, label: labels.get(String(id)) ?? null });
  return records.map((c) => ({
    id: c.id, contract_number: c.contract_number, contract_type: c.contract_type, status: c.status,
    party: ref(c.party, parties), product: ref(c.product, products),
    start_date: c.start_date, end_date: c.end_date, number_of_cars: c.number_of_cars, supply_contract: c.supply_contract,
  }));
}

/** `GET contract/get_short_contract_list/`: by type, statuses (draft and active unless named), product and part of the number. */
export const getShortContractList: ActionHandler = async ({ db, ctx, input }) => {
  const t = tableOf(contract);
  const statuses = (input.status as string[] | undefined)?.length ? input.status as string[] : ['draft', 'active'];
  return shortContracts(db, ctx, [
    inArray(t.status, statuses),
    input.contract_type ? eq(t.contract_type, input.contract_type as string) : undefined,
    input.product ? eq(t.product, input.product as number) : undefined,
    input.search ? ilike(t.contract_number, containing(String(input.search))) : undefined,
  ]);
};

/** `GET company/{id}/contracts/`: the company's sales and purchases, every status but cancelled. */
export const companyContracts: ActionHandler = async ({ db, ctx, record }) => {
  const t = tableOf(contract);
  const rows = await shortContracts(db, ctx, [eq(t.company, record!.id as number), ne(t.status, 'cancelled')]);
  return { sales: rows.filter((c) => c.contract_type === 'sale'), purchases: rows.filter((c) => c.contract_type === 'purchase') };
};

/**
 * `GET contract/get_dashboard_contract_list/` (docs/rail.md §6.1, §11.1): how far along each
 * contract is on `date` (the company's today by default): its cars, the cars its schedule planned
 * up to that day, the cars shipped (the days' actuals, which ships keep, §8.4), what remains, and
 * how many cars it is behind its plan. Active contracts unless a status is named; at most 500,
 * ending soonest first.
 */
export const getDashboardContractList: ActionHandler = async ({ db, ctx, input }) => {
  const t = tableOf(contract);
  const e = tableOf(railScheduleEntry);
  const s = tableOf(railSchedule);
  const day = input.date ? String(input.date) : localDateIn(new Date(), await companyTimeZone(db, ctx.user.companyId))!;
  // Both sums in one pass over the contract's days, planned once for the statement.
  const progress = db.select({
    scheduled: sql<number>`coalesce(sum(case when ${e.date} <= ${day}::date then ${e.quantity} else 0 end), 0)::int`.as('scheduled'),
    shipped: sql<number>`coalesce(sum(${e.actual}), 0)::int`.as('shipped'),
  }).from(e).innerJoin(s, eq(s.id, e.schedule)).where(eq(s.contract, t.id)).as('progress');
  const rows = await db.select({ ...selectionOf(contract), scheduled: progress.scheduled, shipped: progress.shipped })
    .from(t).leftJoinLateral(progress, sql`true`).where(and(
      scopeOf(ctx, contract),
      inArray(t.status, (input.status as string[] | undefined)?.length ? input.status as string[] : ['active']),
      input.contract_type ? eq(t.contract_type, input.contract_type as string) : undefined,
      input.party ? eq(t.party, input.party as number) : undefined,
    )).orderBy(asc(t.end_date), asc(t.contract_number), asc(t.id)).limit(SHORT_LIST_LIMIT);
  const records = await serializeRows(db, contract, rows);
  const [partyLabels, productLabels, facilityLabels] = await Promise.all([
    labelsFor(db, ctx, party, records.map((c) => c.party)),
    labelsFor(db, ctx, product, records.map((c) => c.product)),
    labelsFor(db, ctx, facility, records.map((c) => c.facility)),
  ]);
  const labels = { party: partyLabels, product: productLabels, facility: facilityLabels };
  const ref = (id: unknown, m: Map<string, string>) => (id === null || id === undefined ? null : { id, label: m.get(String(id)) ?? null });
  return records.map((c, i) => {
    const planned = Number(c.number_of_cars ?? 0);
    const scheduled = Number(rows[i].scheduled);
    const shipped = Number(rows[i].shipped);
    return {
      id: c.id, contract_number: c.contract_number, contract_type: c.contract_type, status: c.status,
      party: ref(c.party, labels.party), product: ref(c.product, labels.product), facility: ref(c.facility, labels.facility),
      start_date: c.start_date, end_date: c.end_date,
      cars_planned: planned, cars_scheduled_to_date: scheduled, cars_shipped: shipped,
      cars_remaining: Math.max(0, planned - shipped), behind_by: Math.max(0, scheduled - shipped),
    };
  });
};

/** `GET contract/{id}/get_shipments_count/`: the contract's shipments, in all and by status. */
export const getShipmentsCount: ActionHandler = async ({ db, record }) => {
  const s = tableOf(railShipment);
  const rows = await db.select({ status: s.status, n: sql<number>`count(*)::int` }).from(s).where(eq(s.contract, record!.id as number)).groupBy(s.status);
  const by = Object.fromEntries(SHIPMENT_STATUSES.map(([v]) => [v, rows.find((r) => r.status === v)?.n ?? 0]));
  return { count: rows.reduce((a, r) => a + Number(r.n), 0), by_status: by };
};
