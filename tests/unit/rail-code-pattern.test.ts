/** The pattern language of rail numbers (docs/rail.md §9.1): parsing, checks, formatting and the period a number counts in. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, PLACEHOLDERS, exampleFields, formatCode, parsePattern, patternErrors, periodOf } from '../../src/lib/code-pattern';
import { localDateIn } from '../../src/lib/time-zone';

const PBT = { 'company.code': 'PBT' };

describe('formatting (the examples of docs/rail.md §9.1)', () => {
  it('{company.code}{yy}{seq:6}: PBT26000001, PBT26000042, then PBT27000001 in 2027', () => {
    const p = DEFAULT_SETTINGS.bol.pattern;
    expect(formatCode(p, { seq: 1, date: '2026-03-01', fields: PBT }, 'bol')).toBe('PBT26000001');
    expect(formatCode(p, { seq: 42, date: '2026-11-23', fields: PBT }, 'bol')).toBe('PBT26000042');
    // Yearly: 2027 is another period, whose counter starts again at 1.
    expect([periodOf('yearly', '2026-12-31'), periodOf('yearly', '2027-01-01')]).toEqual(['2026', '2027']);
    expect(formatCode(p, { seq: 1, date: '2027-01-01', fields: PBT }, 'bol')).toBe('PBT27000001');
  });

  it('S-{yyyy}-{seq:4}, S-{party.code}-{yy}{seq:3} for Gulf Coast Refining, RS-{seq:6}', () => {
    expect(formatCode('S-{yyyy}-{seq:4}', { seq: 1, date: '2026-11-23', fields: {} }, 'code')).toBe('S-2026-0001');
    expect(formatCode('S-{party.code}-{yy}{seq:3}', { seq: 1, date: '2026-11-23', fields: { 'party.code': 'gcr' } }, 'code')).toBe('S-GCR-26001');
    expect(formatCode('RS-{seq:6}', { seq: 123, date: '2026-11-23', fields: {} }, 'code')).toBe('RS-000123');
  });

  it('the sequence grows past its width without wrapping; {seq} is not padded; {mm} is the month', () => {
    expect(formatCode('RS-{seq:6}', { seq: 1_000_000, date: '2026-01-01', fields: {} }, 'code')).toBe('RS-1000000');
    expect(formatCode('C{seq}', { seq: 7, date: '2026-01-01', fields: {} }, 'code')).toBe('C7');
    expect(formatCode('{yyyy}/{mm}/{seq:2}', { seq: 3, date: '2026-02-28', fields: {} }, 'code')).toBe('2026/02/03');
  });

  it('a record value is written upper-case; a BOL keeps only its letters and digits; an empty value writes nothing', () => {
    expect(formatCode('{origin.code}{seq:3}', { seq: 5, date: '2026-01-01', fields: { 'origin.code': 'fsk-1 a' } }, 'bol')).toBe('FSK1A005');
    expect(formatCode('S-{party.code}-{seq:3}', { seq: 5, date: '2026-01-01', fields: { 'party.code': 'g&c r' } }, 'code')).toBe('S-GC R-005');
    expect(formatCode('{railroad.scac}{seq:3}', { seq: 5, date: '2026-01-01', fields: { 'railroad.scac': null } }, 'bol')).toBe('005');
  });
});

describe('the date a number is given on is the company\'s', () => {
  it('a BOL issued 2026-12-31 23:30 MST is a 2026 number; 00:30 MST on 2027-01-01 a 2027 one', () => {
    const late = localDateIn('2027-01-01T06:30:00Z', 'America/Edmonton')!;
    expect(late).toBe('2026-12-31');
    expect(formatCode(DEFAULT_SETTINGS.bol.pattern, { seq: 9, date: late, fields: PBT }, 'bol')).toBe('PBT26000009');
    const early = localDateIn('2027-01-01T07:30:00Z', 'America/Edmonton')!;
    expect([early, periodOf('yearly', early)]).toEqual(['2027-01-01', '2027']);
  });

  it('month end: 23:30 MST on November 30 is still November', () => {
    const d = localDateIn('2026-12-01T06:30:00Z', 'America/Edmonton')!;
    expect(formatCode('{yyyy}{mm}-{seq:2}', { seq: 1, date: d, fields: {} }, 'code')).toBe('202611-01');
  });

  it('a series never reset counts in one period', () => {
    expect([periodOf('never', '2026-12-31'), periodOf('never', '2027-01-01')]).toEqual(['', '']);
  });
});

describe('checks (400 on pattern)', () => {
  const bol = (p: string, reset?: 'never' | 'yearly') => patternErrors(p, { rule: 'bol', type: 'bol', reset });
  const sale = (p: string, reset?: 'never' | 'yearly') => patternErrors(p, { rule: 'code', type: 'contract_sale', reset });

  it('accepts every default pattern with its default reset', () => {
    for (const [type, s] of Object.entries(DEFAULT_SETTINGS)) {
      expect(patternErrors(s.pattern, { rule: type === 'bol' ? 'bol' : 'code', type: type as keyof typeof DEFAULT_SETTINGS, reset: s.reset }), type).toEqual([]);
    }
  });

  it('exactly one {seq}', () => {
    expect(sale('S-{yyyy}')).toEqual(['Put {seq} exactly once in the pattern.']);
    expect(sale('S-{seq}-{seq:2}')).toEqual(['Put {seq} exactly once in the pattern.']);
  });

  it('unknown placeholders by name, listing the type\'s', () => {
    expect(sale('S-{party.name}-{seq}')).toEqual([`Unknown placeholder {party.name}. Available: ${PLACEHOLDERS.contract_sale.map((p) => p.token).join(', ')}.`]);
    // A BOL has no counterparty; without a type any type's placeholder is known (the field's own check).
    expect(bol('{party.code}{seq}')[0]).toMatch(/^Unknown placeholder \{party\.code\}\. Available: \{seq\}, \{yyyy\}/);
    expect(patternErrors('{party.code}{seq}', { rule: 'bol' })).toEqual([]);
  });

  it('a yearly reset needs the year', () => {
    expect(sale('S-{seq:4}', 'yearly')).toEqual(['A yearly reset needs {yyyy} or {yy} in the pattern, or numbers would repeat from one year to the next.']);
    expect(sale('S-{yy}{seq:4}', 'yearly')).toEqual([]);
    expect(sale('S-{seq:4}', 'never')).toEqual([]);
  });

  it('a BOL\'s text is letters and digits only, and a BOL number at most 30 characters', () => {
    expect(bol('PBT-{yy}{seq:6}')).toEqual(['Write the text of a BOL pattern with letters and digits only (the EDI 404 takes no blanks or other characters).']);
    expect(bol(`${'X'.repeat(21)}{seq:10}`)).toEqual(['A BOL number is at most 30 characters; this pattern makes longer ones.']);
    expect(bol(`${'X'.repeat(20)}{seq:10}`)).toEqual([]);
  });

  it('a code\'s text is letters, digits, spaces and - / . _, starting with a letter, a digit or a placeholder', () => {
    expect(sale('S#{seq}')).toEqual(['Write the text of the pattern with letters, digits, spaces and - / . _ only.']);
    expect(sale('-{seq}')).toEqual(['Start the pattern with a letter, a digit or a placeholder.']);
    expect(sale('{yyyy}/A_B.C D-{seq}')).toEqual([]);
  });

  it('braces that do not pair, a {seq:N} out of 1..10, and a blank pattern', () => {
    expect(sale('S-{seq')).toEqual(['A { opens a placeholder that is not closed.']);
    expect(sale('S-{yy{seq}}')).toEqual(['A { opens a placeholder that is not closed.']);
    expect(sale('S-}{seq}')).toEqual(['A } closes no placeholder; write placeholders as {seq}.']);
    expect(sale('S-{seq:0}')).toEqual(['{seq:N} pads to 1 to 10 digits.']);
    expect(sale('S-{seq:11}')).toEqual(['{seq:N} pads to 1 to 10 digits.']);
    expect(sale('  ')).toEqual(['This field may not be blank.']);
  });

  it('parses text and placeholders in order', () => {
    expect(parsePattern('S-{yyyy}-{seq:4}')).toEqual({ parts: [{ literal: 'S-' }, { name: 'yyyy', width: 0 }, { literal: '-' }, { name: 'seq', width: 4 }] });
  });
});

it('a preview takes the type\'s examples, the company\'s own values over them', () => {
  const fields = exampleFields('bol', { 'company.code': 'NRP' });
  expect(formatCode(DEFAULT_SETTINGS.bol.pattern, { seq: 313, date: '2026-11-23', fields }, 'bol')).toBe('NRP26000313');
  expect(formatCode('{origin.code}{railroad.scac}{seq:4}', { seq: 1, date: '2026-11-23', fields }, 'bol')).toBe('FSKCN0001');
});
