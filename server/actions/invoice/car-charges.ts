/**
 * How shipped cars are charged (docs/invoicing.md, Lines): pure, so the rules are tested without a
 * database; the handler reads the rows and writes what this decides.
 * - A car's price for an invoice product is the party's price in force on its shipment's ship
 *   date: one of the car's own product wins over one of any product.
 * - Its quantity is the invoice product's basis in its unit: one car; the net volume in US gallons,
 *   in litres (the car's own gallons-to-litres factor), m³ (litres / 1000) or barrels (US gal / 42);
 *   the weight in kg or tonnes (kg / 1000); one per shipment for a flat charge. Rounded to 3 places.
 * - Conditions in force on the ship date, the party's or everyone's: a minimum quantity raises the
 *   quantity; surcharges add a percentage of the charge or an amount per unit; the line's amount is
 *   then rounded to the cent, once; a minimum charge raises it.
 * - Taxes, on a taxable line: each of the party's taxes at its rate, rounded to the cent on the line.
 * Exact decimals throughout (src/lib/pg-decimal.ts), never binary floats.
 */
import { type Dec, add, compare, div, mul, parse, round, text } from '../../../src/lib/pg-decimal';
import type { Basis, Unit } from '../../../src/resources/invoice/common';
import type { TaxRate } from '../../../src/lib/sales-taxes';
import { formatDecimal } from '../../../src/lib/format';
import { choiceWord } from '../../../src/resources/fields';
import { UNITS } from '../../../src/resources/invoice/common';

export interface ChargeCar {
  id: number; shipment: number; shipment_label: string; car: string; ship_date: string; product: number | null;
  net_volume: string | null; net_volume_litres: string | null; weight: string | null;
}
/** A loaded car and its shipment (rows as stored) as the charges see it; `label` names it in refusals. */
export function chargeCarOf(c: Record<string, unknown>, s: Record<string, unknown>, label: string): ChargeCar {
  return {
    id: c.id as number, shipment: s.id as number, shipment_label: label, car: `${String(c.car_mark)} ${String(c.car_number)}`,
    ship_date: String(s.ship_date ?? ''), product: (c.product ?? s.product ?? null) as number | null,
    net_volume: c.net_volume as string | null, net_volume_litres: c.net_volume_litres as string | null, weight: c.weight as string | null,
  };
}
export interface ChargeProduct { id: number; code: string; name: string; basis: Basis; unit: Unit | null; taxable: boolean }
export interface ChargePrice { id: number; party: number; invoice_product: number; product: number | null; price: string; currency: string; valid_from: string; valid_to: string | null }
export interface ChargeCondition {
  invoice_product: number; condition_type: 'minimum_quantity' | 'minimum_charge' | 'surcharge_percent' | 'surcharge_per_unit';
  value: string; party: number | null; valid_from: string | null; valid_to: string | null; description: string | null;
}
export interface Charge {
  invoice_product: number; loaded_rail_car: number | null; rail_shipment: number; mark_number: string | null; ship_date: string; product: number | null;
  description: string; quantity: string; unit: Unit; unit_price: string; price: number; conditions: string | null; amount: string; taxable: boolean;
}
export interface LineTax { code: string; rate: string; amount: string }

const ZERO: Dec = { units: 0n, scale: 2 };
const ONE: Dec = { units: 1000n, scale: 3 };
const HUNDRED: Dec = { units: 100n, scale: 0 };
const d = (v: string | null | undefined): Dec => (v === null || v === undefined ? ZERO : parse(v) ?? ZERO);
const covers = (from: string | null, to: string | null, day: string) => (!from || from <= day) && (!to || day <= to);

export const unitOf = (p: Pick<ChargeProduct, 'basis' | 'unit'>): Unit =>
  p.unit ?? (p.basis === 'per_car' ? 'car' : p.basis === 'per_shipment' ? 'shipment' : p.basis === 'per_weight' ? 'tonne' : 'usgal');
const unitWord = (u: Unit) => choiceWord(UNITS, u);

/** The price in force for a car's product on a day: its own product's first, else one of any product. */
export function priceInForce(prices: readonly ChargePrice[], party: number, invoiceProduct: number, product: number | null, day: string): ChargePrice | undefined {
  const inForce = prices.filter((p) => p.party === party && p.invoice_product === invoiceProduct && covers(p.valid_from, p.valid_to, day));
  return inForce.find((p) => product !== null && p.product === product) ?? inForce.find((p) => p.product === null);
}

/** The car's quantity in the unit, exact to 3 places; null when the car has none of it. */
export function quantityOf(car: ChargeCar, unit: Unit): Dec | null {
  switch (unit) {
    case 'car': case 'shipment': return ONE;
    case 'usgal': return car.net_volume === null ? null : round(d(car.net_volume), 3);
    case 'litre': return car.net_volume_litres === null ? null : round(d(car.net_volume_litres), 3);
    case 'm3': return car.net_volume_litres === null ? null : round(div(d(car.net_volume_litres), { units: 1000n, scale: 0 }), 3);
    case 'bbl': return car.net_volume === null ? null : round(div(d(car.net_volume), { units: 42n, scale: 0 }), 3);
    case 'kg': return car.weight === null ? null : round(d(car.weight), 3);
    case 'tonne': return car.weight === null ? null : round(div(d(car.weight), { units: 1000n, scale: 0 }), 3);
  }
}

