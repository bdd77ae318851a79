/**
 * What a customs invoice says of its cars (docs/invoicing.md, Customs lines), pure so the rules are
 * tested without a database:
 * - a car's quantity is its net volume or weight in the cross-border contract's unit of measure,
 *   by the same conversions as an invoice line (car-charges.ts `quantityOf`), to 3 places;
 * - its value is what it was invoiced for as product (the amounts of its open invoice lines of
 *   invoice products of category product), else its sale contract's price times its quantity in
 *   the contract's price unit, rounded once to the cent; the unit value is the value over the
 *   quantity, to 4 places, for the reader only;
 * - the invoice total is the sum of the values, less the discount, plus the freight; exact.
 * And the broker CSV's columns.
 */
import { type Dec, add, compare, div, mul, parse, round, sub, text } from '../../../src/lib/pg-decimal';
import type { Unit } from '../../../src/resources/invoice/common';
import { type ChargeCar, quantityOf } from './car-charges';

/** The cross-border contract's units of measure as invoice units. */
const UNIT_OF_MEASURE: Readonly<Record<string, Unit>> = {
  'cubic metre': 'm3', barrel: 'bbl', litre: 'litre', 'US gallon': 'usgal', 'metric tonne': 'tonne', kilogram: 'kg',
};
/** The unit a sale contract's price is per. */
const UNIT_OF_PRICE: Readonly<Record<string, Unit>> = {
  per_car: 'car', per_usgal: 'usgal', per_litre: 'litre', per_m3: 'm3', per_bbl: 'bbl', per_tonne: 'tonne',
};

const ZERO: Dec = { units: 0n, scale: 2 };
const d = (v: string | null | undefined): Dec => (v === null || v === undefined || v === '' ? ZERO : parse(v) ?? ZERO);

export const customsUnit = (measure: string): Unit | undefined => UNIT_OF_MEASURE[measure];

/** The car's quantity in the contract's unit of measure, or why it has none. */
export function customsQuantity(car: ChargeCar, measure: string): Dec | string {
  const unit = customsUnit(measure);
  if (!unit) return `the unit of measure "${measure}" is not one a car is measured in.`;
  const q = quantityOf(car, unit);
  if (!q || q.units <= 0n) return `it has no ${unit === 'kg' || unit === 'tonne' ? 'weight' : 'net volume'} to declare in ${measure}.`;
  return q;
}

/** The car's value at its sale contract's price, or null when the contract has none. */
export function contractValue(car: ChargeCar, price: string | null, priceUnit: string | null): Dec | null {
  if (price === null || price === undefined) return null;
  const unit = UNIT_OF_PRICE[priceUnit ?? 'per_usgal'];
  const q = unit ? quantityOf(car, unit) : null;
  return q ? round(mul(q, d(price)), 2) : null;
}

/** The value over the quantity, to 4 places: what one unit was worth. */
export const unitValue = (value: Dec, quantity: Dec): Dec => (quantity.units === 0n ? { units: 0n, scale: 4 } : round(div(value, quantity), 4));

/** The invoice's figures from its lines' values and quantities, exact: nothing is rounded again. */
export function customsTotals(lines: readonly { value: string; quantity: string }[], freight: string | null, discount: string | null) {
  const goods = lines.reduce((s, l) => add(s, d(l.value)), ZERO);
  const quantity = lines.reduce((s, l) => add(s, d(l.quantity)), { units: 0n, scale: 3 });
  const total = add(sub(goods, d(discount)), d(freight));
  return { goods_value: text(round(goods, 2)), quantity_total: text(round(quantity, 3)), total: text(round(total, 2)), negative: compare(total, ZERO) < 0 };
}

/** The broker CSV (docs/invoicing.md, The broker CSV): one row per car, these columns in this order. */
export const CSV_COLUMNS = [
  'invoice_number', 'invoice_date', 'status', 'shipment_number', 'bol_number', 'ship_date', 'car', 'port_of_entry',
  'export_country', 'import_country', 'country_of_origin', 'exporter', 'importer', 'consignee', 'hs_code', 'description',
  'un_number', 'hazard_class', 'packing_group', 'quantity', 'unit', 'unit_value', 'value', 'currency', 'end_use',
  'freight_payment', 'tsca', 'census_schedule', 'related_parties',
] as const;
export type CsvRow = Record<(typeof CSV_COLUMNS)[number], string>;
