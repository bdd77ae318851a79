/**
 * What a customs invoice says of its cars (docs/invoicing.md, Customs lines): the quantity in the
 * cross-border contract's unit of measure, the value at the contract's price rounded once, the
 * unit value, and, over random invoices, that the totals are exactly the sums of the lines less the
 * discount plus the freight; and the TSCA certifications in their regulatory words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChargeCar } from '../../server/actions/invoice/car-charges';
import { contractValue, customsQuantity, customsTotals, unitValue } from '../../server/actions/invoice/customs-values';
import { parse, text } from '../../src/lib/pg-decimal';
import { MEASUREMENT_BASES, TSCA_CERTIFICATIONS, TSCA_STATEMENTS } from '../../src/resources/terminal/cross-border-contract';

const car: ChargeCar = {
  id: 1, shipment: 10, shipment_label: 'RS-000010', car: 'GATX 204518', ship_date: '2026-11-10', product: 7,
  net_volume: '28959.00', net_volume_litres: '109622.5', weight: '95612.4',
};
const q = (measure: string) => { const v = customsQuantity(car, measure); return typeof v === 'string' ? v : text(v); };

describe('the quantity in the unit of measure', () => {
  it('is the net volume or weight in every unit a cross-border contract may name, to 3 places', () => {
    expect(MEASUREMENT_BASES.map(([m]) => [m, q(m)])).toEqual([
      ['cubic metre', '109.623'], ['barrel', '689.500'], ['litre', '109622.500'], ['US gallon', '28959.000'], ['metric tonne', '95.612'], ['kilogram', '95612.400'],
    ]);
  });

  it('says why a car has none', () => {
    expect(customsQuantity({ ...car, weight: '0' }, 'metric tonne')).toBe('it has no weight to declare in metric tonne.');
    expect(customsQuantity({ ...car, net_volume: null }, 'barrel')).toBe('it has no net volume to declare in barrel.');
  });
});

describe('the value', () => {
  it("is the contract's price times the car's quantity in the price's unit, rounded once to the cent", () => {
    // 689.500 bbl x 75.5 = 52,057.25; 28,959.000 US gal x 1.7977 = 52,059.5943 -> 52,059.59.
    expect(text(contractValue(car, '75.50', 'per_bbl')!)).toBe('52057.25');
    expect(text(contractValue(car, '1.7977', 'per_usgal')!)).toBe('52059.59');
    expect(text(contractValue(car, '45000', 'per_car')!)).toBe('45000.00');
    expect(contractValue(car, null, 'per_bbl')).toBeNull();
  });

  it('per unit is the value over the quantity to 4 places', () => {
    expect(text(unitValue(parse('52057.25')!, parse('689.500')!))).toBe('75.5000');
    expect(text(unitValue(parse('100.00')!, parse('3.000')!))).toBe('33.3333');
  });
});

describe('the totals', () => {
  it('are the goods less the discount plus the freight, exactly: 0.1 + 0.2 is 0.3', () => {
    expect(customsTotals([{ value: '0.10', quantity: '1.000' }, { value: '0.20', quantity: '2.000' }], null, '0')).toMatchObject({ goods_value: '0.30', quantity_total: '3.000', total: '0.30', negative: false });
    expect(customsTotals([{ value: '52057.25', quantity: '689.500' }], '0.10', '0.20')).toMatchObject({ total: '52057.15' });
    expect(customsTotals([{ value: '1.00', quantity: '1.000' }], null, '2.00').negative).toBe(true);
  });

  it('over random invoices of up to 200 cars equal the sums of their lines, in cents', () => {
    const cents = fc.bigInt({ min: 0n, max: 10n ** 11n });
    const asText = (c: bigint, places = 2) => `${c / 10n ** BigInt(places)}.${String(c % 10n ** BigInt(places)).padStart(places, '0')}`;
    fc.assert(fc.property(fc.array(fc.tuple(cents, fc.bigInt({ min: 0n, max: 10n ** 12n })), { minLength: 1, maxLength: 200 }), cents, cents, (lines, freight, discount) => {
      const t = customsTotals(lines.map(([v, qty]) => ({ value: asText(v), quantity: asText(qty, 3) })), asText(freight), asText(discount));
      const goods = lines.reduce((s, [v]) => s + v, 0n);
      expect(t.goods_value).toBe(asText(goods));
      expect(t.quantity_total).toBe(asText(lines.reduce((s, [, qty]) => s + qty, 0n), 3));
      const total = goods - discount + freight;
      expect(t.negative).toBe(total < 0n);
      if (total >= 0n) expect(t.total).toBe(asText(total));
    }), { numRuns: 300 });
  });
});

describe('the TSCA certification', () => {
  it('is printed in the words of 19 CFR 12.121 for each statement a contract may keep', () => {
    expect(TSCA_STATEMENTS.map(([s]) => TSCA_CERTIFICATIONS[s].kind)).toEqual(['positive', 'negative']);
    expect(TSCA_CERTIFICATIONS['Complies with all TSCA Rules'].text).toBe('I certify that all chemical substances in this shipment comply with all applicable rules or orders under TSCA and that I am not offering a chemical substance for entry in violation of TSCA or any applicable rule or order under TSCA.');
    expect(TSCA_CERTIFICATIONS['Not subject to TSCA'].text).toBe('I certify that all chemicals in this shipment are not subject to TSCA.');
  });
});
