/** react-admin list parameters -> the API's query string (docs/api.md, Lists): array values comma-joined. */
import type { GetListParams } from 'react-admin';
import { joinCommaList } from '../lib/comma-list';
import { isAdditionalColumn } from '../resources/additional-values';

export function encodeValue(v: unknown): string {
  if (Array.isArray(v)) return joinCommaList(v);
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** `q` (react-admin's search box) becomes `search`; every other filter key passes through as a parameter. */
export function filterParams(filter: Record<string, unknown> | undefined, out = new URLSearchParams()): URLSearchParams {
  for (const [k, v] of Object.entries(filter ?? {})) {
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0) || v === '') continue;
    out.set(k === 'q' ? 'search' : k, encodeValue(v));
  }
  return out;
}

export function listQuery(p: Partial<GetListParams>): string {
  const q = filterParams(p.filter);
  if (p.pagination) {
    // perPage 0 (or "all") asks for every row as a plain array.
    q.set('page_size', String(Math.max(0, p.pagination.perPage ?? 0)));
    if (p.pagination.perPage) q.set('page', String(p.pagination.page));
  }
  if (p.sort?.field) q.set('ordering', `${p.sort.order === 'DESC' ? '-' : ''}${p.sort.field}`);
  const fields = (p.meta as { fields?: string[] } | undefined)?.fields;
  // A company's own field is no field of the record's: the rows carry them all when one is shown (docs/api.md, Additional fields).
  const own = fields?.filter((f) => !isAdditionalColumn(f));
  if (own?.length) q.set('fields', own.join(','));
  if (fields && own && own.length < fields.length) q.set('additional_fields', '1');
  return q.toString();
}

/** A list answer may be a page `{count, results}` or a plain array. */
/** A paged answer whose count is the planner's estimate (long lists) says so in `meta.countIsEstimate`. */
export function listResult<T>(body: { count: number; results: T[]; count_is_estimate?: boolean } | T[]): { data: T[]; total: number; meta?: { countIsEstimate: true } } {
  if (Array.isArray(body)) return { data: body, total: body.length };
  return { data: body.results, total: body.count, ...(body.count_is_estimate ? { meta: { countIsEstimate: true as const } } : {}) };
}
