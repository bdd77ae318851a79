// @vitest-environment jsdom
/**
 * The table's next and previous of a large list go by the cursors the pages' links name
 * (src/dataProvider/cursor-pages.ts; docs/table.md, Paging): the page after or before the one just
 * read is asked with its number and its cursor, any other page (a jump, other filters, another page
 * size) by its number alone, page 1 always by number, and a refused cursor by number again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import { createCursorPages, listKey } from '../../src/dataProvider/cursor-pages';

/** A server of a large list: each page links to its neighbours with cursors `c<page>` (page 1 without). */
function server(o: { refuse?: boolean } = {}) {
  const asked: URLSearchParams[] = [];
  const fetch = vi.fn(async (url: string) => {
    const q = new URL(url, 'http://x').searchParams;
    asked.push(q);
    if (o.refuse && q.has('cursor')) return new Response(JSON.stringify({ cursor: ['Invalid cursor.'] }), { status: 400, headers: { 'content-type': 'application/json' } });
    const page = Number(q.get('page'));
    const link = (p: number) => `/api/car_event/?page_size=${q.get('page_size')}&page=${p}${p > 1 ? `&cursor=c${p}` : ''}`;
    return new Response(JSON.stringify({ count: 1000, next: link(page + 1), previous: page > 1 ? link(page - 1) : null, results: [{ id: page }] }), { headers: { 'content-type': 'application/json' } });
  });
  const dp = createDataProvider({ apiUrl: '/api', getToken: () => 'k'.repeat(40), fetch: fetch as unknown as typeof globalThis.fetch });
  const list = (page: number, perPage = 25, filter: Record<string, unknown> = {}) =>
    dp.getList('car_event', { pagination: { page, perPage }, sort: { field: 'event_time', order: 'DESC' }, filter });
  return { asked, list };
}

describe("the table's paging of a large list", () => {
  it('asks the page after or before the last one read by its cursor, and any other page by number', async () => {
    const { asked, list } = server();
    const cursorOf = () => asked.at(-1)!.get('cursor');
    await list(1);
    expect(cursorOf()).toBeNull();
    await list(2);
    expect([asked.at(-1)!.get('page'), cursorOf()]).toEqual(['2', 'c2']);
    await list(3);
    expect(cursorOf()).toBe('c3');
    await list(2);
    expect(cursorOf()).toBe('c2');
    // Asked again (a refresh), the page reads from the same place.
    await list(2);
    expect(cursorOf()).toBe('c2');
    // Page 1 is the list's head, by number.
    await list(1);
    expect(cursorOf()).toBeNull();
    // A jump, other filters or another page size: by number.
    await list(40);
    expect(cursorOf()).toBeNull();
    await list(41, 25, { car: [7] });
    expect(cursorOf()).toBeNull();
    await list(41, 50);
    expect(cursorOf()).toBeNull();
    await list(41);
    expect(cursorOf()).toBe('c41');
  });

  it('asks by number again when the server refuses a cursor', async () => {
    const { asked, list } = server({ refuse: true });
    await list(1);
    const res = await list(2);
    expect(res.data).toEqual([{ id: 2 }]);
    expect(asked.map((q) => q.get('cursor'))).toEqual([null, 'c2', null]);
  });

  it('keys a list by its query without the page, and forgets the oldest of many lists', () => {
    expect(listKey('car_event', 'page_size=25&page=3&ordering=-event_time')).toBe(listKey('car_event', 'page_size=25&ordering=-event_time&page=9'));
    expect(listKey('car_event', 'page_size=25&page=3')).not.toBe(listKey('car_event', 'page_size=50&page=3'));
    const pages = createCursorPages();
    pages.remember('first', 1, undefined, { next: '/x/?page=2&cursor=a' });
    for (let i = 0; i < 60; i++) pages.remember(`list ${i}`, 1, undefined, { next: '/x/?page=2&cursor=b' });
    expect(pages.cursorFor('first', 2)).toBeUndefined();
    expect(pages.cursorFor('list 59', 2)).toBe('b');
  });
});
