/**
 * The rules of invoice products, their conditions and unit prices beyond the declarations
 * (docs/invoicing.md, Invoice products, Conditions, Prices), and the calls the pricing screens read:
 * - an invoice product's unit is one of its basis's (left empty: the basis's own);
 * - a period ends on or after it starts;
 * - two prices of the same party, invoice product and product never overlap: the check runs under
 *   a transaction lock on that triple, so two saves at once cannot both pass it.
 */
import { and, eq, inArray, ne, or, sql, isNull, lte, gte } from 'drizzle-orm';
import { BASES, CATEGORIES, UNITS, UNITS_OF, type Basis } from '../../../src/resources/invoice/common';
import { CONDITION_TYPES, invoiceProduct } from '../../../src/resources/invoice/invoice-product';
import { unitPrice } from '../../../src/resources/invoice/unit-price';
import { contract } from '../../../src/resources/rail/contract';
import { product } from '../../../src/resources/logistics/product';
import { localDateIn } from '../../../src/lib/time-zone';
import { choiceWord } from '../../../src/resources/fields';
import { tableOf } from '../../db/tables';
import type { ActionHandler } from '../../engine/action-handler';
import { badRequest } from '../../engine/errors';
import type { ResourceHooks, WriteEvent } from '../../engine/hooks';
import type { Row } from '../../engine/serialize';
import { companyTimeZone } from '../../engine/time-zones';
import { scopeOf } from '../../engine/operations';
import { unitOf } from './car-charges';
import { addDays } from '../../../src/lib/limit-periods';

const IP = tableOf(invoiceProduct);
const UP = tableOf(unitPrice);

const after = (e: WriteEvent) => ({ ...e.current, ...e.input.values }) as Row;

function checkPeriod(v: Row, from: string, to: string) {
  if (v[from] && v[to] && String(v[to]) < String(v[from])) throw badRequest({ [to]: ['The period ends before it starts.'] });
}

export const invoiceProductHooks: ResourceHooks = {
  beforeWrite(e) {
    const v = after(e);
    const units = UNITS_OF[v.basis as Basis];
    if (v.unit && !units.includes(v.unit as never)) {
      throw badRequest({ unit: [`${choiceWord(BASES, v.basis)} is counted in ${units.map((u) => choiceWord(UNITS, u)).join(', ')}.`] });
    }
    if (!v.unit) e.input.values.unit = unitOf({ basis: v.basis as Basis, unit: null });
  },
  beforeWriteFields: ['basis', 'unit'],
};

export const conditionHooks: ResourceHooks = {
  beforeWrite(e) {
    const v = after(e);
    checkPeriod(v, 'valid_from', 'valid_to');
    if (v.condition_type === 'surcharge_percent' && Number(v.value) > 1000) throw badRequest({ value: ['A surcharge of more than 1,000 % is surely a mistake.'] });
  },
  beforeWriteFields: ['valid_from', 'valid_to', 'condition_type', 'value'],
};

const period = (r: Row) => `${String(r.valid_from)} – ${r.valid_to ? String(r.valid_to) : 'open'}`;

