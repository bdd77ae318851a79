/**
 * Partner contracts and orders (docs/partners.md, Partner rail contracts, Orders). A partner orders
 * cars on a contract the shipper shares with it: the order's owner is the contract's company (the
 * hook names it), its partner the ordering company (the engine). The rules:
 * - only a partner orders, on an active contract shared with it, for a window of at most 366 days
 *   inside the contract and no more cars than the contract has;
 * - the partner sends or cancels (with a reason) its order, the shipper closes a sent one;
 * - sending checks the cars the partner's sent and closed orders on the contract already take.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { contract } from '../../../src/resources/rail/contract';
import { partnerRailContract } from '../../../src/resources/partner/rail-contract';
import { partnerRailOrder } from '../../../src/resources/partner/rail-order';
import { localDateIn } from '../../../src/lib/time-zone';
import { MAX_SCHEDULE_DAYS } from '../../../src/lib/rail-auto-schedule';
import { addDays, contractDays } from '../../../src/lib/contract-periods';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { defineBehaviour } from '../../engine/behaviour';
import { ErrorBag, badRequest, conflict } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { find, update } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import { contractFacts } from '../rail/schedule';
import { requireSide } from './sides';


const orderHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    const v = { ...current, ...input.values };
    if (mode === 'update' && 'contract' in input.values && input.values.contract !== current?.contract) throw badRequest({ contract: ['An order stays on its contract: cancel it and order on the other.'] });
    const k = await contractFacts(db, v.contract);
    if (mode === 'create') {
      if (v.partner_company === null || v.partner_company === undefined || k.company === v.partner_company) {
        throw badRequest({ contract: [`Contract ${k.number} is your own: orders are made by the partner it is shared with.`] });
      }
      if (k.status !== 'active') throw badRequest({ contract: [`Contract ${k.number} is ${k.status}: orders are taken on active contracts.`] });
      input.values.company = k.company;
    }
    const errors = new ErrorBag();
    const [from, to] = [String(v.start_date), String(v.end_date)];
    if (from > to) errors.add('end_date', 'The last day comes before the first.');
    else if (contractDays(from, to) > MAX_SCHEDULE_DAYS) errors.add('end_date', `An order spans at most ${MAX_SCHEDULE_DAYS} days.`);
    if (from < k.start || from > k.end) errors.add('start_date', `${from} is outside contract ${k.number} (${k.start} to ${k.end}).`);
    if (to < k.start || to > k.end) errors.add('end_date', `${to} is outside contract ${k.number} (${k.start} to ${k.end}).`);
    if (Number(v.number_of_cars) > k.cars) errors.add('number_of_cars', `Contract ${k.number} has ${k.cars} cars.`);
    errors.throwIfAny();
  },
};

/** Cars the partner's sent and closed orders on a contract take, this order left out. */
async function carsOrdered(db: Db, contractId: unknown, partnerCompany: unknown, except: unknown): Promise<number> {
  const o = tableOf(partnerRailOrder);
  const [{ n }] = await db.select({ n: sql<number>`coalesce(sum(${o.number_of_cars}), 0)::int` }).from(o)
    .where(and(eq(o.contract, contractId as number), eq(o.partner_company, partnerCompany as number), inArray(o.status, ['sent', 'closed']), ne(o.id, except as number)));
  return Number(n);
}

const send: ActionHandler = async ({ db, ctx, record }) => db.transaction(async (tx) => {
  const order = record!;
  requireSide(ctx, order, 'partner', 'sends its order');
  if (order.status !== 'draft') throw conflict(`This order is ${String(order.status)}: only a draft is sent.`);
  const k = await contractFacts(tx, order.contract);
  // Orders of one contract queue here, so two sent at once cannot both take its last cars.
  await tx.execute(sql`select 1 from ${tableOf(contract)} where id = ${k.id} for update`);
  if (k.status !== 'active') throw conflict(`Contract ${k.number} is ${k.status}: orders are taken on active contracts.`);
  const taken = await carsOrdered(tx, k.id, order.partner_company, order.id);
  if (taken + Number(order.number_of_cars) > k.cars) {
    throw badRequest({ number_of_cars: [`Contract ${k.number} has ${k.cars} cars and your orders on it take ${taken}: at most ${Math.max(0, k.cars - taken)} more.`] });
  }
  return update(tx, ctx, partnerRailOrder, String(order.id), { status: 'sent', sent_at: new Date().toISOString(), version: order.version });
});

const cancel: ActionHandler = async ({ db, ctx, record, input }) => {
  requireSide(ctx, record!, 'partner', 'cancels its order');
  return update(db, ctx, partnerRailOrder, String(record!.id), { status: 'cancelled', cancel_reason: input.reason, version: record!.version });
};

const close: ActionHandler = async ({ db, ctx, record }) => {
  requireSide(ctx, record!, 'owner', 'closes an order');
  return update(db, ctx, partnerRailOrder, String(record!.id), { status: 'closed', version: record!.version });
};

/**
 * What an order on this contract would start with (`GET {id}/make-order/`): the window from today
 * (in the shipper's zone) or the contract's start to its end, at most 366 days, the cars the
 * partner's orders leave, and the orders already made on it. Nothing is written: the order is made
 * by `POST partner/railorder/`.
 */
const makeOrder: ActionHandler = async ({ db, ctx, record }) => {
  const k = await contractFacts(db, record!.id);
  if (k.company === ctx.user.companyId) throw badRequest({ contract: [`Contract ${k.number} is your own: orders are made by the partner it is shared with.`] });
  const today = localDateIn(new Date(), await companyTimeZone(db, k.company))!;
  const start = today > k.start ? today : k.start;
  const lastDay = addDays(start, MAX_SCHEDULE_DAYS - 1);
  const taken = await carsOrdered(db, k.id, ctx.user.companyId, 0);
  const orders = (await find(db, ctx, partnerRailOrder, { contract: String(k.id), page_size: '0', ordering: '-created_at' })).rows;
  return {
    contract: k.id, contract_number: k.number, status: k.status, open: k.status === 'active' && start <= k.end,
    start_date: start, end_date: k.end < lastDay ? k.end : lastDay, number_of_cars: Math.max(0, k.cars - taken), cars_ordered: taken, orders,
  };
};

export const partnerContractBehaviour = defineBehaviour(partnerRailContract, { actions: { make_order: makeOrder } });
export const partnerOrderBehaviour = defineBehaviour(partnerRailOrder, { hooks: orderHooks, actions: { send, cancel, close } });
