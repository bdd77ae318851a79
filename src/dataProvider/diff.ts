/** PATCH carries only what changed against the record as loaded (docs/shell.md, Data provider), plus id and version. */

import { isEmpty } from '../lib/validators';

/** Forms turn an empty value into '' or null as they please: all empties are the same value. */
export function isEqual(a: unknown, b: unknown): boolean {
  if (a === b || (isEmpty(a) && isEmpty(b))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => isEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (['id', 'version', 'created_at', 'updated_at'].includes(k)) continue;
    if (!previous || !isEqual(v, previous[k])) out[k] = v;
  }
  return out;
}
