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

/** `hasNext` comes from the page itself (one row fetched past it), so it holds even when the count is an estimate. */
export function pageLinks(url: URL, page: number, pageSize: number, hasNext: boolean) {
  const link = (p: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(pageSize));
    // A relative link must not start with `//` (dot segments can leave one): that is another host.
    return u.origin === NO_ORIGIN ? u.pathname.replace(/^\/+/, '/') + u.search : u.toString();
  };
  return {
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
