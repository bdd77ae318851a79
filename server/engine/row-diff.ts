/**
 * What a write changed in a record, field by field, as the API shows the values: the audit
 * trails (ticket history, rail history) store these diffs.
 */
import { eq } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { selectionOf } from './operations';
import { type Row, serialize } from './serialize';

export type Changes = Record<string, [unknown, unknown]>;

/** Fields whose change is bookkeeping, not content. */
const IGNORED = new Set(['id', 'version', 'created_at', 'updated_at', 'company', 'legacy_id']);

/** `{field: [from, to]}` for every stored field that differs between two stored rows (`before` null: a create). */
export function diffRows(r: Resource, before: Row | null, after: Row): Changes {
  const a = before ? serialize(r, before) : {};
  const b = serialize(r, after);
  const out: Changes = {};
  // In the declaration's order, so a change reads as the form does.
  for (const [k, f] of Object.entries(r.fields)) {
    // A computed value (a car's net volume, a record's zone) follows its stored inputs: their change is the change.
    if (IGNORED.has(k) || f.computed || !(k in b)) continue;
    const v = b[k] ?? null;
    const from = a[k] ?? null;
    if (before === null && (v === null || isDefault(f, v))) continue;
    if (JSON.stringify(from) !== JSON.stringify(v)) out[k] = [from, v];
  }
  return out;
}

/** The record as stored now (read after a write, for the diff), or undefined when it is gone. */
export async function storedRow(db: Db, r: Resource, id: unknown): Promise<Row | undefined> {
  const t = tableOf(r);
  return (await db.select(selectionOf(r)).from(t).where(eq(t.id, id as never)))[0];
}

/** A created record's value that is only its field's default says nothing about the create (but the state it starts in does). */
export function isDefault(f: Resource['fields'][string], v: unknown): boolean {
  if (f.default === undefined || f.default === null || (f.kind === 'choice' && f.transitions)) return false;
  if (f.kind === 'decimal' || f.kind === 'integer') return Number(f.default) === Number(v);
  return JSON.stringify(f.default) === JSON.stringify(v);
}
