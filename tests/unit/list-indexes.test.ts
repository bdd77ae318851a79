/**
 * The list indexes derived from the declarations (server/db/tables.ts `listIndexShapes`,
 * docs/architecture.md "List indexes"): a large list has an index led by the tenant column for each
 * filterable list column, followed by its ordering, and the built tables really carry them.
 */
import { describe, expect, it } from 'vitest';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { columnName, listIndexShapes, tableOf } from '../../server/db/tables';
import { resources } from '../../src/resources/index';
import { isFilterable } from '../../src/resources/fields';
import { product } from '../../src/resources/logistics/product';
import { party } from '../../src/resources/logistics/party';
import { ticket } from '../../src/resources/terminal/ticket';
import type { Resource } from '../../src/resources/define';

/** Each index of the built table: its SQL column names in order, and whether it is unique. */
const indexesOf = (r: Resource) => getTableConfig(tableOf(r)).indexes.map((i) => ({
  name: i.config.name!, unique: i.config.unique, cols: i.config.columns.map((c) => (c as PgColumn).name),
}));
const sqlCols = (r: Resource, names: string[]) => names.map((n) => (n in r.fields ? columnName(n, r.fields[n]) : n));

describe('derived list indexes', () => {
  it('give products one (company, column, name) index per filter column, the UN number among them', () => {
    const shapes = listIndexShapes(product);
    expect(shapes).toContainEqual(['company', 'unCode', 'name']);
    for (const col of ['stcc', 'unCode', 'class', 'packingGroup', 'enabled']) expect(shapes).toContainEqual(['company', col, 'name']);
    // The unfiltered list in its ordering; name is that ordering and code is unique within the company.
    expect(shapes).toContainEqual(['company', 'name']);
    expect(shapes.some((s) => s[1] === 'code' && s.length > 2)).toBe(false);
  });

  it('give each further declared ordering the same set: products read by code, filtered on any column', () => {
    expect(product.list.orderings).toEqual(['code']);
    const shapes = listIndexShapes(product);
    for (const col of ['name', 'stcc', 'unCode', 'class', 'packingGroup', 'enabled']) expect(shapes).toContainEqual(['company', col, 'code']);
    // The unfiltered list by code is the unique (company, code) key; the plain (company, name) is served by (company, name, code).
    const built = indexesOf(product).map((i) => i.cols.join(','));
    expect(built).toContain('company_id,code');
    expect(built).toContain('company_id,name,code');
    expect(built).not.toContain('company_id,name');
  });

  it('follow a descending ordering of several fields with ascending columns (read backwards)', () => {
    expect(ticket.list.ordering).toEqual(['-ticket_date', '-code']);
    const shapes = listIndexShapes(ticket);
    expect(shapes).toContainEqual(['company', 'ticket_date', 'code']);
    for (const col of ['status', 'ticket_type', 'created_by_server', 'product', 'shipper', 'carrier', 'net_volume']) {
      expect(shapes).toContainEqual(['company', col, 'ticket_date', 'code']);
    }
  });

  it('are only derived for lists declared large, whatever indexes others declare', () => {
    expect(party.large).toBe(false);
    expect(listIndexShapes(party)).toEqual([]);
    const declaredOnly = { ...product, large: false };
    expect(listIndexShapes(declaredOnly)).toEqual([]);
    expect(resources.filter((r) => r.large).map((r) => r.perms.model).sort()).toEqual(['billoflading', 'car', 'carevent', 'loadedrailcar', 'product', 'railshipment', 'ticket', 'trip']);
  });

  it('are in the built tables for every filterable list column, and no plain index repeats the start of another', () => {
    let large = 0;
    for (const r of resources) {
      const built = indexesOf(r);
      for (const a of built) {
        if (a.unique) continue;
        const shadow = built.find((b) => b !== a && b.cols.length >= a.cols.length && a.cols.every((c, i) => b.cols[i] === c));
        expect(shadow, `${a.name} repeats the start of ${shadow?.name}`).toBeUndefined();
      }
      if (!listIndexShapes(r).length) continue;
      large++;
      for (const shape of listIndexShapes(r)) {
        const want = sqlCols(r, shape);
        // Served when some index starts with the shape (a unique key may be that index).
        expect(built.some((b) => want.every((c, i) => b.cols[i] === c)), `${r.name}: (${want.join(', ')})`).toBe(true);
      }
      const lead = r.tenant === 'company' ? ['company_id'] : [];
      for (const n of r.list.columns) {
        const f = r.fields[n];
        if (!f || f.computed || f.kind === 'refs' || f.kind === 'tags' || !isFilterable(f)) continue;
        const col = columnName(n, f);
        expect(built.some((b) => [...lead, col].every((c, i) => b.cols[i] === c)), `${r.name}: no index led by (${[...lead, col].join(', ')})`).toBe(true);
      }
    }
    expect(large).toBeGreaterThanOrEqual(2);
  });

  it('keep a declared list index under its own name', () => {
    expect(product.indexes).toContainEqual(['company', 'class', 'name']);
    expect(indexesOf(product).map((i) => i.name)).toContain('product_company_class_name_idx');
    expect(indexesOf(product).find((i) => i.name === 'product_company_unCode_name_idx')?.cols).toEqual(['company_id', 'unCode', 'name']);
  });
});
