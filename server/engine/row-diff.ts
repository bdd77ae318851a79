/**
 * What a write changed in a record, field by field, as the API shows the values: the audit
 * trails (ticket history, rail history) store these diffs.
 */
import type { Resource } from '../../src/resources/define';
import { type Row, serialize } from './serialize';

export type Changes = Record<string, [unknown, unknown]>;

/** Fields whose change is bookkeeping, not content. */
const IGNORED = new Set(['id', 'version', 'created_at', 'updated_at', 'company', 'legacy_id']);

/** `{field: [from, to]}` for every field that differs between two stored rows (`before` null: a create). */
export function diffRows(r: Resource, before: Row | null, after: Row): Changes {
  const a = before ? serialize(r, before) : {};
  const b = serialize(r, after);
  const out: Changes = {};
  for (const [k, v] of Object.entries(b)) {
    if (IGNORED.has(k)) continue;
    const from = a[k] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(v ?? null) && !(before === null && v === null)) out[k] = [from, v ?? null];
  }
  return out;
}
