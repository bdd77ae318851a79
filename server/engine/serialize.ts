/** Rows as the API shows them: exact decimals as strings, dates `yyyy-MM-dd`, datetimes ISO 8601. */
import type { Resource } from '../../src/resources/define';

export type Row = Record<string, unknown>;

export function serialize(r: Resource, row: Row, links?: Record<string, unknown[]>, only: string[] | null = null): Row {
  const out: Row = { id: row.id, version: row.version };
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind === 'password' || (only && !only.includes(name))) continue;
    if (f.kind === 'refs') { out[name] = links?.[name] ?? []; continue; }
    const v = row[name];
    out[name] = v instanceof Date ? v.toISOString() : v ?? null;
  }
  for (const name of ['created_at', 'updated_at']) {
    if (only && !only.includes(name)) continue;
    const v = row[name];
    out[name] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}
