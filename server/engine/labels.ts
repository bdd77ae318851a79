/** Display labels of referenced records, fetched in one query per target resource. */
import { and, inArray } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Ctx } from './context';
import { scopeOf, selectionOf } from './operations';

export async function labelsFor(db: Db, ctx: Ctx, target: Resource, ids: unknown[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids.filter((x) => x !== null && x !== undefined))];
  if (!unique.length) return out;
  const t = tableOf(target);
  const rows = await db.select(selectionOf(target)).from(t).where(and(inArray(t.id, unique), scopeOf(ctx, target)));
  for (const row of rows) out.set(String(row.id), target.choiceLabel(row));
  return out;
}
