/**
 * DRF-style `next` / `previous` links of a paged list. They are never built from the Host header
 * (the client's word: `Host: evil.example` would put evil.example into every link): absolute from
 * PUBLIC_URL when it is set, otherwise relative to the server's root (`/api/...?page=2`), which a
 * client resolves against the address it used, whatever name the LAN gives the server.
 */
import type { FastifyRequest } from 'fastify';

/** Stands in for the origin of a relative link while the query is rewritten; never sent. */
const NO_ORIGIN = 'http://relative.invalid';

/** The request's URL, on PUBLIC_URL's origin (and path prefix) or, unconfigured, on none. */
export function absoluteUrl(req: FastifyRequest): URL {
  const { publicUrl, publicUrlConfigured } = req.server.services.config;
  // One leading slash: `//other.example/...` (or `/\\other...`) must stay a path.
  const path = `/${req.url.replace(/^[/\\]+/, '')}`;
  return new URL((publicUrlConfigured ? publicUrl : NO_ORIGIN) + path);
}

/** The request's link with `set` parameters set and `drop` ones left out. */
function linkTo(url: URL, set: Record<string, string>, drop: string[]) {
  const u = new URL(url);
  for (const name of drop) if (!(name in set)) u.searchParams.delete(name);
  for (const [name, value] of Object.entries(set)) u.searchParams.set(name, value);
  // A relative link must not start with `//` (dot segments can leave one): that is another host.
  return u.origin === NO_ORIGIN ? u.pathname.replace(/^\/+/, '/') + u.search : u.toString();
}

/** `hasNext` comes from the page itself (one row fetched past it), so it holds even when the count is an estimate. */
export function pageLinks(url: URL, page: number, pageSize: number, hasNext: boolean) {
  const link = (p: number) => linkTo(url, { page: String(p), page_size: String(pageSize) }, ['cursor']);
  return {
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

interface PageRef { page?: number; cursor?: string }

/**
 * The links of a page of a large list (docs/api.md, Cursors): the same query at the next (previous)
 * page's number and cursor; a page of no known number has none, page 1 no cursor.
 */
export function cursorLinks(url: URL, pageSize: number, refs: { next: PageRef | null; previous: PageRef | null }) {
  const link = (ref: PageRef | null) => {
    if (!ref) return null;
    const set: Record<string, string> = { page_size: String(pageSize) };
    if (ref.page !== undefined) set.page = String(ref.page);
    if (ref.cursor !== undefined) set.cursor = ref.cursor;
    return linkTo(url, set, ['page', 'cursor']);
  };
  return { next: link(refs.next), previous: link(refs.previous) };
}
