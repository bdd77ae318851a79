/** DRF-style `next` / `previous` links of a paged list. */
import type { FastifyRequest } from 'fastify';

export function absoluteUrl(req: FastifyRequest): URL {
  return new URL(req.url, `${req.protocol}://${req.host}`);
}

/** `hasNext` comes from the page itself (one row fetched past it), so it holds even when the count is an estimate. */
export function pageLinks(url: URL, page: number, pageSize: number, hasNext: boolean) {
  const link = (p: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(pageSize));
    return u.toString();
  };
  return {
    next: hasNext ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
