import { describe, expect, it } from 'vitest';
import { deleteFilter, filterNameExists, saveFilter, uiConfigPatch, withRowsPerPage } from '../../src/table/table-config';

describe('saved filters in ui_config', () => {
  it('saves a filter with its label and overwrites one of the same name', () => {
    const a = saveFilter(undefined, ' Class 3 ', { class: { include: ['3'] } });
    expect(a.filters).toEqual([{ label: 'Class 3', filter: { class: { include: ['3'] } } }]);
    expect(filterNameExists(a, 'Class 3')).toBe(true);
    const b = saveFilter(a, 'Class 3', { class: { include: ['3', '8'] } });
    expect(b.filters).toHaveLength(1);
    expect(b.filters![0].filter).toEqual({ class: { include: ['3', '8'] } });
  });
  it('refuses an empty name', () => {
    expect(() => saveFilter({}, '  ', {})).toThrow('non-empty');
  });
  it('keeps other settings and deletes by name', () => {
    const c = saveFilter({ columns: ['name'] }, 'x', {});
    expect(c.columns).toEqual(['name']);
    expect(deleteFilter(c, 'x').filters).toEqual([]);
  });
});

describe('rows per page', () => {
  it('remembers 15/25/50/100/500 but not 0 (all)', () => {
    expect(withRowsPerPage({}, 500)).toEqual({ paginationSettings: { rowsPerPage: 500 } });
    expect(withRowsPerPage({}, 0)).toBeNull();
    expect(withRowsPerPage({}, 33)).toBeNull();
  });
  it('builds the profile patch for one table', () => {
    expect(uiConfigPatch('products', { columns: ['name'] })).toEqual({ ui_config: { products: { columns: ['name'] } } });
  });
});
