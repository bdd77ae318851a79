/**
 * A page of a large list ordered by a reference, read as a walk (docs/architecture.md, Ordering by a
 * reference). Joining the labels and sorting reads every matching row: 300 ms for a page of a
 * million tickets ordered by product. A list has far fewer referenced records than rows, and a list
 * index holds each one's rows in the list's own order (tenant, reference, ordering...). So the page
 * walks the referenced records in label order and, for each, reads at most a page of its rows
 * from that index; PostgreSQL stops as soon as the page is full:
 *
 *   select … from (referenced records whose label counts, in label order) as walk
 *   cross join lateral (the list's rows of that record, in the list's order, limit offset+n) as <table>
 *   order by walk.labels, walk.id, <the list's order> limit n offset m
 *
 * Rows with no label to sort by (no reference, or one the caller may not see: ref-order.ts) come
 * after every labelled row in either direction; they are read, in the self-contained order, only
 * when the walk runs out before the page is full. The order is the same as the join's, row for
 * row, which the tests check on both databases.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, rawRows } from '../db/connection';
import type { AnyTable } from '../db/tables';
import type { RefWalkSource } from './ref-order';
import { emptyLast } from './ref-order';
import { type Page, type PageSelect, selectPage } from './select-rows';

const WALK = '"__walk"';

/**
 * Below this many matching rows (the planner's estimate) the join sorts them all in a few
 * milliseconds; above it, the walk reads about a page's worth per referenced record instead.
 */
export const WALK_MIN_ROWS = 10_000;

export interface WalkPage extends Omit<PageSelect, 'joins' | 'orderBy'> {
  source: RefWalkSource;
  /** The order within one referenced record (the list's own order, then id). */
  inner: SQL[];
  /** The self-contained order (list-query.ts `orderBy`), for the rows after the walk. */
  orderBy: SQL[];
}

/** The condition "this row's reference has a label the caller may see". */
function labelled(s: RefWalkSource): SQL {
  const first = s.parts[0];
  return sql`exists (select 1 from ${s.target} where ${s.target.id} = ${s.ref}${s.visible ? sql` and ${s.visible}` : sql``} and ${first} is not null)`;
}

/**
 * The walk as parts of a page statement: `from` the referenced records in label order, `joins`
 * each one's rows (at most `reach` of them), and the `orderBy` that reads them in turn.
 */
export function walkParts(t: AnyTable, s: RefWalkSource, where: SQL | undefined, inner: SQL[], reach: number): { from: SQL; joins: SQL; orderBy: SQL[] } {
  const labels = s.parts.map((p, i) => sql`${p} as ${sql.raw(`"l${i}"`)}`);
  const from = sql`(select ${s.target.id} as "__ref", ${sql.join(labels, sql`, `)} from ${s.target} where ${s.parts[0]} is not null${s.visible ? sql` and ${s.visible}` : sql``}
    order by ${sql.join(s.parts.map((p) => emptyLast(p, s.descending)), sql`, `)}, ${emptyLast(s.target.id, s.descending)}) as ${sql.raw(WALK)}`;
  const joins = sql` cross join lateral (select * from ${t} where ${s.ref} = ${sql.raw(WALK)}."__ref"${where ? sql` and ${where}` : sql``}
    order by ${sql.join(inner, sql`, `)} limit ${reach}) as ${t}`;
  const walkOrder = [...s.parts.map((_, i) => emptyLast(sql.raw(`${WALK}."l${i}"`), s.descending)), emptyLast(sql.raw(`${WALK}."__ref"`), s.descending)];
  return { from, joins, orderBy: [...walkOrder, ...inner] };
}

export async function selectWalkPage(db: Db, t: AnyTable, selection: Record<string, PgColumn>, q: WalkPage): Promise<Page> {
  const s = q.source;
  const n = q.limit!;
  const walked = await selectPage(db, t, selection, {
    ...walkParts(t, s, q.where, q.inner, q.offset + n), where: undefined, limit: n, offset: q.offset, alongside: q.alongside,
  });
  if (walked.rows.length === n) return walked;

  // The walk ran out: the rows without a label follow, after every labelled one.
  const unlabelled = sql`not ${labelled(s)}`;
  const before = walked.rows.length ? q.offset + walked.rows.length : await countLabelled(db, t, q.where, s);
  const rest = await selectPage(db, t, selection, {
    where: q.where ? sql`${q.where} and ${unlabelled}` : unlabelled, orderBy: q.orderBy,
    limit: n - walked.rows.length, offset: Math.max(0, q.offset - before), alongside: walked.rows.length ? undefined : q.alongside,
  });
  return { rows: [...walked.rows, ...rest.rows], alongside: walked.alongside ?? rest.alongside, keys: [] };
}

async function countLabelled(db: Db, t: AnyTable, where: SQL | undefined, s: RefWalkSource): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from ${t} where ${where ? sql`${where} and ` : sql``}${labelled(s)}`);
  return Number(row.n);
}
