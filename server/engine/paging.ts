/** DRF-style `next` / `previous` links of a paged list. */
import type { FastifyRequest } from 'fastify';

export function absoluteUrl(req: FastifyRequest): URL {
  return new URL(req.url, `${req.protocol}://${req.host}`);
}

export function pageLinks(url: URL, page: number, pageSize: number, count: number) {
  const link = (p: number) => {
    const u = new URL(url);
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(pageSize));
    return u.toString();
  };
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
