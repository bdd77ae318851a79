import { describe, expect, it } from 'vitest';
import { listResult } from '../../src/dataProvider/query';

describe('list answers', () => {
  it('reads paged and plain answers', () => {
    expect(listResult({ count: 2, results: [{ id: 1 }, { id: 2 }] })).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(listResult([{ id: 1 }])).toEqual({ data: [{ id: 1 }], total: 1 });
  });
  it('passes an estimated count on as such', () => {
    expect(listResult({ count: 20000, results: [], count_is_estimate: true })).toEqual({ data: [], total: 20000, meta: { countIsEstimate: true } });
  });
});
