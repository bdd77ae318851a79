import { describe, expect, it } from 'vitest';
import { pickSeparator, splitValues } from '../../src/table/import-split';
import { keepKnown, toggleAll, toggleColumn } from '../../src/table/columns';
import { columnText } from '../../src/table/copy-column';

describe('filter import splitting', () => {
  it('picks the separator that yields the most pieces', () => {
    expect(pickSeparator('A1,B2,C3')).toBe('comma');
    expect(pickSeparator('A1\nB2\nC3\nD4')).toBe('newline');
    expect(pickSeparator('A1 B2 C3')).toBe('space');
    expect(pickSeparator('TILX 1234\nGATX 55\nUTLX 9')).toBe('space');
    expect(pickSeparator('a, b\nc')).toBe('comma');
  });

  it('drops empty values and duplicates, trimming each', () => {
    expect(splitValues(' A ,, B,A ,\n', 'comma')).toEqual(['A', 'B']);
    expect(splitValues('x\r\ny\n\nx', 'newline')).toEqual(['x', 'y']);
    expect(splitValues('', 'space')).toEqual([]);
  });
});

describe('column toggling (docs/table.md, Columns)', () => {
  const all = ['name', 'code', 'class'];
  it('Toggle All selects all, or clears all when all are selected', () => {
    expect(toggleAll(['name'], all)).toEqual(all);
    expect(toggleAll(all, all)).toEqual([]);
    expect(toggleAll(['class', 'code', 'name'], all)).toEqual([]);
  });
  it('keeps only names in the full column list', () => {
    expect(keepKnown(['name', 'gone', 'name', 'class'], all)).toEqual(['name', 'class']);
    expect(toggleAll(['name', 'code', 'class', 'gone'], all)).toEqual([]);
  });
  it('toggles one column in the table order', () => {
    expect(toggleColumn(['class'], all, 'name')).toEqual(['name', 'class']);
    expect(toggleColumn(['name', 'class'], all, 'name')).toEqual(['class']);
    expect(toggleColumn(['name'], all, 'unknown')).toEqual(['name']);
  });
});

describe('copy column', () => {
  it('joins values by comma, space or new line, empty for null', () => {
    expect(columnText(['A', null, 3], 'comma')).toBe('A,,3');
    expect(columnText(['A', 'B'], 'space')).toBe('A B');
    expect(columnText(['A', 'B'], 'newline')).toBe('A\nB');
  });
});
