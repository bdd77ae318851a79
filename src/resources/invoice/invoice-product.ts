import { defineResource } from '../define';
import { bool, choice, date, decimal, longText, ref, text } from '../fields';
import { listOf, obj, str } from '../answers';
import { BASES, CATEGORIES, INVOICE_PRODUCT, INVOICE_PRODUCT_CONDITION, invoiceRecords, unitChoice } from './common';

/**
 * What is billed (docs/invoicing.md, Invoice products): the product itself, freight, demurrage,
 * storage, a fee. Its basis says what one charge counts (a car, the car's net volume or weight in
 * its unit, or a flat charge per shipment); its prices are the unit prices per party and period.
 */
export const invoiceProduct = defineResource({
  name: INVOICE_PRODUCT,
  label: 'Invoice product',
  ...invoiceRecords('invoiceproduct'),
  screen: { at: 'invoice', slug: 'invoice_products', codes: ['access_menu__invoice_product'] },
  fields: {
    name: text({ required: true, max: 120, trim: true, help: 'As it prints on the invoice line, e.g. "Freight Edmonton - Sarnia".' }),
    code: text({ required: true, max: 20, trim: true, upper: true, pattern: { source: '[A-Z0-9][A-Z0-9_-]*', message: 'Capitals, digits, - and _ only.' } }),
    category: choice(CATEGORIES, { required: true, default: 'product', index: true }),
    basis: choice(BASES, { required: true, default: 'per_volume', help: 'What one charge counts: a car, its net volume or weight, or one flat charge per shipment.' }),
    unit: unitChoice({ help: 'Left empty: the basis\'s own (US gal for a volume, tonne for a weight).' }),
    taxable: bool({ default: true, help: 'Sales taxes apply to its charges (they never apply to exports or to an exempt party).' }),
    enabled: bool({ default: true, index: true }),
    description: longText(),
  },
  unique: [['company', 'code']],
  labelFields: [['name']],
  list: { columns: ['code', 'name', 'category', 'basis', 'unit', 'taxable', 'enabled'], compact: ['code', 'name', 'basis'], search: ['name', 'code'], ordering: ['code'] },
});

/** What a condition does to a charge (docs/invoicing.md, Conditions). */
export const CONDITION_TYPES = [
  ['minimum_quantity', 'Minimum quantity per car'],
  ['minimum_charge', 'Minimum charge per line'],
  ['surcharge_percent', 'Surcharge, % of the charge'],
  ['surcharge_per_unit', 'Surcharge per unit'],
] as const;

/**
 * A rule on an invoice product's charges: a minimum per car or per line, or a surcharge, for one
 * party or every one, over a date range of the shipment's ship date or always.
 */
export const invoiceProductCondition = defineResource({
  name: INVOICE_PRODUCT_CONDITION,
  label: 'Invoice product condition',
  ...invoiceRecords('invoiceproductcondition'),
  fields: {
    invoice_product: ref(INVOICE_PRODUCT, { required: true, onDelete: 'cascade', index: true }),
    condition_type: choice(CONDITION_TYPES, { required: true, label: 'Condition' }),
    value: decimal({
      required: true, digits: 14, places: 4, min: 0,
      help: 'The minimum quantity (in the product\'s unit), the minimum charge (in the price\'s currency), the surcharge in % or per unit.',
    }),
    party: ref('party', { onDelete: 'cascade', help: 'Left empty: every party.' }),
    valid_from: date({ label: 'From', help: 'Ship dates from this day; left empty: since always.' }),
    valid_to: date({ label: 'To', help: 'Ship dates to this day, inclusive; left empty: open.' }),
    description: text({ max: 120, trim: true, help: 'Printed with the line, e.g. "Winter surcharge".' }),
    enabled: bool({ default: true, index: true }),
  },
  labelFields: [['description', 'condition_type']],
  list: {
    columns: ['invoice_product', 'condition_type', 'value', 'party', 'valid_from', 'valid_to', 'description', 'enabled'],
    compact: ['invoice_product', 'condition_type', 'value'], search: ['description'], ordering: ['invoice_product', 'condition_type'],
  },
  actions: {
    condition_data: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Condition data', result: 'object',
      answer: obj({
        condition_types: listOf(obj({ value: str(), label: str(), unit: str('What its value is counted in: unit, currency or percent.'), help: str() })),
        bases: listOf(obj({ value: str(), label: str(), units: listOf(obj({ value: str(), label: str() })) })),
        categories: listOf(obj({ value: str(), label: str() })),
      }),
    },
  },
});
