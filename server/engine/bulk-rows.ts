/**
 * What bulk actions share (tickets' status change, the invoice workflow): the records a call names,
 * read in the caller's scope, and a change applied to each through the generic update, all or none.
 */
import { and, inArray } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Ctx } from './context';
import { ErrorBag, HttpError, badRequest } from './errors';
import { scopeOf, selectionOf, update } from './operations';
import type { Row } from './serialize';

/**
 * The records, in the order asked. The engine has checked the ids against the declared input;
 * one deleted since is still a 400 on `field`, not a 404 (the call itself exists). `lock` takes
 * row locks for an update, in id order so that two bulk calls cannot deadlock. `through` is the
 * resource whose scope the caller reads them in (a partner's view of shared records).
 */
export async function visibleRows(db: Db, ctx: Ctx, r: Resource, ids: readonly string[], field: string, o: { lock?: boolean; through?: Resource } = {}): Promise<Row[]> {
  const t = tableOf(r);
  let q = db.select(selectionOf(r)).from(t).where(and(inArray(t.id, [...ids]), scopeOf(ctx, o.through ?? r))).orderBy(t.id).$dynamic();
  if (o.lock) q = q.for('update');
  const rows = await q;
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw badRequest({ [field]: missing.map((id) => `Invalid pk "${id}" - object does not exist.`) });
  return ids.map((id) => byId.get(id)!);
}

/**
 * Applies `change(row)` to every row through the generic update (lifecycle, codenames, versions,
 * hooks, history), inside the caller's transaction. A 400 of any row is reported as
 * `{field: ["T-000012: message"]}` and, once all are tried, thrown, so the transaction writes none.
 */
export async function updateAll(db: Db, ctx: Ctx, r: Resource, rows: readonly Row[], change: (row: Row) => Record<string, unknown>, name: (row: Row) => string): Promise<Row[]> {
  const refused = new ErrorBag();
  const out: Row[] = [];
  for (const current of rows) {
    try {
      out.push(await update(db, ctx, r, String(current.id), change(current)));
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 400) throw e;
      for (const [field, messages] of Object.entries(e.body)) for (const m of messages as string[]) refused.add(field, `${name(current)}: ${m}`);
    }
  }
  refused.throwIfAny();
  return out;
}
