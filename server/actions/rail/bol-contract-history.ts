/**
 * `GET contract/bol_contract_history/` (docs/rail.md §6.1, §11.11): the company's rail history in
 * one paged register, contracts (with their schedule days) and bills of lading (shipments with
 * their cars), filtered by kind, dates in the company's zone, user, record number and action. A
 * caller who may not view shipments sees the contract rows only.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { contract } from '../../../src/resources/rail/contract';
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import { railHistory } from '../../db/rail-tables';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { fieldError } from '../../engine/errors';
import { can } from '../../engine/operations';
import { companyTimeZone } from '../../engine/time-zones';
import { readHistory } from './rail-history';

const KINDS = { contract: ['contract', 'rail_schedule_entry'], shipment: ['rail_shipment', 'loaded_rail_car'] } as const;

export const bolContractHistory: ActionHandler = async ({ db, ctx, input }) => {
  const companyId = ctx.user.companyId;
  if (companyId === null) throw fieldError('non_field_errors', 'Act for a company to read its history.');
  const h = railHistory;
  const k = tableOf(contract);
  const s = tableOf(railShipment);
  const mayShipments = can(ctx, railShipment, 'view');
  const kind = input.kind as keyof typeof KINDS | undefined;
  if (kind === 'shipment' && !mayShipments) throw fieldError('kind', 'You may not view shipments.');
  const resources = kind ? [...KINDS[kind]] : mayShipments ? [...KINDS.contract, ...KINDS.shipment] : [...KINDS.contract];
  const zone = await companyTimeZone(db, companyId);
  const local = sql`(${h.at} at time zone ${zone})::date`;
  const where: SQL[] = [eq(h.company_id, companyId), inArray(h.resource, resources)];
  if (input.from) where.push(sql`${local} >= ${String(input.from)}::date`);
  if (input.to) where.push(sql`${local} <= ${String(input.to)}::date`);
  if (input.from && input.to && String(input.from) > String(input.to)) throw fieldError('to', 'The range ends before it starts.');
  if (input.user_id) where.push(eq(h.user_id, input.user_id as number));
  if (input.action) where.push(eq(h.action, String(input.action)));
  if (input.record) {
    const n = String(input.record).toUpperCase();
    where.push(or(
      sql`${h.contract_id} in (select ${k.id} from ${k} where ${k.company} = ${companyId} and upper(${k.contract_number}) = ${n})`,
      sql`${h.shipment_id} in (select ${s.id} from ${s} where ${s.company} = ${companyId} and (upper(${s.bol_number}) = ${n} or upper(${s.shipment_number}) = ${n}))`,
    )!);
  }
  const pageSize = Number(input.page_size ?? 50);
  const page = Number(input.page ?? 1);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(h).where(and(...where));
  return {
    count,
    next: page * pageSize < count ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    results: await readHistory(db, ctx, and(...where), { limit: pageSize, offset: (page - 1) * pageSize }),
  };
};
