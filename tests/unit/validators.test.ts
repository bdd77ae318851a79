import { describe, expect, it } from 'vitest';
import { MESSAGES, email, isBlockedNumericKey, matches, maxLength, onlyDecimals, onlyIntegers, required, validJson } from '../../src/lib/validators';

describe('validators (docs/shell.md, Forms)', () => {
  it('required: null, empty string or undefined gives Required', () => {
    expect(required(null)).toBe('Required');
    expect(required('')).toBe('Required');
    expect(required(undefined)).toBe('Required');
    expect(required(0)).toBeUndefined();
    expect(required(false)).toBeUndefined();
    expect(required('x')).toBeUndefined();
    expect(required.isRequired).toBe(true);
  });

  it('decimals: digits with an optional single point', () => {
    for (const ok of ['1', '12.5', '0.25', '.5', '10.', '']) expect(onlyDecimals(ok)).toBeUndefined();
    for (const bad of ['1.2.3', 'abc', '1,5', '-1', '1e3', ' 1']) expect(onlyDecimals(bad)).toBe('Only decimals');
    expect(onlyDecimals('-113.2', true)).toBeUndefined();
    expect(onlyDecimals('--1', true)).toBe(MESSAGES.decimals);
  });

  it('integers: digits only', () => {
    for (const ok of ['0', '42', 42, '']) expect(onlyIntegers(ok)).toBeUndefined();
    for (const bad of ['4.2', '-1', 'x', '1 2']) expect(onlyIntegers(bad)).toBe('Only integers');
  });

  it('email: no spaces, one at sign, a dot in the domain', () => {
    expect(email('a@b.co')).toBeUndefined();
    expect(email('')).toBeUndefined();
    for (const bad of ['a@b', 'a b@c.d', 'a@@b.c', 'ab.c', '@b.c']) expect(email(bad)).toBe(MESSAGES.email);
  });

  it('numeric inputs block any key but digits and a period', () => {
    const k = (key: string, extra = {}) => ({ key, ...extra });
    expect(isBlockedNumericKey(k('5'), { allowPeriod: true })).toBe(false);
    expect(isBlockedNumericKey(k('.'), { allowPeriod: true })).toBe(false);
    expect(isBlockedNumericKey(k('.'), { allowPeriod: false })).toBe(true);
    expect(isBlockedNumericKey(k('a'), { allowPeriod: true })).toBe(true);
    expect(isBlockedNumericKey(k('-'), { allowPeriod: true })).toBe(true);
    expect(isBlockedNumericKey(k('-'), { allowPeriod: true, allowMinus: true })).toBe(false);
    expect(isBlockedNumericKey(k(' '), { allowPeriod: true })).toBe(true);
    // Editing keys and shortcuts keep working.
    expect(isBlockedNumericKey(k('Backspace'), { allowPeriod: true })).toBe(false);
    expect(isBlockedNumericKey(k('ArrowLeft'), { allowPeriod: true })).toBe(false);
    expect(isBlockedNumericKey(k('v', { ctrlKey: true }), { allowPeriod: true })).toBe(false);
  });

  it('json, pattern and length rules', () => {
    expect(validJson('{"a":1}')).toBeUndefined();
    expect(validJson('{a')).toBe(MESSAGES.json);
    expect(validJson({ a: 1 })).toBeUndefined();
    const stcc = matches('(0[1-9]|[1-3]\\d|4\\d)\\d{5}', 'STCC is 7 digits starting 01-49.');
    expect(stcc('4910165')).toBeUndefined();
    expect(stcc('abc')).toBe('STCC is 7 digits starting 01-49.');
    expect(stcc('49101651')).toBe('STCC is 7 digits starting 01-49.');
    expect(maxLength(3)('abcd')).toMatch(/no more than 3/);
    expect(maxLength(3)('abc')).toBeUndefined();
  });
});
