/**
 * PGlite 0.5.16 copies its whole default parser table into a new object on every query that passes
 * a `parsers` option (`{...defaults, ...options.parsers}`), and drizzle passes one on every query
 * (identity parsers so dates and timestamps arrive as text). Measured: ~175 µs per query, more than
 * a primary-key lookup itself. So the instance is created with those identity parsers as its
 * defaults, and a per-query `parsers` option that only repeats them is dropped before PGlite sees
 * it. Results are unchanged; only the copy goes. Any other parser option is passed on untouched.
 */
import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/** The types drizzle reads as raw text: date, timestamp, timestamptz, interval and their arrays, numeric[]. */
const RAW_TYPES = [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182];
const identity = (value: unknown) => value;
export const RAW_PARSERS: Record<number, (value: string) => unknown> = Object.fromEntries(RAW_TYPES.map((oid) => [oid, identity]));

const IDENTITY_SOURCE = /^\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*$/;
const checked = new WeakMap<object, boolean>();

/** True when every parser given is an identity function for a type the instance already keeps raw. */
function redundant(parsers: NonNullable<QueryOptions['parsers']>): boolean {
  const known = checked.get(parsers);
  if (known !== undefined) return known;
  let ok = true;
  for (const key of Object.keys(parsers)) {
    const fn: unknown = parsers[Number(key)];
    if (!RAW_TYPES.includes(Number(key)) || typeof fn !== 'function' || !(fn === identity || IDENTITY_SOURCE.test(fn.toString()))) { ok = false; break; }
  }
  checked.set(parsers, ok);
  return ok;
}

export function dropRedundantParsers(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, options?.parsers && redundant(options.parsers) ? { ...options, parsers: undefined } : options)) as PGlite['query'];
}
