/**
 * Master and sub billing (docs/rail.md §8.5): one bill of lading to the railroad for a block of
 * cars (a unit train, or one destination yard) whose cars belong to several sub-billings, each
 * with its own bill of lading.
 * - `create_master_billing/` on an open shipment that is neither: a new open master with the
 *   shipment's header, and the shipment its first sub-billing;
 * - `create_sub_billing/` on an open master: a new open shipment with the master's header;
 * - `get_sub_billings/`: a master's sub-billings with their car counts.
 * A master has no cars of its own (the car hook refuses them); it ships, is corrected, voided and
 * cancelled with its sub-billings (ship.ts, shipments.ts); the reference restricts deleting one
 * that has any.
 */
import { railShipment } from '../../../src/resources/rail/rail-shipment';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import type { Ctx } from '../../engine/context';
import { fieldError } from '../../engine/errors';
import { create, find, update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';

/** What a master and its sub-billings share: the route, the railroad, the product, the shipper and the freight terms. */
const HEADER = ['railroad', 'origin', 'destination', 'routing', 'accounting_rule_11', 'product', 'shipper', 'freight_charges', 'freight_payer', 'ship_date', 'billing_type'] as const;
const headerOf = (row: Row) => Object.fromEntries(HEADER.map((f) => [f, row[f] ?? null]).filter(([, v]) => v !== null));

const asBilling = (ctx: Ctx): Ctx => ({ ...ctx, writes: { resource: railShipment.name, fields: ['is_master_billing', 'master_billing'] } });

const createMasterBilling: ActionHandler = async ({ db, ctx, record }) => {
  const x = record!;
  if (x.status !== 'open') throw fieldError('status', 'Only an open shipment becomes a sub-billing.');
  if (x.is_master_billing) throw fieldError('is_master_billing', `${railShipment.choiceLabel(x)} is a master billing already.`);
  if (x.master_billing) throw fieldError('master_billing', `${railShipment.choiceLabel(x)} is a sub-billing already.`);
  return db.transaction(async (tx) => {
    const master = await create(tx, asBilling(ctx), railShipment, { ...headerOf(x), is_master_billing: true });
    await update(tx, asBilling(ctx), railShipment, String(x.id), { master_billing: master.id, version: x.version });
    return created(master);
  });
};

const createSubBilling: ActionHandler = async ({ db, ctx, record, input }) => {
  const m = record!;
  if (!m.is_master_billing) throw fieldError('is_master_billing', `${railShipment.choiceLabel(m)} is not a master billing.`);
  if (m.status !== 'open') throw fieldError('status', 'Sub-billings are added to an open master billing.');
  return created(await create(db, asBilling(ctx), railShipment, {
    ...headerOf(m), master_billing: m.id,
    ...(input.consignee ? { consignee: input.consignee } : {}), ...(input.reference_number ? { reference_number: input.reference_number } : {}),
  }));
};

const getSubBillings: ActionHandler = async ({ db, ctx, record }) =>
  (await find(db, ctx, railShipment, { master_billing: String(record!.id), ordering: 'shipment_number', page_size: '0' })).rows;

export const masterBillingActions = { create_master_billing: createMasterBilling, create_sub_billing: createSubBilling, get_sub_billings: getSubBillings };
