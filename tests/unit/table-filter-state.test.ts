import { describe, expect, it } from 'vitest';
import { chipsOf, importValues, includeOnly, removeColumnFilter, stateOf, toQuery, toggleValue } from '../../src/table/filter-state';

describe('column filter toggling (docs/table.md, Filters)', () => {
  it('a value not yet filtered is added to include', () => {
    const f = toggleValue({}, 'class', '3');
    expect(f).toEqual({ class: { include: ['3'] } });
    expect(toggleValue(f, 'class', '8')).toEqual({ class: { include: ['3', '8'] } });
  });

  it('a value in include moves to exclude and the include list is cleared', () => {
    const f = toggleValue({ class: { include: ['3', '8'] } }, 'class', '3');
    expect(f).toEqual({ class: { exclude: ['3'] } });
    expect(stateOf(f, 'class', '3')).toBe('exclude');
    expect(stateOf(f, 'class', '8')).toBe('none');
  });

  it('a value in exclude is removed; the column filter disappears when exclude is empty', () => {
    const two = { class: { exclude: ['3', '8'] } };
    expect(toggleValue(two, 'class', '3')).toEqual({ class: { exclude: ['8'] } });
    expect(toggleValue({ class: { exclude: ['3'] }, name: { include: ['x'] } }, 'class', '3')).toEqual({ name: { include: ['x'] } });
  });

  it('adding to include replaces an exclude list, so a column holds one list only', () => {
    expect(toggleValue({ class: { exclude: ['3'] } }, 'class', '8')).toEqual({ class: { include: ['8'] } });
  });

  it('does not mutate its input', () => {
    const f = { class: { include: ['3'] } };
    toggleValue(f, 'class', '3');
    expect(f).toEqual({ class: { include: ['3'] } });
  });

  it('"Include ONLY this" replaces all filters', () => {
    expect(includeOnly('name', 'Propane')).toEqual({ name: { include: ['Propane'] } });
  });

  it('import adds unique non-empty values, or replaces with "only"', () => {
    const f = { code: { include: ['A'] } };
    expect(importValues(f, 'code', ['B', '', 'A', 'B'], false)).toEqual({ code: { include: ['A', 'B'] } });
    expect(importValues(f, 'code', ['C', 'C', ''], true)).toEqual({ code: { include: ['C'] } });
    expect(importValues(f, 'code', ['', ''], true)).toBe(f);
  });

  it('builds list query parameters with escaped commas', () => {
    expect(toQuery({ name: { include: ['Sulphur, Molten', 'Propane'] }, class: { exclude: ['3'] } }))
      .toEqual({ name: 'Sulphur\\, Molten,Propane', class__not_in: '3' });
  });

  it('shows one chip per column filter and removes a column', () => {
    const f = { name: { include: ['A', ''] }, class: { exclude: ['3'] } };
    expect(chipsOf(f, (c) => c.toUpperCase())).toEqual([
      { column: 'name', kind: 'include', label: 'NAME: A, (empty)' },
      { column: 'class', kind: 'exclude', label: 'CLASS ≠ 3' },
    ]);
    expect(removeColumnFilter(f, 'name')).toEqual({ class: { exclude: ['3'] } });
  });
});
