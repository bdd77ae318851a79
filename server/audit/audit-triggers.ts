/**
 * The audit trail's triggers (docs/audit.md), derived from the declarations after every migration:
 * each declared resource's table gets `audit_row` and each of its many-to-many link tables
 * `audit_link` (functions of migration 0039), so a resource added later is audited without a
 * migration of its own. Views and the audit's own tables get none. Only what differs is created or
 * dropped, so a start against an audited database changes nothing.
 */
import { sql } from 'drizzle-orm';
import { type Resource, isReadOnly } from '../../src/resources/define';
import { resources } from '../../src/resources/index';
import type { Db } from '../db/connection';
import { columnName, joinTableName } from '../db/tables';

const TRIGGER = 'audit_trail';

/** The column that names the row's company: '' when none does. */
const companyColumn = (r: Resource) => (r.tenant === 'company' ? 'company_id' : r.tenant === 'self' ? 'id' : '');

/** Columns an entry never holds: password hashes, and what the declaration leaves out of the trail (`audit: false`). */
const unrecorded = (r: Resource) => Object.entries(r.fields).filter(([, f]) => f.kind === 'password' || f.audit === false).map(([n, f]) => columnName(n, f));

/** Column → field where they differ (references keep Django's `<name>_id` columns). */
const renamed = (r: Resource) => Object.fromEntries(Object.entries(r.fields).filter(([n, f]) => !f.computed && columnName(n, f) !== n).map(([n, f]) => [columnName(n, f), n]));

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Table → the trigger function call it should have. */
export function wantedTriggers(): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of resources) {
    if (isReadOnly(r)) continue;
    out.set(r.table, `audit_row(${[r.name, companyColumn(r), `{${unrecorded(r).join(',')}}`, JSON.stringify(renamed(r))].map(literal).join(', ')})`);
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.kind === 'refs' && !f.computed) out.set(joinTableName(r, name), `audit_link(${[r.name, name, r.table, companyColumn(r)].map(literal).join(', ')})`);
    }
  }
  return out;
}

/** Creates, replaces and drops audit triggers until the tables have exactly the wanted ones. */
export async function attachAuditTriggers(db: Db): Promise<void> {
  const wanted = wantedTriggers();
  const { rows } = (await db.execute(sql`
    select c.relname as t, pg_get_triggerdef(g.oid) as def from pg_trigger g join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where g.tgname = ${TRIGGER} and n.nspname = current_schema()`)) as unknown as { rows: { t: string; def: string }[] };
  const present = new Map(rows.map((x) => [x.t, x.def]));
  for (const [table, call] of wanted) {
    if (present.get(table)?.endsWith(`EXECUTE FUNCTION ${call}`)) continue;
    await db.execute(sql.raw(`CREATE OR REPLACE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${call}`));
  }
  for (const table of present.keys()) if (!wanted.has(table)) await db.execute(sql.raw(`DROP TRIGGER ${TRIGGER} ON "${table}"`));
}
