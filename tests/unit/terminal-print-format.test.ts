/** Pure pieces of ticket printing and numbering: formats, template lookup, dangerous-goods text, label numbers. */
import { describe, expect, it } from 'vitest';
import { findTemplate } from '../../server/print/templates';
import { dangerousGoodsDescription, isDangerous } from '../../server/print/ticket-blocks';
import { labelText } from '../../server/print/barcode-sheet';
import { formatTicketNumber } from '../../server/actions/terminal/ticket-numbering';
import { measure } from '../../server/print/format';
import { ticket } from '../../src/resources/terminal/ticket';

describe('print formats', () => {
  it('writes a quantity by its field declaration: places, grouping and unit (the screens\' rule)', () => {
    const row = { temperature: '12.4', net_weight: '32130', bsw_percent: '0.4', correction_factor: '0.997', net_volume: '37.986', code: 'T-1' };
    expect(measure(ticket, row, 'temperature')).toBe('12.40 °C');
    expect(measure(ticket, row, 'net_weight')).toBe('32,130.0 kg');
    expect(measure(ticket, row, 'bsw_percent')).toBe('0.400%');
    expect(measure(ticket, row, 'correction_factor')).toBe('0.99700');
    expect(measure(ticket, row, 'net_volume', 'm3')).toBe('37.986 m³');
    expect(measure(ticket, row, 'net_volume', 'USgal')).toBe('37.986 US gal');
    expect(measure(ticket, { temperature: null }, 'temperature')).toBe('');
    expect(measure(ticket, row, 'code')).toBe('T-1');
  });
});

describe('templates', () => {
  it('defaults to the latest BOL and refuses unknown types and versions', () => {
    expect(findTemplate('ticketview', undefined, undefined)).toMatchObject({ type: 'BOL', version: 1 });
    expect(findTemplate('ticketview', 'run', '1')).toMatchObject({ type: 'RUN', version: 1 });
    expect(() => findTemplate('ticketview', 'XYZ', undefined)).toThrow();
    expect(() => findTemplate('ticketview', 'BOL', '2')).toThrow();
  });

  it('writes the dangerous-goods basic description in TDG order', () => {
    const crude = { unCode: 'UN1267', shipping_name: 'Petroleum crude oil', hazard_class: '3', packingGroup: 'I' };
    expect(dangerousGoodsDescription(crude)).toBe('UN1267, PETROLEUM CRUDE OIL, 3, PG I');
    expect(dangerousGoodsDescription({ unCode: 'UN1075', product_name: 'Propane', hazard_class: '2.1', packingGroup: null })).toBe('UN1075, PROPANE, 2.1');
    expect(isDangerous(crude)).toBe(true);
    expect(isDangerous({ product_name: 'Canola oil' })).toBe(false);
  });
});

describe('numbers', () => {
  it('pads ticket and label numbers', () => {
    expect(formatTicketNumber('T', 123)).toBe('T-000123');
    expect(formatTicketNumber('W', 1234567)).toBe('W-1234567');
    expect(labelText('SB', 61)).toBe('SB00000061');
  });
});
