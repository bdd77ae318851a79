/**
 * Time zones of records (docs/architecture.md, Time zones). A resource declares the chain of
 * references that leads from its row to an IANA zone (`timeZone.path`, e.g. a ticket's site's
 * `timezone`); from that the engine derives:
 * - the read-only computed `time_zone` of every row: the zone at the end of the chain, else the
 *   company's `company_universal_timezone`, else UTC. The database only finds the name; every
 *   conversion is done by one library, src/lib/time-zone.ts, in the browser and here alike;
 * - the zone of a record being written, for the local dates it declares (`timeZone.localDates`):
 *   a ticket's date is its start's calendar date at the site.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { registry } from '../../src/resources/index';
import { applicationConfiguration } from '../../src/resources/accounts/application-configuration';
import { FALLBACK_TIME_ZONE, localDateIn, zoneOr } from '../../src/lib/time-zone';
import { fieldLabel } from '../../src/resources/define';
import type { Db } from '../db/connection';
import { columnName, tableOf } from '../db/tables';
import { fieldError } from './errors';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The steps of a zone path: each reference's table, and the column read from it. */
function steps(r: Resource, path: readonly string[]): { resource: Resource; column: string }[] {
  const out: { resource: Resource; column: string }[] = [];
  let at = r;
  for (const [i, name] of path.entries()) {
    const f = at.fields[name];
    const last = i === path.length - 1;
    if (!f || (last ? f.kind !== 'text' : f.kind !== 'ref')) throw new Error(`${r.name}: timeZone path step "${name}" of ${at.name} must be ${last ? 'a text field' : 'a reference'}`);
    out.push({ resource: at, column: columnName(name, f) });
    if (!last && f.kind === 'ref') at = registry.get(f.to)!;
  }
  return out;
}

/** The company's own zone, as SQL over the row's tenant column (null for rows of no company). */
function companyZoneSql(r: Resource): SQL {
  if (r.tenant !== 'company') return sql`null`;
  const config = applicationConfiguration.table;
  return sql.raw(`(select tzc."company_universal_timezone" from ${quote(config)} tzc where tzc."company_id" = ${quote(r.table)}."company_id" limit 1)`);
}

/**
 * The SQL of a row's `time_zone`: the zone at the end of the declared chain, else the company's,
 * else UTC. Columns are qualified by table name (the subqueries' own columns would shadow them).
 */
export function timeZoneSql(r: Resource): SQL {
  const path = steps(r, r.timeZone!.path);
  const [first, ...rest] = path;
  let own: string;
  if (!rest.length) {
    own = `${quote(r.table)}.${quote(first.column)}`;
  } else {
    // (select tz2."timezone" from site tz1 ... where tz1.id = ticket.created_by_server_id): one join per further step.
    const joins = rest.slice(1).map((s, i) => ` join ${quote(s.resource.table)} tz${i + 2} on tz${i + 2}."id" = tz${i + 1}.${quote(rest[i].column)}`);
    own = `(select tz${rest.length}.${quote(rest[rest.length - 1].column)} from ${quote(rest[0].resource.table)} tz1${joins.join('')} where tz1."id" = ${quote(r.table)}.${quote(first.column)})`;
  }
  return sql`coalesce(nullif(${sql.raw(own)}, ''), ${companyZoneSql(r)}, ${FALLBACK_TIME_ZONE})`;
}

/** The company's zone (its application configuration), or UTC: the zone of records that declare none. */
export async function companyTimeZone(db: Db, companyId: number | null | undefined): Promise<string> {
  if (companyId === null || companyId === undefined) return FALLBACK_TIME_ZONE;
  const t = tableOf(applicationConfiguration);
  const [row] = await db.select({ zone: t.company_universal_timezone }).from(t).where(eq(t.company, companyId)).limit(1);
  return zoneOr(row?.zone);
}

/** The zone of a record with these values (the row as it will be written): followed along the chain, by id. */
export async function zoneOfValues(db: Db, r: Resource, values: Record<string, unknown>): Promise<string> {
  const path = r.timeZone!.path;
  let at = r;
  let value: unknown = values[path[0]];
  for (let i = 1; i < path.length && value !== null && value !== undefined; i++) {
    const f = at.fields[path[i - 1]];
    if (f.kind !== 'ref') break;
    at = registry.get(f.to)!;
    const t = tableOf(at);
    const [row] = await db.select({ v: t[path[i]] }).from(t).where(eq(t.id, value as string | number)).limit(1);
    value = row?.v;
  }
  const company = typeof values.company === 'number' ? values.company : null;
  return typeof value === 'string' && value ? zoneOr(value, await companyTimeZone(db, company)) : companyTimeZone(db, company);
}

/**
 * The declared local dates of a record being written (`timeZone.localDates`, e.g. the ticket's
 * date is its start's date at the site). When the time, the date or what leads to the zone is
 * written: a date left out follows the time; a date sent that is not the time's local date is
 * refused (400 on the date, naming the date it must be), as a keying mistake rather than
 * something to correct silently. A record without the time keeps the date it is given.
 */
export async function applyLocalDates(db: Db, r: Resource, values: Record<string, unknown>, current?: Record<string, unknown>): Promise<void> {
  const pairs = Object.entries(r.timeZone?.localDates ?? {});
  if (!pairs.length) return;
  const after = { ...current, ...values };
  const zoneChanged = r.timeZone!.path[0] in values || 'company' in values;
  let zone: string | undefined;
  for (const [day, time] of pairs) {
    if (after[time] === null || after[time] === undefined) continue;
    if (!(day in values) && !(time in values) && !zoneChanged) continue;
    zone ??= await zoneOfValues(db, r, after);
    const expected = localDateIn(after[time], zone);
    if (!expected) continue;
    const given = values[day];
    if (given === undefined || given === null) values[day] = expected;
    else if (String(given) !== expected) {
      throw fieldError(day, `${fieldLabel(r, day)} must be the date of the ${fieldLabel(r, time).toLowerCase()} at ${zone}: ${expected}.`);
    }
  }
}
