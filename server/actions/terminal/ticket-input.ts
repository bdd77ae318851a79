/** The tickets a bulk ticket action names, read in the caller's scope. */
import { and, inArray } from 'drizzle-orm';
import type { Resource } from '../../../src/resources/define';
import { ticket } from '../../../src/resources/terminal/ticket';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { badRequest } from '../../engine/errors';
import { scopeOf, selectionOf } from '../../engine/operations';
import type { Row } from '../../engine/serialize';

/**
 * The tickets, in the order asked. The engine has checked the ids against the declared input;
 * one deleted since is still a 400, not a 404 (the call itself exists). `lock` takes row locks
 * for an update, in id order so that two bulk calls cannot deadlock. `through` is the resource
 * whose scope the caller reads tickets in (a partner: the view of the tickets shared with it);
 * the rows are the whole tickets either way.
 */
export async function visibleTickets(db: Db, ctx: Ctx, ids: string[], lock = false, through: Resource = ticket): Promise<Row[]> {
  const t = tableOf(ticket);
  let q = db.select(selectionOf(ticket)).from(t).where(and(inArray(t.id, ids), scopeOf(ctx, through))).orderBy(t.id).$dynamic();
  if (lock) q = q.for('update');
  const rows = await q;
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw badRequest({ ticket_ids: missing.map((id) => `Invalid pk "${id}" - object does not exist.`) });
  return ids.map((id) => byId.get(id)!);
}
