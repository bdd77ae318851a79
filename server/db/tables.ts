/**
 * Drizzle tables derived from the resource declarations: one table per resource, one join table
 * per many-to-many field, indexes for the columns lists filter and sort by, foreign keys for refs.
 */
import {
  type AnyPgColumn, type PgColumnBuilderBase, type PgTableWithColumns, boolean, date, index, integer,
  jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Field } from '../../src/resources/fields';
import { type Resource, sortFields } from '../../src/resources/define';
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
      b = idColumn(target, col).references(() => tableOf(target).id as AnyPgColumn, { onDelete: f.onDelete });
      break;
    }
    case 'refs': return null;
  }
  if (f.required && f.kind !== 'password') b = b.notNull();
  return b;
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
    const extras = [];
    const indexed = new Set<string>();
    for (const [name, f] of Object.entries(r.fields)) {
      if (f.kind === 'refs' || f.computed) continue;
      if (f.unique) extras.push(uniqueIndex(`${r.table}_${name}_uniq`).on(t[name]));
      else if (f.index || f.kind === 'ref') indexed.add(name);
    }
    for (const o of r.list.ordering) sortFields(r, o.replace(/^-/, '')).forEach((n) => indexed.add(n));
    indexed.delete('id');
    for (const name of indexed) extras.push(index(`${r.table}_${name}_idx`).on(t[name]));
    for (const u of r.unique) {
      const cols = u.map((n) => t[n]);
      // Nulls do not collide in a unique index, so an empty optional code never blocks a save.
      extras.push(uniqueIndex(`${r.table}_${u.join('_')}_uniq`).on(cols[0], ...cols.slice(1)));
    }
    for (const cols of r.indexes) {
      const c = cols.map((n) => t[n]);
      extras.push(index(identifier(`${r.table}_${cols.join('_')}_idx`)).on(c[0], ...c.slice(1)));
    }
    if (r.idKind === 'serial') extras.push(index(`${r.table}_created_idx`).on(t.created_at));
    return extras;
  });
}

export function tableOf(r: Resource): AnyTable {
  let t = tables.get(r.name);
  if (!t) {
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

/** Every derived table, keyed for drizzle-kit. */
export function allResourceTables(): Record<string, AnyTable> {
  const out: Record<string, AnyTable> = {};
  for (const r of resources) {
    out[r.table] = tableOf(r);
    for (const [name, f] of Object.entries(r.fields)) if (f.kind === 'refs') out[joinTableName(r, name)] = joinTableOf(r, name);
  }
  return out;
}

export const nowSql = sql`now()`;
