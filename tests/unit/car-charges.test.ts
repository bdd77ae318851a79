/**
 * How shipped cars are charged (docs/invoicing.md, Lines, Totals, Taxes): the price in force, the
 * quantity in the product's unit, the conditions, the rounding once at the line, the taxes per
 * line; and, over random invoices, that the totals are exactly the sums of their lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChargeCar, type ChargeCondition, type ChargePrice, type ChargeProduct, chargeOf, invoiceSums, lineTaxes, negated, priceInForce, quantityOf,
} from '../../server/actions/invoice/car-charges';
import { type TaxRate, provinceCode, taxRegime } from '../../src/lib/sales-taxes';
import { amountInWords } from '../../server/print/amount-words';

const car: ChargeCar = {
  id: 1, shipment: 10, shipment_label: 'RS-000010, BOL PBT26000042', car: 'GATX 204518', ship_date: '2026-11-10', product: 7,
  net_volume: '28959.00', net_volume_litres: '109622.5', weight: '95612.4',
};
const crude: ChargeProduct = { id: 1, code: 'CRUDE', name: 'Crude oil', basis: 'per_volume', unit: 'usgal', taxable: true };
const price = (o: Partial<ChargePrice> = {}): ChargePrice => ({ id: 1, party: 5, invoice_product: 1, product: null, price: '2.3456', currency: 'USD', valid_from: '2026-01-01', valid_to: null, ...o });
const cond = (o: Partial<ChargeCondition>): ChargeCondition => ({ invoice_product: 1, condition_type: 'surcharge_percent', value: '0', party: null, valid_from: null, valid_to: null, description: null, ...o });
const charge = (ip: ChargeProduct, p: ChargePrice, c: ChargeCondition[] = []) => {
  const out = chargeOf(car, ip, p, c);
  if (typeof out === 'string') throw new Error(out);
  return out;
};

describe('the price in force', () => {
  const prices = [price({ id: 1 }), price({ id: 2, product: 7, valid_from: '2026-06-01', valid_to: '2026-12-31' }), price({ id: 3, valid_from: '2025-01-01', valid_to: '2025-12-31' })];
  it('is one of the car\'s own product over one of any product, whose period covers the ship date', () => {
    expect(priceInForce(prices, 5, 1, 7, '2026-11-10')?.id).toBe(2);
    expect(priceInForce(prices, 5, 1, 8, '2026-11-10')?.id).toBe(1);
    expect(priceInForce(prices, 5, 1, 7, '2026-03-01')?.id).toBe(1);
    expect(priceInForce(prices, 5, 1, 7, '2025-05-01')?.id).toBe(3);
    expect(priceInForce(prices, 6, 1, 7, '2026-11-10')).toBeUndefined();
  });
});

describe('the quantity in the unit', () => {
  it('counts a car, its net volume in US gal, L, m³ and bbl, its weight in kg and t, to 3 places', () => {
    expect(['car', 'usgal', 'litre', 'm3', 'bbl', 'kg', 'tonne'].map((u) => quantityOf(car, u as never))).toEqual([
      { units: 1000n, scale: 3 }, { units: 28959000n, scale: 3 }, { units: 109622500n, scale: 3 }, { units: 109623n, scale: 3 },
      // 28,959 / 42 = 689.5 exactly; 95,612.4 kg = 95.612 t.
      { units: 689500n, scale: 3 }, { units: 95612400n, scale: 3 }, { units: 95612n, scale: 3 },
    ]);
  });

  it('refuses to charge by a volume the car does not have', () => {
    expect(chargeOf({ ...car, net_volume: null }, crude, price(), [])).toBe('it has no net volume to charge "Crude oil" by.');
  });
});

describe('a charge', () => {
  it('is the quantity times the unit price, rounded once to the cent', () => {
    expect(charge(crude, price())).toMatchObject({ quantity: '28959.000', unit_price: '2.3456', amount: '67926.23', conditions: null, loaded_rail_car: 1 });
  });

  it('raises the quantity to a minimum, adds surcharges in % and per unit, then a minimum charge', () => {
    const c = charge(crude, price(), [
      cond({ condition_type: 'minimum_quantity', value: '30000' }),
      cond({ condition_type: 'surcharge_percent', value: '2.5', description: 'Fuel' }),
      cond({ condition_type: 'surcharge_per_unit', value: '0.0125', description: 'Cleaning' }),
    ]);
    // 30,000 x 2.3456 = 70,368; +2.5 % = 1,759.20; +30,000 x 0.0125 = 375: 72,502.20
    expect([c.quantity, c.amount, c.conditions]).toEqual(['30000.000', '72502.20', 'Minimum 30,000.000 US gal; Fuel +2.5 %; Cleaning +0.0125 per US gal']);
    const freight: ChargeProduct = { id: 2, code: 'FRT', name: 'Freight', basis: 'per_car', unit: 'car', taxable: true };
    const f = charge(freight, price({ invoice_product: 2, price: '1850' }), [cond({ invoice_product: 2, condition_type: 'minimum_charge', value: '2000' })]);
    expect([f.quantity, f.amount, f.conditions]).toEqual(['1.000', '2000.00', 'Minimum charge 2,000.00']);
  });

  it('takes only conditions of its party or everyone\'s, in force on the ship date', () => {
    const c = charge(crude, price(), [
      cond({ value: '10', party: 6 }), cond({ value: '10', valid_to: '2026-10-31' }), cond({ value: '10', valid_from: '2026-11-11' }),
    ]);
    expect(c.amount).toBe('67926.23');
  });

  it('a flat charge is the shipment\'s, once, without a car', () => {
    const fee: ChargeProduct = { id: 3, code: 'DOC', name: 'Documentation fee', basis: 'per_shipment', unit: null, taxable: false };
    expect(charge(fee, price({ invoice_product: 3, price: '75' }))).toMatchObject({ loaded_rail_car: null, mark_number: null, unit: 'shipment', amount: '75.00', description: 'Documentation fee', rail_shipment: 10 });
  });
});

describe('taxes', () => {
  it('follow the party\'s address, exemption and exports, and the rate of the day', () => {
    const regime = (p: Record<string, string>, day = '2026-11-10') => taxRegime(p, day);
    expect(regime({ country: 'CA', province: 'ON' })).toMatchObject({ place: 'ON', taxes: [{ code: 'HST', rate: '13' }] });
    expect(regime({ country: 'CA', province: 'British Columbia' })).toMatchObject({ place: 'BC', taxes: [{ code: 'GST', rate: '5' }, { code: 'PST', rate: '7' }] });
    expect(regime({ country: 'CA', province: 'Québec' })).toMatchObject({ place: 'QC', taxes: [{ code: 'GST' }, { code: 'QST', rate: '9.975' }] });
    expect(regime({ country: 'CA', province: 'NS' }, '2025-03-31')).toMatchObject({ taxes: [{ code: 'HST', rate: '15' }] });
    expect(regime({ country: 'CA', province: 'NS' }, '2025-04-01')).toMatchObject({ taxes: [{ code: 'HST', rate: '14' }] });
    expect(regime({ country: 'US', province: 'TX' })).toMatchObject({ place: 'EXPORT', taxes: [] });
    expect(regime({ country: 'CA', province: 'AB', sales_tax: 'exempt' })).toMatchObject({ place: 'EXEMPT', taxes: [] });
    expect(regime({ country: 'CA', province: 'AB', sales_tax: 'zero_rated' })).toMatchObject({ place: 'EXPORT' });
    expect(regime({ country: 'CA', province: 'Atlantis' })).toHaveProperty('error');
    expect(provinceCode('ont')).toBeNull();
  });

  it('are each rounded to the cent on the line; none on a line not taxable', () => {
    expect(lineTaxes('1234.57', true, [{ code: 'GST', label: 'GST', rate: '5' }, { code: 'QST', label: 'QST', rate: '9.975' }]))
      .toEqual({ taxes: [{ code: 'GST', rate: '5', amount: '61.73' }, { code: 'QST', rate: '9.975', amount: '123.15' }], total: '184.88' });
    expect(lineTaxes('1234.57', false, [{ code: 'GST', label: 'GST', rate: '5' }])).toEqual({ taxes: [], total: '0.00' });
  });
});

describe('totals', () => {
  it('add 0.1 and 0.2 to 0.3, not 0.30000000000000004', () => {
    expect(invoiceSums([{ amount: '0.10', taxes: [] }, { amount: '0.20', taxes: [] }])).toMatchObject({ subtotal: '0.30', total: '0.30' });
  });

  it('of any invoice are exactly the sums of its lines, and a credit note\'s the same the other way', () => {
    const cents = fc.bigInt({ min: 0n, max: 99_999_999_999n }).map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);
    const rates = fc.subarray<TaxRate>([{ code: 'GST', label: 'GST', rate: '5' }, { code: 'QST', label: 'QST', rate: '9.975' }, { code: 'HST', label: 'HST', rate: '13' }], { maxLength: 2 });
    fc.assert(fc.property(fc.array(fc.tuple(cents, fc.boolean()), { minLength: 1, maxLength: 200 }), rates, (lines, taxes) => {
      const taxed = lines.map(([amount, taxable]) => ({ amount, ...lineTaxes(amount, taxable, taxes) }));
      const sums = invoiceSums(taxed);
      const toCents = (v: string) => { const neg = v.startsWith('-'); const [w, f] = v.replace('-', '').split('.'); const c = BigInt(w) * 100n + BigInt(f); return neg ? -c : c; };
      const subtotal = taxed.reduce((s, l) => s + toCents(l.amount), 0n);
      const tax = taxed.reduce((s, l) => s + toCents(l.total), 0n);
      expect(toCents(sums.subtotal)).toBe(subtotal);
      expect(toCents(sums.tax_total)).toBe(tax);
      expect(toCents(sums.total)).toBe(subtotal + tax);
      expect(sums.taxes.reduce((s, t) => s + toCents(t.amount), 0n)).toBe(tax);
      const credit = invoiceSums(taxed.map((l) => ({ amount: negated({ quantity: '1', amount: l.amount }).amount, taxes: l.taxes.map((t) => ({ ...t, amount: negated({ quantity: '1', amount: t.amount }).amount })) })));
      expect(toCents(credit.total)).toBe(-(subtotal + tax));
    }), { numRuns: 300 });
  });
});

describe('the amount in words', () => {
  it('writes whole units in words and the cents as a fraction, in the currency', () => {
    expect(amountInWords('139552.46', 'USD')).toBe('One hundred thirty nine thousand five hundred fifty two and 46/100 US dollars');
    expect(amountInWords('0.5', 'CAD')).toBe('Zero and 50/100 Canadian dollars');
    expect(amountInWords('98765432109876.01', 'CAD')).toMatch(/^Ninety eight trillion .* and 01\/100 Canadian dollars$/);
  });
});