export const unitPriceHooks: ResourceHooks = {
  async beforeWrite(e) {
    const v = after(e);
    checkPeriod(v, 'valid_from', 'valid_to');
    const { db } = e;
    // Serialises saves of the same triple: the second waits, then sees the first's row.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`unit_price ${String(v.company)} ${String(v.party)} ${String(v.invoice_product)} ${String(v.product ?? '')}`}))`);
    const overlapping = await db.select().from(UP).where(and(
      eq(UP.company, v.company as number), eq(UP.party, v.party as number), eq(UP.invoice_product, v.invoice_product as number),
      v.product === null || v.product === undefined ? isNull(UP.product) : eq(UP.product, v.product as number),
      ...(e.current ? [ne(UP.id, e.current.id as number)] : []),
      // Periods [a, b] and [c, d] overlap when a <= d and c <= b (an open end is +infinity).
      or(isNull(UP.valid_to), gte(UP.valid_to, String(v.valid_from))),
      ...(v.valid_to ? [lte(UP.valid_from, String(v.valid_to))] : []),
    )).limit(3);
    if (overlapping.length) {
      throw badRequest({
        valid_from: overlapping.map((o) => `This price (${period(v)}) overlaps price ${String(o.id)} of the same party, invoice product and product (${period(o)}, ${String(o.price)} ${String(o.currency)}): end one before the other begins.`),
      });
    }
  },
  beforeWriteFields: ['party', 'invoice_product', 'product', 'valid_from', 'valid_to'],
  // A copy of a price is the next period's, as long as this one (docs/invoicing.md, Prices): its
  // own period would overlap the original's, which is never allowed.
  cloneValues({ source, overrides }) {
    // A copy for another party, invoice product or product, or with its own period, keeps what it is given.
    if (['party', 'invoice_product', 'product', 'valid_from', 'valid_to'].some((k) => k in overrides)) return {};
    if (!source.valid_to) throw badRequest({ valid_from: ['This price is open-ended, so its copy has no next period: give the copy its own period (valid_from, valid_to), or end this price first.'] });
    const from = addDays(String(source.valid_to), 1);
    const days = Math.round((Date.parse(String(source.valid_to)) - Date.parse(String(source.valid_from))) / 86_400_000);
    return { valid_from: from, valid_to: addDays(from, days) };
  },
};

export const conditionData: ActionHandler = async () => ({
  condition_types: CONDITION_TYPES.map(([value, label]) => ({
    value, label,
    unit: value === 'surcharge_percent' ? 'percent' : value === 'minimum_charge' ? 'currency' : 'unit',
    help: {
      minimum_quantity: 'Each car is charged at least this quantity, in the product\'s unit (not for per-car or flat charges).',
      minimum_charge: 'Each line is charged at least this amount, in the price\'s currency.',
      surcharge_percent: 'Adds this percentage of the charge (quantity × unit price).',
      surcharge_per_unit: 'Adds this amount per unit charged.',
    }[value],
  })),
  bases: BASES.map(([value, label]) => ({ value, label, units: UNITS_OF[value].map((u) => ({ value: u, label: choiceWord(UNITS, u) })) })),
  categories: CATEGORIES.map(([value, label]) => ({ value, label })),
});

/** `GET unit_price/get_products/ (party?)`: what can be priced: invoice products, products (the party's contracted first) and its prices in force today. */
export const getProducts: ActionHandler = async ({ db, ctx, input }) => {
  const companyId = ctx.user.companyId;
  if (companyId === null) throw badRequest({ non_field_errors: ['Act for a company to see its prices.'] });
  const PR = tableOf(product);
  const CT = tableOf(contract);
  const partyId = input.party as number | undefined;
  const [ips, products, contracted] = await Promise.all([
    db.select({ id: IP.id, code: IP.code, name: IP.name, basis: IP.basis, unit: IP.unit }).from(IP).where(and(eq(IP.company, companyId), eq(IP.enabled, true))).orderBy(IP.code),
    db.select({ id: PR.id, name: PR.name, code: PR.code }).from(PR).where(and(scopeOf(ctx, product), eq(PR.enabled, true))).orderBy(PR.name),
    partyId ? db.select({ product: CT.product, number: CT.contract_number }).from(CT).where(and(eq(CT.company, companyId), eq(CT.party, partyId), inArray(CT.status, ['active', 'draft']))) : [],
  ]);
  const of = new Map(contracted.map((c) => [c.product as number, String(c.number)]));
  const today = localDateIn(new Date(), await companyTimeZone(db, companyId))!;
  const inForce = partyId ? await db.select().from(UP).where(and(eq(UP.company, companyId), eq(UP.party, partyId), lte(UP.valid_from, today), or(isNull(UP.valid_to), gte(UP.valid_to, today)))) : [];
  return {
    invoice_products: ips.map((p) => ({ ...p, unit: p.unit ?? unitOf({ basis: p.basis as Basis, unit: null }) })),
    products: products.map((p) => ({ ...p, contracted: of.get(p.id as number) ?? null })).sort((a, b) => Number(!a.contracted) - Number(!b.contracted)),
    in_force: inForce.map((p) => ({ id: p.id, invoice_product: p.invoice_product, product: p.product, price: String(p.price), currency: p.currency, valid_from: p.valid_from, valid_to: p.valid_to })),
  };
};
