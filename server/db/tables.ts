/**
 * Drizzle tables derived from the resource declarations: one table per resource, one join table
 * per many-to-many field, indexes for the columns lists filter and sort by (`listIndexShapes`),
 * foreign keys for refs.
 */
import {
  type AnyPgColumn, type PgColumnBuilderBase, type PgTableWithColumns, boolean, check, date, index, integer,
  jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Field, isFilterable } from '../../src/resources/fields';
import { type Resource, isView, sortFields } from '../../src/resources/define';
import { resources, registry } from '../../src/resources/index';
import { storedFile } from './internal-tables';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = PgTableWithColumns<any>;

/** SQL column name of a field: refs keep Django's `<name>_id`. */
export const columnName = (name: string, f: Field) => (f.kind === 'ref' || f.kind === 'file' ? `${name}_id` : name);
export const joinTableName = (r: Resource, field: string) => `${r.table}__${field}`;

/** PostgreSQL cuts names at 63 bytes: a longer one keeps its start and gets a short hash of the whole. */
function identifier(name: string): string {
  if (name.length <= 63) return name;
  return `${name.slice(0, 54)}_${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
}

const tables = new Map<string, AnyTable>();
const joins = new Map<string, AnyTable>();

const idColumn = (r: Resource, col: string) => (r.idKind === 'uuid' ? uuid(col) : integer(col));

function column(r: Resource, name: string, f: Field): PgColumnBuilderBase | null {
  if (f.computed) return null;
  const col = columnName(name, f);
  let b;
  switch (f.kind) {
    case 'text': b = varchar(col, { length: f.max }); break;
    case 'longtext': case 'password': b = text(col); break;
    case 'integer': b = f.identity ? integer(col).generatedByDefaultAsIdentity() : integer(col); break;
    case 'decimal': b = numeric(col, { precision: f.digits, scale: f.places }); break;
    case 'boolean': b = boolean(col); break;
    case 'date': b = date(col, { mode: 'string' }); break;
    case 'datetime': b = timestamp(col, { withTimezone: true, mode: 'date' }); break;
    case 'choice': b = varchar(col, { length: Math.max(20, ...f.choices.map(([v]) => v.length)) }); break;
    case 'json': b = jsonb(col); break;
    case 'tags': b = text(col).array(); break;
    case 'file': b = uuid(col).references(() => storedFile.id, { onDelete: 'set null' }); break;
    case 'ref': {
      const target = registry.get(f.to);
      if (!target) throw new Error(`${r.name}.${name}: unknown resource "${f.to}"`);
      b = f.foreignKey === false ? idColumn(target, col) : idColumn(target, col).references(() => tableOf(target).id as AnyPgColumn, { onDelete: f.onDelete });
      break;
    }
    case 'refs': return null;
  }
  if (f.required && f.kind !== 'password') b = b.notNull();
  return b;
}

/**
 * The indexes a large list needs (docs/architecture.md "List indexes"). A user may filter the
 * shared table on any of its columns and the page is read in the declared ordering; without an
 * index that holds the filter column before the ordering, PostgreSQL walks the ordering index and
 * throws away every row that does not match (48,609 rows for a page of 25 products by UN number).
 *
 * A resource declared `large` (its list grows large) gets, led by the
 * tenant column, one index for the unfiltered list (tenant, ordering...) and one per filterable
 * list column (tenant, column, ordering...), so a filtered page reads its own 25 entries. None for
 * the ordering's first column (the first shape serves it), a column a unique key pins to one row
 * within the tenant, a computed column (an expression) or a list of values (refs, tags: no btree
 * helps). Each further ordering the list declares (`list.orderings`) gets the same set, since a
 * filter and an ordering can go together in a way no planner can guess (products of one class
 * all have codes of one prefix). Columns are ascending: PostgreSQL reads a btree backwards for a descending ordering (a
 * mixed one, `a,-b`, is read in order up to its change of direction and sorted from there).
 * Other resources' lists are small enough to sort what they match; they keep the single-column
 * indexes below, so not every table pays for indexes on every column.
 */
export function listIndexShapes(r: Resource): string[][] {
  if (!r.large) return [];
  const lead = r.tenant === 'company' ? ['company'] : [];
  const hasColumn = (n: string) => n === 'id' || ['created_at', 'updated_at', 'version'].includes(n) || (n in r.fields && !r.fields[n].computed);
  const columnsOf = (ordering: string[]) => [...new Set(ordering.flatMap((o) => sortFields(r, o.replace(/^-/, ''))))].filter(hasColumn);
  const pinned = (n: string) => !!r.fields[n].unique || r.unique.some((u) => u.length === lead.length + 1 && u.includes(n) && lead.every((l) => u.includes(l)));
  const shapes: string[][] = [];
  for (const order of [columnsOf(r.list.ordering), ...r.list.orderings.map((o) => columnsOf([o]))]) {
    shapes.push([...lead, ...order]);
    for (const n of r.list.columns) {
      const f = r.fields[n];
      if (!f || f.computed || f.kind === 'refs' || f.kind === 'tags' || !isFilterable(f)) continue;
      if (lead.includes(n) || n === order[0] || pinned(n)) continue;
      shapes.push([...lead, n, ...order.filter((o) => o !== n)]);
    }
  }
  return shapes.filter((cols) => cols.length && !(cols.length === 1 && cols[0] === 'id'));
}

interface IndexSpec { name: string; cols: string[]; unique: boolean }

/**
 * An index serves every query its leading columns serve: a plain index whose columns start
 * another index (or repeat it) only costs writes and disk, and is left out, e.g. `company` alone
 * beside (company, code) or a declared (company, status, ticket_date) beside the derived
 * (company, status, ticket_date, code). Unique indexes are constraints and always stay.
 */
function withoutPrefixes(specs: IndexSpec[]): IndexSpec[] {
  const startsWith = (long: string[], short: string[]) => short.length <= long.length && short.every((c, i) => long[i] === c);
  return specs.filter((s, i) => s.unique || !specs.some((o, j) => j !== i && startsWith(o.cols, s.cols)
    && (o.cols.length > s.cols.length || o.unique || j < i)));
}

function build(r: Resource): AnyTable {
  const cols: Record<string, PgColumnBuilderBase> = {
    id: r.idKind === 'uuid' ? uuid('id').primaryKey().defaultRandom() : integer('id').primaryKey().generatedByDefaultAsIdentity(),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
  for (const [name, f] of Object.entries(r.fields)) {
    const c = column(r, name, f);
    if (c) cols[name] = c;
  }
  return pgTable(r.table, cols, (t) => {
    const specs: IndexSpec[] = [];
    const indexed = new Set<string>();
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.kind === 'refs' || f.computed) continue;
      if (f.unique) specs.push({ name: `${r.table}_${name}_uniq`, cols: [name], unique: true });
      // A file column is also looked up from the file's side: who may read a stored file
      // (server/files/scope.ts) and the foreign key check when a stored file is deleted.
      else if (f.index || f.kind === 'ref' || f.kind === 'file') indexed.add(name);
    }
    for (const o of r.list.ordering) sortFields(r, o.replace(/^-/, '')).forEach((n) => indexed.add(n));
    indexed.delete('id');
    for (const name of indexed) specs.push({ name: `${r.table}_${name}_idx`, cols: [name], unique: false });
    // Nulls do not collide in a unique index, so an empty optional code never blocks a save.
    for (const u of r.unique) specs.push({ name: `${r.table}_${u.join('_')}_uniq`, cols: u, unique: true });
    // Declared shapes first, so a derived shape equal to one keeps the declared index as it is.
    for (const u of [...r.indexes, ...listIndexShapes(r)]) specs.push({ name: identifier(`${r.table}_${u.join('_')}_idx`), cols: u, unique: false });
    if (r.idKind === 'serial') specs.push({ name: `${r.table}_created_idx`, cols: ['created_at'], unique: false });
    const indexes = withoutPrefixes(specs).map((s) => {
      const c = s.cols.map((n) => t[n]);
      return (s.unique ? uniqueIndex(s.name) : index(s.name)).on(c[0], ...c.slice(1));
    });
    // Declared conditions, written as given: they name columns, never values a client sent.
    return [...indexes, ...Object.entries(r.checks).map(([name, condition]) => check(`${r.table}_${name}`, sql.raw(condition)))];
  });
}

export function tableOf(r: Resource): AnyTable {
  let t = tables.get(r.name);
  if (!t) {
    if (isView(r)) checkView(r);
    t = build(r);
    tables.set(r.name, t);
  }
  return t;
}

/** Join table of a many-to-many field: (owner_id, target_id), both cascading. */
export function joinTableOf(r: Resource, field: string): AnyTable {
  const key = `${r.name}.${field}`;
  let t = joins.get(key);
  if (!t) {
    const f = r.fields[field];
    if (f.kind !== 'refs') throw new Error(`${key} is not a many-to-many field`);
    const target = registry.get(f.to)!;
    const owner = tableOf(r);
    const other = tableOf(target);
    t = pgTable(joinTableName(r, field), {
      owner_id: idColumn(r, 'owner_id').notNull().references(() => owner.id as AnyPgColumn, { onDelete: 'cascade' }),
      target_id: idColumn(target, 'target_id').notNull().references(() => other.id as AnyPgColumn, { onDelete: 'cascade' }),
    }, (j) => [primaryKey({ columns: [j.owner_id, j.target_id] }), index(`${joinTableName(r, field)}_target_idx`).on(j.target_id)]);
    joins.set(key, t);
  }
  return t;
}

/**
 * A view reads its resource's table through a table object of its own fields: each must be a
 * column of that resource, of the same kind, so the view never names a column that is not there.
 */
function checkView(r: Resource) {
  const of = registry.get(r.viewOf!);
  if (!of || r.table !== of.table) throw new Error(`${r.name}: a view of "${r.viewOf}" reads its table`);
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.computed) continue;
    if (of.fields[name]?.kind !== f.kind || of.fields[name].computed) throw new Error(`${r.name}: "${name}" is not a ${f.kind} column of ${of.name}`);
  }
}

/** Every derived table, keyed for drizzle-kit (a view has none of its own). */
export function allResourceTables(): Record<string, AnyTable> {
  const out: Record<string, AnyTable> = {};
  for (const r of resources.filter((x) => !isView(x))) {
    out[r.table] = tableOf(r);
    for (const [name, f] of Object.entries(r.fields)) if (f.kind === 'refs') out[joinTableName(r, name)] = joinTableOf(r, name);
  }
  return out;
}

export const nowSql = sql`now()`;
