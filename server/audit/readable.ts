/**
 * The log-entry prettifier (docs/audit.md, Reading the trail): an audit entry as a person reads it.
 * Each changed field gets its label and, besides the stored values, a text: a reference's record
 * label (by the reader's own right to see it: a record it may not read, or one since deleted,
 * shows as `#id`), a choice's label, Yes or No. The record gets its label as it is now, or as its
 * delete recorded it. One query per referenced resource, whatever the number of entries.
 */
import { registry } from '../../src/resources/index';
import { type Resource, fieldLabel } from '../../src/resources/define';
import type { Field } from '../../src/resources/fields';
import type { Db } from '../db/connection';
import type { Ctx } from '../engine/context';
import { labelsFor } from '../engine/labels';
import { isDefault } from '../engine/row-diff';
import type { Row } from '../engine/serialize';

type Pair = [unknown, unknown];

export interface FieldChange { field: string; label: string; kind: string; before: string | null; after: string | null; before_text: string | null; after_text: string | null }

const asText = (v: unknown): string | null => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The fields of an entry in the declaration's order, then any the declaration no longer has. */
function changedFields(r: Resource | undefined, changes: Record<string, Pair>): string[] {
  const keys = Object.keys(changes);
  const declared = r ? Object.keys(r.fields).filter((k) => k in changes) : [];
  return [...declared, ...keys.filter((k) => !declared.includes(k))];
}

/** Labels of every referenced record the entries name, by target resource then id. */
async function referenceLabels(db: Db, ctx: Ctx, entries: Row[]): Promise<Map<string, Map<string, string>>> {
  const ids = new Map<string, Set<string>>();
  const want = (to: string, v: unknown) => {
    if (v === null || v === undefined) return;
    const set = ids.get(to) ?? new Set<string>();
    set.add(String(v));
    ids.set(to, set);
  };
  for (const e of entries) {
    const r = registry.get(String(e.model));
    want(String(e.model), e.object_id);
    for (const [name, pair] of Object.entries((e.changes ?? {}) as Record<string, Pair>)) {
      const f = r?.fields[name];
      if (f && (f.kind === 'ref' || f.kind === 'refs')) for (const v of pair) want(f.to, v);
    }
  }
  const out = new Map<string, Map<string, string>>();
  for (const [to, set] of ids) {
    const target = registry.get(to);
    // A record of another id kind than the target's (a uuid under a serial id) matches nothing.
    if (target) out.set(to, await labelsFor(db, ctx, target, [...set].filter((v) => (target.idKind === 'uuid' ? /^[0-9a-f-]{36}$/i.test(v) : /^\d+$/.test(v)))));
  }
  return out;
}

function valueText(f: Field | undefined, v: unknown, labels: Map<string, Map<string, string>>): string | null {
  if (v === null || v === undefined) return null;
  if (!f) return asText(v);
  switch (f.kind) {
    case 'ref': case 'refs': return labels.get(f.to)?.get(String(v)) ?? `#${String(v)}`;
    case 'choice': return f.choices.find(([c]) => c === v)?.[1] ?? String(v);
    case 'boolean': return v === true || v === 'true' ? 'Yes' : 'No';
    case 'decimal': return f.unit ? `${String(v)} ${f.unit}` : String(v);
    case 'tags': return Array.isArray(v) ? v.join(', ') : asText(v);
    default: return asText(v);
  }
}

/** The record's label: as it is now, else from the values its delete (or creation) recorded. */
function recordLabel(r: Resource | undefined, e: Row, labels: Map<string, Map<string, string>>): string | null {
  const now = labels.get(String(e.model))?.get(String(e.object_id));
  if (now || !r) return now ?? null;
  const changes = (e.changes ?? {}) as Record<string, Pair>;
  const row: Row = { id: e.object_id, ...Object.fromEntries(Object.entries(changes).map(([k, [b, a]]) => [k, a ?? b])) };
  return r.choiceLabel(row) || null;
}

/**
 * A created record's value that says nothing of the create: its field's default (the rule the
 * ticket and rail histories use), or a switch left off (a form sends false for one with no default).
 */
const saysNothing = (f: Field | undefined, v: unknown) =>
  !!f && (isDefault(f, v) || (f.kind === 'boolean' && f.default === undefined && String(v) === 'false'));

export async function readable(db: Db, ctx: Ctx, entries: Row[]) {
  const labels = await referenceLabels(db, ctx, entries);
  return entries.map((e) => {
    const r = registry.get(String(e.model));
    const changes = (e.changes ?? {}) as Record<string, Pair>;
    const shown = changedFields(r, changes).filter((name) => !(e.event_type === 'create' && saysNothing(r?.fields[name], changes[name][1])));
    const fields: FieldChange[] = shown.map((name) => {
      const f = r?.fields[name];
      const [before, after] = changes[name];
      return {
        field: name, label: r && f ? fieldLabel(r, name) : name, kind: f?.kind ?? 'text',
        before: asText(before), after: asText(after), before_text: valueText(f, before, labels), after_text: valueText(f, after, labels),
      };
    });
    return {
      id: Number(e.id), at: new Date(e.created_at as string | Date).toISOString(), event_type: e.event_type, model: e.model, model_label: r?.label ?? String(e.model),
      object_id: String(e.object_id), record_label: recordLabel(r, e, labels), user: (e.user as number | null) ?? null, user_label: (e.user_label as string | null) ?? null,
      via: (e.via as string | null) ?? null, request_id: (e.request_id as string | null) ?? null, remote_ip: (e.remote_ip as string | null) ?? null, fields,
    };
  });
}
