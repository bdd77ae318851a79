/** The shared table's columns on a phone (docs/table.md, Phones). */
import { describe, expect, it } from 'vitest';
import { compactColumns } from '../../src/table/compact-columns';
import { defineResource } from '../../src/resources/define';
import { text } from '../../src/resources/fields';
import { ticket } from '../../src/resources/terminal/ticket';

const thing = (compact?: string[]) => defineResource({
  name: 'thing', label: 'Thing', perms: { app: 'demo', model: 'thing' },
  fields: { code: text(), name: text(), kind: text(), note: text() },
  list: { columns: ['code', 'name', 'kind', 'note'], ...(compact ? { compact } : {}) },
});

describe('compact columns', () => {
  it('default to the first three list columns, or what the declaration names', () => {
    expect(thing().list.compact).toEqual(['code', 'name', 'kind']);
    expect(thing(['name', 'note']).list.compact).toEqual(['name', 'note']);
    expect(ticket.list.compact).toEqual(ticket.list.columns.slice(0, 3));
  });

  it('a declaration naming an unknown column stops at load time', () => {
    expect(() => thing(['nope'])).toThrow(/list.compact names unknown field "nope"/);
  });

  it('show the key columns the user keeps visible, in the user order', () => {
    expect(compactColumns(thing(), ['note', 'kind', 'code'])).toEqual(['kind', 'code']);
    expect(compactColumns(thing(['name', 'note']), ['code', 'note', 'name'])).toEqual(['note', 'name']);
  });

  it('fall back to the first visible columns when the user hid every key column', () => {
    expect(compactColumns(thing(['name']), ['note', 'kind'])).toEqual(['note']);
    expect(compactColumns(thing(), ['note'])).toEqual(['note']);
    expect(compactColumns(thing(), [])).toEqual([]);
  });
});
