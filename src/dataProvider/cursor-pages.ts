/**
 * Next and previous of a large list by the server's cursors (docs/table.md, Paging; docs/api.md,
 * Cursors). A page of a large list links to the pages beside it with their numbers and cursors; the
 * table still asks by page number, and when the page it asks for is one of those, the request also
 * carries that page's cursor: the server then reads from the row where the page before ended, as
 * fast at the 10,000th page as at the first, and a row written meanwhile is neither shown twice
 * nor skipped. Any other page (a jump, a change of filters, sort or page size) is asked by number
 * alone, as before.
 */

/** Lists remembered at once (one per table and query); the oldest is forgotten first. */
const KEPT = 50;

export interface CursorPages {
  /** The cursor that reads page `page` of the list `key` (its query without the page), when a page beside it named one. */
  cursorFor(key: string, page: number): string | undefined;
  /** What the answer to page `page` (read with `cursor`, if any) tells about the pages beside it. */
  remember(key: string, page: number, cursor: string | undefined, links: { next?: string | null; previous?: string | null }): void;
}

/** The `page` and `cursor` of a list link, when it has both. */
function pageOf(link: string | null | undefined): [number, string] | undefined {
  if (!link) return undefined;
  const q = new URL(link, 'http://relative.invalid').searchParams;
  const page = Number(q.get('page'));
  const cursor = q.get('cursor');
  return cursor && Number.isInteger(page) && page > 0 ? [page, cursor] : undefined;
}

export function createCursorPages(): CursorPages {
  const lists = new Map<string, Map<number, string>>();
  return {
    cursorFor: (key, page) => lists.get(key)?.get(page),
    remember(key, page, cursor, links) {
      const known = new Map<number, string>();
      // Asked again (a refresh after an edit), the page reads from the same place.
      if (cursor) known.set(page, cursor);
      for (const link of [links.next, links.previous]) {
        const at = pageOf(link);
        if (at) known.set(at[0], at[1]);
      }
      lists.delete(key);
      if (!known.size) return;
      if (lists.size >= KEPT) lists.delete(lists.keys().next().value!);
      lists.set(key, known);
    },
  };
}

/** The list's query without its page number: what identifies one list among the pages asked. */
export function listKey(resource: string, query: string): string {
  const q = new URLSearchParams(query);
  q.delete('page');
  q.delete('cursor');
  return `${resource}?${q}`;
}
