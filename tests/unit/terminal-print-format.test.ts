/** Pure pieces of ticket printing and numbering: formats, template lookup, dangerous-goods text, label numbers. */
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDecimal, safeTimeZone, withUnit } from '../../server/print/format';
import { findTemplate } from '../../server/print/templates';
import { dangerousGoodsDescription, isDangerous } from '../../server/print/ticket-blocks';
import { labelText } from '../../server/print/barcode-sheet';
import { formatTicketNumber } from '../../server/actions/terminal/ticket-numbering';

describe('print formats', () => {
  it('groups thousands without touching the exact decimals', () => {
    expect(formatDecimal('1204331.200')).toBe('1,204,331.200');
    expect(formatDecimal('-1000')).toBe('-1,000');
    expect(formatDecimal('0.99700')).toBe('0.99700');
    expect(formatDecimal(null)).toBe('');
    expect(withUnit('37.986', 'm³')).toBe('37.986 m³');
    expect(withUnit(null, 'm³')).toBe('');
  });

  it("shows times in the site's zone, and falls back when the zone is not valid", () => {
    expect(formatDateTime('2026-11-20T15:05:00Z', 'America/Edmonton')).toBe('2026-11-20 08:05 MST');
    expect(formatDateTime('2026-07-01T15:05:00Z', 'America/Edmonton')).toBe('2026-07-01 09:05 MDT');
    expect(formatDateTime('2026-11-20T15:05:00Z', 'America/Toronto')).toBe('2026-11-20 10:05 EST');
    expect(safeTimeZone('Mars/Olympus')).toBe('America/Edmonton');
    expect(safeTimeZone('Europe/Paris')).toBe('Europe/Paris');
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