/** One charge of a car (or its shipment) at a price, with the conditions that apply. */
export function chargeOf(car: ChargeCar, ip: ChargeProduct, price: ChargePrice, conditions: readonly ChargeCondition[]): Charge | string {
  const unit = unitOf(ip);
  let quantity = quantityOf(car, unit);
  if (!quantity || (unit !== 'car' && unit !== 'shipment' && quantity.units <= 0n)) return `it has no ${unit === 'kg' || unit === 'tonne' ? 'weight' : 'net volume'} to charge "${ip.name}" by.`;
  const applying = conditions.filter((c) => c.invoice_product === ip.id && (c.party === null || c.party === price.party) && covers(c.valid_from, c.valid_to, car.ship_date));
  const said: string[] = [];
  const name = (c: ChargeCondition, fallback: string) => c.description?.trim() || fallback;
  for (const c of applying.filter((x) => x.condition_type === 'minimum_quantity' && ip.basis !== 'per_car' && ip.basis !== 'per_shipment')) {
    const least = round(d(c.value), 3);
    if (compare(quantity, least) < 0) { quantity = least; said.push(`${name(c, 'Minimum')} ${formatDecimal(text(least), 3)} ${unitWord(unit)}`); }
  }
  const unitPrice = d(price.price);
  const base = mul(quantity, unitPrice);
  let exact = base;
  for (const c of applying) {
    if (c.condition_type === 'surcharge_percent') {
      exact = add(exact, div(mul(base, d(c.value)), HUNDRED));
      said.push(`${name(c, 'Surcharge')} +${formatDecimal(c.value).replace(/\.?0+$/, '')} %`);
    } else if (c.condition_type === 'surcharge_per_unit') {
      exact = add(exact, mul(quantity, d(c.value)));
      said.push(`${name(c, 'Surcharge')} +${formatDecimal(c.value, 4)} per ${unitWord(unit)}`);
    }
  }
  let amount = round(exact, 2);
  for (const c of applying.filter((x) => x.condition_type === 'minimum_charge')) {
    const least = round(d(c.value), 2);
    if (compare(amount, least) < 0) { amount = least; said.push(`${name(c, 'Minimum charge')} ${formatDecimal(text(least), 2)}`); }
  }
  return {
    invoice_product: ip.id, loaded_rail_car: ip.basis === 'per_shipment' ? null : car.id, rail_shipment: car.shipment,
    mark_number: ip.basis === 'per_shipment' ? null : car.car, ship_date: car.ship_date, product: car.product,
    description: ip.name,
    quantity: text(round(quantity, 3)), unit, unit_price: text(round(unitPrice, 4)), price: price.id,
    conditions: said.length ? said.join('; ') : null, amount: text(amount), taxable: ip.taxable,
  };
}

/** A line's taxes: each rate of the amount, rounded to the cent on the line; none on a line not taxable. */
export function lineTaxes(amount: string, taxable: boolean, rates: readonly TaxRate[]): { taxes: LineTax[]; total: string } {
  if (!taxable || !rates.length) return { taxes: [], total: '0.00' };
  const taxes = rates.map((r) => ({ code: r.code, rate: r.rate, amount: text(round(div(mul(d(amount), d(r.rate)), HUNDRED), 2)) }));
  return { taxes, total: text(taxes.reduce((s, t) => add(s, d(t.amount)), ZERO)) };
}

export interface InvoiceSums { subtotal: string; tax_total: string; total: string; taxes: { code: string; rate: string; base: string; amount: string }[] }

/** An invoice's totals: the sums of its lines, nothing rounded again. */
export function invoiceSums(lines: readonly { amount: string; taxes: readonly LineTax[] | null }[]): InvoiceSums {
  let subtotal = ZERO;
  const byTax = new Map<string, { code: string; rate: string; base: Dec; amount: Dec }>();
  for (const l of lines) {
    subtotal = add(subtotal, d(l.amount));
    for (const t of l.taxes ?? []) {
      const key = `${t.code} ${t.rate}`;
      const was = byTax.get(key) ?? { code: t.code, rate: t.rate, base: ZERO, amount: ZERO };
      byTax.set(key, { ...was, base: add(was.base, d(l.amount)), amount: add(was.amount, d(t.amount)) });
    }
  }
  const taxes = [...byTax.values()].map((t) => ({ code: t.code, rate: t.rate, base: text(round(t.base, 2)), amount: text(round(t.amount, 2)) }));
  const taxTotal = taxes.reduce((s, t) => add(s, d(t.amount)), ZERO);
  return { subtotal: text(round(subtotal, 2)), tax_total: text(round(taxTotal, 2)), total: text(round(add(subtotal, taxTotal), 2)), taxes };
}

/** A figure the other way: `12.50` -> `-12.50`. */
export const negative = (v: string) => text(mul(d(v), { units: -1n, scale: 0 }));

/** A line as a credit note carries it: every figure the other way. */
export function negated<T extends { quantity: string; amount: string }>(line: T): T {
  return { ...line, quantity: negative(line.quantity), amount: negative(line.amount) };
}
