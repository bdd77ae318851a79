/**
 * A list page read without drizzle's query builder and row mapper. Profiling a page of 25 wide rows
 * showed ~85 µs building the SELECT (mostly rendering the same column list again) and ~80 µs in
 * drizzle's generic row mapping (an entity check per cell), against a 1-2 ms request. Here the
 * column list is rendered once per resource and field set, WHERE / ORDER BY are still drizzle SQL
 * fragments (so filters keep one implementation), and each cell goes through its own column's
 * `mapFromDriverValue`: the same values drizzle would give, so serialisation is unchanged.
 */
import { SQL, is, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, rawRows } from '../db/connection';
import type { AnyTable } from '../db/tables';
import type { Row } from './serialize';

interface Shape { list: SQL; keys: string[]; decoders: ((v: unknown) => unknown)[] }

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const shapes = new WeakMap<Record<string, PgColumn>, Shape>();

/** The rendered `"col" as "key", ...` of a selection, cached by the selection object itself. */
function shapeOf(selection: Record<string, PgColumn>): Shape {
  let s = shapes.get(selection);
  if (!s) {
    const keys = Object.keys(selection);
    const columns = keys.map((k) => selection[k]);
    // A computed field (server/engine/computed.ts) is an SQL expression, not a column: it is
    // selected as written and its value used as the driver gives it.
    const computed = (c: unknown): c is SQL => is(c, SQL);
    const list = sql.join(keys.map((k, i) => {
      const c = columns[i];
      return computed(c) ? sql`${c} as ${sql.raw(quote(k))}` : sql.raw(`${quote(c.name)} as ${quote(k)}`);
    }), sql`, `);
    const decoders = columns.map((c) => (computed(c) ? (v: unknown) => v : (v: unknown) => c.mapFromDriverValue(v)));
    s = { list, keys, decoders };
    shapes.set(selection, s);
  }
  return s;
}

export interface PageSelect {
  where: SQL | undefined; orderBy: SQL[]; limit: number | null; offset: number;
  /** Joined after the table for the ordering (a reference's label columns, list-query.ts `pageOrder`). */
  joins?: SQL;
  /** Read from this instead of the table, the table then being joined in `joins` (ref-walk.ts). */
  from?: SQL;
  /**
   * A scalar subquery (the list count) to read in the same statement, so a page costs one round
   * trip. It is an InitPlan: PostgreSQL runs it once, not per row. Its value rides on every row
   * and is lost when the page is empty, which the caller accounts for.
   */
  alongside?: SQL;
  /** Columns read beside each row as the driver gives them (a cursor's key values, keyset.ts), answered in `keys`. */
  keys?: (SQL | PgColumn)[];
}

/** The reserved output names of `alongside` and of the keys; no declared field starts with two underscores. */
const ALONGSIDE = '__alongside';
const KEY = '__key';

export interface Page {
  rows: Row[]; alongside: number | null;
  /** Each row's values of the asked `keys`, as the driver gave them (none asked: empty). */
  keys: unknown[][];
}

/**
 * The `keys` (expressions) of the rows with these ids, by id as text: for a page whose own
 * statement could not read them exactly. Not in that statement: every row an OFFSET skips would
 * compute them too (a page 8,000 pages deep took three times as long).
 */
export async function selectKeys(db: Db, t: AnyTable, keys: SQL[], ids: unknown[]): Promise<Map<string, (string | null)[]>> {
  const list = sql.join(keys.map((k, i) => sql`${k} as ${sql.raw(quote(`${KEY}${i}`))}`), sql`, `);
  const raws = await rawRows<Record<string, unknown>>(db, sql`select ${t.id}::text as "id", ${list} from ${t} where ${t.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(raws.map((raw) => [String(raw.id), keys.map((_, i) => raw[`${KEY}${i}`] as string | null)]));
}

export async function selectPage(db: Db, t: AnyTable, selection: Record<string, PgColumn>, q: PageSelect): Promise<Page> {
  const { list, keys, decoders } = shapeOf(selection);
  const keyed = (q.keys ?? []).map((k, i) => sql`${k} as ${sql.raw(quote(`${KEY}${i}`))}, `);
  const extra = sql.join([q.alongside ? sql`${q.alongside} as ${sql.raw(quote(ALONGSIDE))}, ` : sql``, ...keyed]);
  const parts: SQL[] = [sql`select ${extra}${list} from ${q.from ?? t}${q.joins ?? sql``}`];
  if (q.where) parts.push(sql` where ${q.where}`);
  if (q.orderBy.length) parts.push(sql` order by ${sql.join(q.orderBy, sql`, `)}`);
  if (q.limit !== null) parts.push(sql` limit ${q.limit}`);
  if (q.offset) parts.push(sql` offset ${q.offset}`);
  const raws = await rawRows<Record<string, unknown>>(db, sql.join(parts));
  const out: Row[] = new Array(raws.length);
  for (let r = 0; r < raws.length; r++) {
    const raw = raws[r];
    const row: Row = {};
    for (let i = 0; i < keys.length; i++) {
      const v = raw[keys[i]];
      row[keys[i]] = v === null || v === undefined ? null : decoders[i](v);
    }
    out[r] = row;
  }
  const keyValues = q.keys?.length ? raws.map((raw) => q.keys!.map((_, i) => raw[`${KEY}${i}`])) : [];
  return { rows: out, alongside: q.alongside && raws.length ? Number(raws[0][ALONGSIDE]) : null, keys: keyValues };
}
