import { describe, expect, it } from 'vitest';
import { countLabel, formatQuantity, plural } from '../../src/lib/format';

describe('quantities and plurals (docs/shell.md, Display)', () => {
  it('formats in English number format with the chosen decimals', () => {
    expect(formatQuantity(1234.5, 2)).toBe('1,234.50');
    expect(formatQuantity('0.8700', 2)).toBe('0.87');
    expect(formatQuantity(1234567, 0)).toBe('1,234,567');
    expect(formatQuantity(2.5, 0)).toBe('3');
    expect(formatQuantity(-1.234, 1)).toBe('-1.2');
    expect(formatQuantity(null)).toBe('');
    expect(formatQuantity('')).toBe('');
    expect(formatQuantity('abc')).toBe('abc');
  });

  it("plurals add 's' unless the count is 1", () => {
    expect(plural(1, 'car')).toBe('car');
    expect(plural(0, 'car')).toBe('cars');
    expect(plural(2, 'car')).toBe('cars');
    expect(plural(1.5, 'tonne')).toBe('tonnes');
    expect(countLabel(1, 'car')).toBe('1 car');
    expect(countLabel(1200, 'car')).toBe('1,200 cars');
    expect(countLabel(9, 'party', 0, 'parties')).toBe('9 parties');
    expect(countLabel(1, 'party', 0, 'parties')).toBe('1 party');
  });
});
