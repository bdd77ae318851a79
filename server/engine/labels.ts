/**
 * Display labels of referenced records, fetched in one query per target resource. A label is a
 * piece of the referenced record, so it follows that resource's view permission (docs/security.md):
 * whoever may not list drivers sees a ticket's driver as its id, never as a name.
 */
import { and, inArray } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import type { Ctx } from './context';
import { forbidden } from './errors';
import { can, scopeOf, selectionOf } from './operations';

/** Refuses label look-ups (suggestions) of a resource the user may not view. */
export function requireLabelAccess(ctx: Ctx, target: Resource) {
  if (!can(ctx, target, 'view')) throw forbidden(`You may not view ${target.pluralLabel.toLowerCase()}, so their names are not offered.`);
}

export async function labelsFor(db: Db, ctx: Ctx, target: Resource, ids: unknown[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids.filter((x) => x !== null && x !== undefined))];
  if (!unique.length || !can(ctx, target, 'view')) return out;
  const t = tableOf(target);
  const rows = await db.select(selectionOf(target)).from(t).where(and(inArray(t.id, unique), scopeOf(ctx, target)));
  for (const row of rows) out.set(String(row.id), target.choiceLabel(row));
  return out;
}
