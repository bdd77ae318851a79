/**
 * A company's additional fields in the screens' declaration (src/resources/additional-values.ts):
 * fields of their kind with the server's own check, list columns and a form section, read from a
 * record's `additional_fields`, and asked for by a list that shows one (src/dataProvider/query.ts).
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/resources/index';
import { type AdditionalDef, additionalFieldOf, valueAt, withAdditionalColumns, withAdditionalFields } from '../../src/resources/additional-values';
import { additionalTargets } from '../../src/resources/additional-targets';
import { rulesFor } from '../../src/generic/field-rules';
import { displayValue } from '../../src/table/grid-columns';
import { listQuery } from '../../src/dataProvider/query';

const defs: AdditionalDef[] = [
  { name: 'sap_material', label: 'SAP material', kind: 'text', required: true, choices: [] },
  { name: 'flash_point', label: 'Flash point', kind: 'number', required: false, choices: [] },
  { name: 'hazard_class', label: 'Hazard class', kind: 'choice', required: false, choices: ['3', '8'] },
];

const firstError = (name: string, def: AdditionalDef, v: unknown) => rulesFor(name, additionalFieldOf(def), 'create').map((rule) => rule(v)).find(Boolean);

describe('the declaration with additional fields', () => {
  const product = getResource('product');
  const r = withAdditionalFields(product, defs);

  it('adds them as fields, list columns after the declared ones and a form section of their own; none leaves the declaration as it is', () => {
    expect(withAdditionalFields(product, [])).toBe(product);
    expect(r.list.columns.slice(-3)).toEqual(['additional_fields.sap_material', 'additional_fields.flash_point', 'additional_fields.hazard_class']);
    expect(r.form.sections.at(-1)).toEqual({ label: 'Additional fields', fields: ['additional_fields.sap_material', 'additional_fields.flash_point', 'additional_fields.hazard_class'] });
    expect(r.fields['additional_fields.hazard_class']).toMatchObject({ kind: 'choice', label: 'Hazard class', choices: [['3', '3'], ['8', '8']], sortable: false });
    expect(product.fields['additional_fields.sap_material']).toBeUndefined();
  });

  it('checks a value in the form as the server does', () => {
    expect(firstError('additional_fields.sap_material', defs[0], '')).toBe('Required');
    expect(firstError('additional_fields.sap_material', defs[0], 'x'.repeat(501))).toMatch(/500/);
    expect(firstError('additional_fields.flash_point', defs[1], '1.2345678')).toBeTruthy();
    expect(firstError('additional_fields.flash_point', defs[1], '-12.5')).toBeUndefined();
  });

  it('shows a number as it was written, not padded to six places', () => {
    expect(displayValue(r.fields['additional_fields.flash_point'], '61.5')).toBe('61.5');
  });

  it('reads a record\'s value from its additional_fields, and a table row carries each under its column', () => {
    const record = { id: 1, name: 'Diesel', additional_fields: { flash_point: '61.5' } };
    expect([valueAt(record, 'name'), valueAt(record, 'additional_fields.flash_point'), valueAt(record, 'additional_fields.sap_material')]).toEqual(['Diesel', '61.5', undefined]);
    expect(withAdditionalColumns(record)).toMatchObject({ 'additional_fields.flash_point': '61.5' });
    const plain = { id: 2, name: 'x' };
    expect(withAdditionalColumns(plain)).toBe(plain);
  });

  it('a list that shows one asks for the rows\' values and sends only declared fields', () => {
    const q = new URLSearchParams(listQuery({ meta: { fields: ['name', 'additional_fields.flash_point'] }, filter: { 'additional_fields.flash_point__gte': '60' } }));
    expect([q.get('fields'), q.get('additional_fields'), q.get('additional_fields.flash_point__gte')]).toEqual(['name', '1', '60']);
    expect(new URLSearchParams(listQuery({ meta: { fields: ['name'] } })).get('additional_fields')).toBeNull();
  });

  it('the additional fields form picks the resource from those that take fields, by name', () => {
    const names = additionalTargets().map(([v]) => v);
    expect(names).toContain('product');
    expect(names).toContain('terminalboss/v3/location-product');
    expect(names).not.toContain('audit/crud');
    expect(names).not.toContain('additional_fields');
  });
});
