/**
 * The two sides of a back-to-back deal (docs/rail.md §6.1): `create_sale/` on a purchase and
 * `create_purchase/` on a sale make the other side, and `connect/` ties a sale to the purchase that
 * supplies it (or unties it). Every write goes through the operations, so the contract's rules,
 * its number, versions and lifecycle apply as to any create or update.
 */
import { badRequest, fieldError } from '../../engine/errors';
import type { ActionHandler } from '../../engine/action-handler';
import { created } from '../../engine/action-reply';
import { create, get, update } from '../../engine/operations';
import type { Row } from '../../engine/serialize';
import { contract } from '../../../src/resources/rail/contract';
import { product } from '../../../src/resources/logistics/product';
import { labelsFor } from '../../engine/labels';
import { contractLabel } from './contract-rules';

/** What the other side of a deal takes from the contract it mirrors (its price is its own). */
const MIRRORED = ['product', 'carrier', 'number_of_cars', 'volume_per_car', 'start_date', 'end_date', 'terms', 'currency', 'price_unit', 'facility'] as const;
const flip = (role: unknown) => (role === 'origin' ? 'destination' : 'origin');
const refusal = (message: string) => badRequest({ non_field_errors: [message] });

/** The mirror of `source` for the counterparty and terms given: a draft of the other type. */
function mirrorBody(source: Row, type: 'sale' | 'purchase', input: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { contract_type: type, status: 'draft' };
  for (const f of MIRRORED) if (source[f] !== null && source[f] !== undefined) body[f] = source[f];
  for (const [k, val] of Object.entries(input)) if (val !== null && val !== undefined) body[k] = val;
  // Received at a facility becomes shipped from it: the role flips unless the facility or role is given.
  if (input.facility_role === undefined || input.facility_role === null) body.facility_role = input.facility ? undefined : flip(source.facility_role);
  if (body.facility_role === undefined) delete body.facility_role;
  return body;
}

function refuseCancelled(c: Row) {
  if (c.status === 'cancelled') throw refusal(`Contract ${contractLabel(c)} is cancelled.`);
}

/** `POST contract/{id}/create_sale/` on a purchase: the sale it supplies, for the buyer given. */
export const createSale: ActionHandler = async ({ db, ctx, record, input }) => {
  const purchase = record!;
  if (purchase.contract_type !== 'purchase') throw refusal(`create_sale works on a purchase; ${contractLabel(purchase)} is a sale.`);
  refuseCancelled(purchase);
  return created(await create(db, ctx, contract, { ...mirrorBody(purchase, 'sale', input), supply_contract: purchase.id }));
};

/** `POST contract/{id}/create_purchase/` on a sale without a supply: the purchase that supplies it, connected in the same transaction. */
export const createPurchase: ActionHandler = async ({ db, ctx, record, input }) => {
  const sale = record!;
  if (sale.contract_type !== 'sale') throw refusal(`create_purchase works on a sale; ${contractLabel(sale)} is a purchase.`);
  refuseCancelled(sale);
  if (sale.supply_contract) {
    const supplier = await get(db, ctx, contract, String(sale.supply_contract)).catch(() => null);
    throw refusal(`${contractLabel(sale)} is already supplied by ${supplier ? contractLabel(supplier) : 'another purchase'}.`);
  }
  const purchase = await db.transaction(async (tx) => {
    const made = await create(tx, ctx, contract, mirrorBody(sale, 'purchase', input));
    await update(tx, ctx, contract, String(sale.id), { supply_contract: made.id, version: sale.version });
    return made;
  });
  return created(purchase);
};

/**
 * `POST contract/{id}/connect/` on a sale: `supply_contract` a purchase of the same product that is
 * not cancelled, or null to disconnect. A purchase may supply several sales, beyond its own cars
 * (traders over-sell and fill from elsewhere): the connect page shows it, nothing refuses it.
 */
export const connect: ActionHandler = async ({ db, ctx, record, input }) => {
  const sale = record!;
  if (sale.contract_type !== 'sale') throw refusal(`Only a sale is connected to the purchase that supplies it; ${contractLabel(sale)} is a purchase.`);
  const to = input.supply_contract ?? null;
  if (to !== null) {
    const purchase = await get(db, ctx, contract, String(to));
    if (purchase.contract_type !== 'purchase') throw fieldError('supply_contract', `${contractLabel(purchase)} is a sale; a sale is supplied by a purchase.`);
    if (purchase.status === 'cancelled') throw fieldError('supply_contract', `${contractLabel(purchase)} is cancelled.`);
    if (purchase.product !== sale.product) {
      const names = await labelsFor(db, ctx, product, [purchase.product, sale.product]);
      const name = (id: unknown) => names.get(String(id)) ?? 'another product';
      throw fieldError('supply_contract', `${contractLabel(purchase)} is for ${name(purchase.product)}; ${contractLabel(sale)} is for ${name(sale.product)}.`);
    }
  }
  return update(db, ctx, contract, String(sale.id), { supply_contract: to, version: sale.version });
};
