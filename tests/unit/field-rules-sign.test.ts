/** A minus sign in a decimal input (docs/shell.md, Forms): for coordinates and any decimal declared with a negative minimum, a temperature. */
import { describe, expect, it } from 'vitest';
import { rulesFor, takesMinus } from '../../src/generic/field-rules';
import { decimal } from '../../src/resources/fields';

const problems = (name: string, f: ReturnType<typeof decimal>, v: string) => rulesFor(name, f, 'create').map((rule) => rule(v)).filter(Boolean);

describe('takesMinus', () => {
  it('lets a temperature be below zero, and keeps a volume from it', () => {
    const temperature = decimal({ digits: 5, places: 1, min: -50, max: 150 });
    const volume = decimal({ digits: 12, places: 2, min: 0 });
    expect(takesMinus('target_temp', temperature)).toBe(true);
    expect(problems('target_temp', temperature, '-20.5')).toEqual([]);
    expect(takesMinus('shell_capacity', volume)).toBe(false);
    expect(problems('shell_capacity', volume, '-1')).not.toEqual([]);
    expect(takesMinus('latitude', decimal({ digits: 9, places: 6 }))).toBe(true);
  });
});
