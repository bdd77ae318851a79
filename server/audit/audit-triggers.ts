/**
 * The audit trail's triggers (docs/audit.md), derived from the declarations after every migration:
 * each declared resource's table gets `audit_row` and each of its many-to-many link tables
 * `audit_link` (functions of migration 0039), so a resource added later is audited without a
 * migration of its own. Views and the audit's own tables get none. Each table of a resource that
 * takes additional fields also gets `additional_sweep` (migration 0049): a deleted record's values go
 * with it. Only what differs is created or dropped, so a start against an audited database changes nothing.
 */
import { sql } from 'drizzle-orm';
import { type Resource, isReadOnly } from '../../src/resources/define';
import { resources } from '../../src/resources/index';
import { takesAdditionalFields } from '../../src/resources/additional-values';
import type { Db } from '../db/connection';
import { columnName, joinTableName } from '../db/tables';

const TRIGGER = 'audit_trail';
const SWEEP = 'additional_sweep';

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

/** Table → the sweep of additional values it should have: every resource a company may add fields to. */
export function wantedSweeps(): Map<string, string> {
  return new Map(resources.filter(takesAdditionalFields).map((r) => [r.table, `additional_sweep(${literal(r.name)})`]));
}

/**
 * Creates, replaces and drops the audit triggers and the additional values' sweeps until the tables
 * have exactly the wanted ones. A table given its sweep for the first time loses the values of
 * records deleted before it had one.
 */
export async function attachAuditTriggers(db: Db): Promise<void> {
  await syncTriggers(db, TRIGGER, 'AFTER INSERT OR UPDATE OR DELETE', wantedTriggers());
  await syncTriggers(db, SWEEP, 'AFTER DELETE', wantedSweeps(), async (table) => {
    const r = resources.find((x) => x.table === table)!;
    await db.execute(sql`delete from additional_value v where v.model = ${r.name} and not exists (select 1 from ${sql.raw(`"${table}"`)} t where t.id::text = v.object_id)`);
  });
}

async function syncTriggers(db: Db, name: string, timing: string, wanted: Map<string, string>, created?: (table: string) => Promise<void>) {
  const { rows } = (await db.execute(sql`
    select c.relname as t, pg_get_triggerdef(g.oid) as def from pg_trigger g join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where g.tgname = ${name} and n.nspname = current_schema()`)) as unknown as { rows: { t: string; def: string }[] };
  const present = new Map(rows.map((x) => [x.t, x.def]));
  for (const [table, call] of wanted) {
    if (present.get(table)?.endsWith(`EXECUTE FUNCTION ${call}`)) continue;
    await db.execute(sql.raw(`CREATE OR REPLACE TRIGGER ${name} ${timing} ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${call}`));
    if (!present.has(table)) await created?.(table);
  }
  for (const table of present.keys()) if (!wanted.has(table)) await db.execute(sql.raw(`DROP TRIGGER ${name} ON "${table}"`));
}
