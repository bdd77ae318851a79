/** Rows as the API shows them: exact decimals as strings, dates `yyyy-MM-dd`, datetimes ISO 8601. */
import type { Resource } from '../../src/resources/define';

export type Row = Record<string, unknown>;

/** Per resource, in output order: field name and whether it is a many-to-many (from links). */
interface Plan { fields: { name: string; refs: boolean }[] }
const plans = new WeakMap<Resource, Plan>();

/** Walking `Object.entries(r.fields)` for every row of every page showed up in profiles: plan once. */
function planOf(r: Resource): Plan {
  let p = plans.get(r);
  if (!p) {
    p = { fields: Object.entries(r.fields).filter(([, f]) => f.kind !== 'password').map(([name, f]) => ({ name, refs: f.kind === 'refs' })) };
    plans.set(r, p);
  }
  return p;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export function serialize(r: Resource, row: Row, links?: Record<string, unknown[]>, only: string[] | null = null): Row {
  const out: Row = { id: row.id, version: row.version };
  const fields = planOf(r).fields;
  for (let i = 0; i < fields.length; i++) {
    const { name, refs } = fields[i];
    if (only && !only.includes(name)) continue;
    if (refs) { out[name] = links?.[name] ?? []; continue; }
    const v = row[name];
    out[name] = v instanceof Date ? v.toISOString() : v ?? null;
  }
  if (!only || only.includes('created_at')) out.created_at = iso(row.created_at);
  if (!only || only.includes('updated_at')) out.updated_at = iso(row.updated_at);
  return out;
}
