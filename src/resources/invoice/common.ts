/**
 * Pieces shared by the rail invoicing declarations (docs/invoicing.md): every record belongs to
 * the company the user acts for and to its `invoicing` subscription, with permissions on the
 * `invoice` app.
 */
import { choice, decimal } from '../fields';

/** The company subscription every invoicing screen and call needs. */
export const INVOICING_FEATURE = 'invoicing';

export const INVOICE = 'invoice';
export const INVOICE_ITEM = 'invoice_item';
export const INVOICE_PRODUCT = 'invoice_product';
export const INVOICE_PRODUCT_CONDITION = 'invoice_product_condition';
export const UNIT_PRICE = 'unit_price';

export const invoiceRecords = (model: string) => ({ perms: { app: 'invoice', model }, feature: INVOICING_FEATURE, tenant: 'company' as const });

export const CURRENCIES = [['CAD', 'CAD'], ['USD', 'USD']] as const;

/** What one charge of an invoice product is counted in (docs/invoicing.md, Invoice products). */
export const BASES = [
  ['per_car', 'Per car'], ['per_volume', 'Per volume unit'], ['per_weight', 'Per weight unit'], ['per_shipment', 'Flat, per shipment'],
] as const;
export type Basis = (typeof BASES)[number][0];

/** The units a basis is counted in; the first is its default. */
export const UNITS = [
  ['car', 'car'], ['shipment', 'shipment'],
  ['usgal', 'US gal'], ['litre', 'L'], ['m3', 'm³'], ['bbl', 'bbl'],
  ['kg', 'kg'], ['tonne', 't'],
] as const;
export type Unit = (typeof UNITS)[number][0];
export const UNITS_OF: Readonly<Record<Basis, readonly Unit[]>> = {
  per_car: ['car'], per_shipment: ['shipment'], per_volume: ['usgal', 'litre', 'm3', 'bbl'], per_weight: ['tonne', 'kg'],
};

export const CATEGORIES = [
  ['product', 'Product'], ['freight', 'Freight'], ['demurrage', 'Demurrage'], ['storage', 'Storage'], ['fee', 'Fee'], ['other', 'Other'],
] as const;

/** Money as invoiced: to the cent, exact. */
export const money = (o: { label?: string; help?: string; columnDigits?: number } = {}) => decimal({ digits: 14, places: 2, readOnly: true, ...o });
export const unitChoice = (o: { required?: boolean; readOnly?: boolean; help?: string } = {}) => choice(UNITS, { label: 'Unit', ...o });
