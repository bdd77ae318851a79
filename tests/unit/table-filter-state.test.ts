import { describe, expect, it } from 'vitest';
import { chipsOf, importValues, includeOnly, removeColumnFilter, setIncluded, setRange, stateOf, toQuery, toggleValue } from '../../src/table/filter-state';

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

  it('names the values as the cells show them, and says how many more than three a chip holds', () => {
    const site = 'c0a8f4e2-0000-4000-8000-000000000001';
    const names: Record<string, string> = { [site]: 'Fort Saskatchewan Terminal' };
    const f = { created_by_server: { include: [site] }, code: { exclude: ['A', 'B', 'C', 'D', 'E'] } };
    expect(chipsOf(f, (c) => (c === 'created_by_server' ? 'Site' : 'Code'), (_c, v) => names[v] ?? v)).toEqual([
      { column: 'created_by_server', kind: 'include', label: 'Site: Fort Saskatchewan Terminal' },
      { column: 'code', kind: 'exclude', label: 'Code ≠ A, B, C +2 more' },
    ]);
  });

  it('holds a range beside a column\'s list: the filter bar\'s dates, sent as __gte / __lte', () => {
    let f = setRange({}, 'ticket_date', '2026-11-01', '');
    expect(f).toEqual({ ticket_date: { from: '2026-11-01' } });
    f = setRange(f, 'ticket_date', '2026-11-01', '2026-11-20');
    expect(toQuery(f)).toEqual({ ticket_date__gte: '2026-11-01', ticket_date__lte: '2026-11-20' });
    // The cell menu's toggling and the filter bar's list keep the range, and the range keeps the list.
    f = toggleValue(f, 'ticket_date', '2026-11-05');
    expect(f.ticket_date).toEqual({ from: '2026-11-01', to: '2026-11-20', include: ['2026-11-05'] });
    f = setRange(f, 'ticket_date', '', '');
    expect(f).toEqual({ ticket_date: { include: ['2026-11-05'] } });
    f = setIncluded(f, 'ticket_date', []);
    expect(f).toEqual({});
    expect(chipsOf(setRange({}, 'ticket_date', '', '2026-11-20'), () => 'Ticket date')).toEqual([
      { column: 'ticket_date', kind: 'include', label: 'Ticket date: until 2026-11-20' },
    ]);
    expect(chipsOf({ status: { include: ['void'] }, ticket_date: { from: '2026-11-01', to: '2026-11-20', exclude: ['2026-11-02'] } }, (c) => c)).toEqual([
      { column: 'status', kind: 'include', label: 'status: void' },
      { column: 'ticket_date', kind: 'exclude', label: 'ticket_date ≠ 2026-11-02; from 2026-11-01 to 2026-11-20' },
    ]);
  });

  it('the filter bar sets a column\'s include list to exactly its choice, replacing an exclude list', () => {
    const f = setIncluded({ status: { exclude: ['void'] }, product: { include: ['p1'] } }, 'status', ['completed', 'draft', 'completed']);
    expect(f).toEqual({ status: { include: ['completed', 'draft'] }, product: { include: ['p1'] } });
    expect(setIncluded(f, 'product', [])).toEqual({ status: { include: ['completed', 'draft'] } });
  });
});
