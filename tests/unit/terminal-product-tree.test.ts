import { describe, expect, it } from 'vitest';
import { groupProducts } from '../../src/custom/terminal/product/product-tree';

describe('product tree grouping', () => {
  it('groups by product type in the declared order, leaving out empty types, untyped last', () => {
    const types = [['crude_oil', 'Crude oil'], ['diluent', 'Diluent'], ['waste', 'Waste']] as const;
    const products = [{ id: 1, productType: 'waste' }, { id: 2, productType: 'crude_oil' }, { id: 3, productType: 'crude_oil' }, { id: 4, productType: null }];
    const groups = groupProducts(products, types);
    expect(groups.map((g) => [g.label, g.products.map((p) => p.id)])).toEqual([['Crude oil', [2, 3]], ['Waste', [1]], ['No type', [4]]]);
  });
});
