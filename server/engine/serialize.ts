/** Rows as the API shows them: exact decimals as strings, dates `yyyy-MM-dd`, datetimes ISO 8601. */
import type { Resource } from '../../src/resources/define';

export type Row = Record<string, unknown>;

export function serialize(r: Resource, row: Row, links?: Record<string, unknown[]>): Row {
  const out: Row = { id: row.id, version: row.version };
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind === 'password') continue;
    if (f.kind === 'refs') { out[name] = links?.[name] ?? []; continue; }
    const v = row[name];
    out[name] = v instanceof Date ? v.toISOString() : v ?? null;
  }
  out.created_at = row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at;
  out.updated_at = row.updated_at instanceof Date ? row.updated_at.toISOString() : row.updated_at;
  return out;
}
