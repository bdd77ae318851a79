/**
 * Ordering a list by a reference column sorts by the referenced record's label, not its id
 * (docs/api.md, Lists): by the parts the label is declared with (`labelFields`, read in turn, each
 * as its own kind: numbers as numbers, times as times), then by the reference itself so records of
 * equal label stay together. A label counts only where the caller may see it (docs/security.md,
 * Reference labels): another company's record has none, so its name cannot show through the order.
 * Rows with no label to sort by (no reference, or one the caller may not see) come last whichever
 * way the column is sorted, as blanks do in a spreadsheet.
 *
 * Three renderings of the same order:
 * - `orderBy`: correlated subqueries, self-contained, for every reader of the list query (exports,
 *   all rows as JSON, choices);
 * - `joined`: the label columns joined once (a LEFT JOIN LATERAL that PostgreSQL turns into a hash
 *   join) for a page, about ten times cheaper than one look-up per row on a large list;
 * - `walk`: the referenced records in label order, each with its own rows read from an index
 *   (ref-walk.ts), for a page of a large list that matches many rows, where the join would still
 *   read and sort every one of them.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Resource } from '../../src/resources/define';
import type { LabelPiece } from '../../src/resources/record-label';
import type { RefField } from '../../src/resources/fields';
import { registry } from '../../src/resources/index';
import { type AnyTable, tableOf } from '../db/tables';
import { columnOf } from './computed';

/**
 * The rows of a referenced resource whose labels the caller may see: a condition on its table, or
 * undefined for all (a superuser).
 */
export type LabelScope = (target: Resource) => SQL | undefined;

export interface RefOrder {
  /** Self-contained ORDER BY terms. */
  orderBy: SQL[];
  /** The same order for a page: a join to add after `from <table>`, and the terms that read it. */
  joined: { join: SQL; orderBy: SQL[] };
  /** What a walk in label order needs (ref-walk.ts). */
  walk: RefWalkSource;
}

/** The referenced side of a walk: its table, the rows whose labels count, the label parts on it. */
export interface RefWalkSource {
  target: AnyTable;
  visible: SQL | undefined;
  parts: SQL[];
  /** The reference column on the listed table. */
  ref: PgColumn;
  descending: boolean;
}

/** One ORDER BY term; empty values last in either direction. */
export const emptyLast = (value: SQL | PgColumn, descending: boolean): SQL =>
  (descending ? sql`${value} desc nulls last` : sql`${value} asc nulls last`);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function fieldSql(target: Resource, tt: AnyTable, name: string): PgColumn {
  return name in target.fields ? columnOf(target, name, tt) : tt[name] as PgColumn;
}

/** One part of a label as a sortable value: the field itself, or the first of several that has a value (as text). */
function pieceSql(target: Resource, tt: AnyTable, p: LabelPiece): SQL {
  if (p.fields.length === 1) return sql`${fieldSql(target, tt, p.fields[0])}`;
  return sql`coalesce(${sql.join(p.fields.map((f) => sql`nullif(${fieldSql(target, tt, f)}::text, '')`), sql`, `)})`;
}

/**
 * The order of `field` (a reference of `r`) by its target's label; null when it sorts by the
 * reference itself: no label scope was given, or the reference points back at its own table (the
 * subquery could not tell the two rows apart).
 */
export function refOrder(r: Resource, t: AnyTable, field: string, descending: boolean, scope: LabelScope | undefined): RefOrder | null {
  const f = r.fields[field] as RefField;
  const target = registry.get(f.to);
  if (!scope || !target) return null;
  const tt = tableOf(target);
  if (tt === t) return null;
  const dir = (v: SQL | PgColumn) => emptyLast(v, descending);
  const ref = columnOf(r, field, t);
  const visible = scope(target);
  const where = sql`${tt.id} = ${ref}${visible ? sql` and ${visible}` : sql``}`;
  const parts = target.labelPieces.map((p) => pieceSql(target, tt, p));
  const alias = quote(`__order_${field}`);
  const join = sql` left join lateral (select ${sql.join(parts.map((p, i) => sql`${p} as ${sql.raw(`"l${i}"`)}`), sql`, `)} from ${tt} where ${where}) as ${sql.raw(alias)} on true`;
  return {
    orderBy: [...parts.map((p) => dir(sql`(select ${p} from ${tt} where ${where})`)), dir(ref)],
    joined: { join, orderBy: [...parts.map((_, i) => dir(sql.raw(`${alias}."l${i}"`))), dir(ref)] },
    walk: { target: tt, visible, parts, ref, descending },
  };
}
