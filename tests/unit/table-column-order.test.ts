import { describe, expect, it } from 'vitest';
import { columnOrder, defaultColumns, moveColumn, toggleColumn, visibleInOrder } from '../../src/table/columns';
import { getResource } from '../../src/resources/index';

describe('column order (ui_config[table].order)', () => {
  const all = ['id', 'name', 'code', 'class', 'created_at'];

  it('puts the saved order first, then the defaults, then the rest; unknown names dropped', () => {
    expect(columnOrder(undefined, ['name', 'code'], all)).toEqual(['name', 'code', 'id', 'class', 'created_at']);
    expect(columnOrder(['class', 'gone', 'name'], ['name', 'code'], all)).toEqual(['class', 'name', 'code', 'id', 'created_at']);
  });

  it('shows the visible columns in that order', () => {
    expect(visibleInOrder(['class', 'name', 'code'], ['name', 'class'])).toEqual(['class', 'name']);
  });

  it('moves a column one place, and not past either end', () => {
    const order = ['a', 'b', 'c', 'd'];
    const shown = order;
    expect(moveColumn(order, shown, 'b', 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveColumn(order, shown, 'b', -1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveColumn(order, shown, 'a', -1)).toEqual(order);
    expect(moveColumn(order, shown, 'd', 1)).toEqual(order);
    expect(moveColumn(order, shown, 'zz', 1)).toEqual(order);
  });

  it('moves a visible column past hidden ones to its next visible neighbour', () => {
    const order = ['a', 'b', 'h', 'c'];
    const shown = ['a', 'b', 'c'];
    expect(moveColumn(order, shown, 'b', 1)).toEqual(['a', 'h', 'c', 'b']);
    expect(moveColumn(order, shown, 'c', -1)).toEqual(['a', 'c', 'b', 'h']);
    // No visible neighbour below: unchanged.
    expect(moveColumn(['a', 'b', 'h'], ['a', 'b'], 'b', 1)).toEqual(['a', 'b', 'h']);
    // A hidden column moves one place.
    expect(moveColumn(order, shown, 'h', -1)).toEqual(['a', 'h', 'b', 'c']);
  });

  it('showing or hiding a column keeps the user order', () => {
    const order = ['class', 'name', 'code'];
    expect(toggleColumn(['class', 'name'], order, 'code')).toEqual(['class', 'name', 'code']);
    expect(toggleColumn(['class', 'name', 'code'], order, 'name')).toEqual(['class', 'code']);
  });
});

describe('default columns', () => {
  const product = getResource('product');
  it('lead with the company for a user who sees several companies\' rows', () => {
    expect(defaultColumns(product, true)).toEqual(['company', ...product.list.columns]);
    expect(defaultColumns(product, false)).toEqual(product.list.columns);
  });
  it('leave resources without a company column as declared', () => {
    const company = getResource('company');
    expect(defaultColumns(company, true)).toEqual(company.list.columns);
  });
});
