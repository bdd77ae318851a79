/**
 * What deleting a record would do to the records that reference it (docs/api.md, Deleting): which
 * would be deleted with it, which would lose the reference, and which stop the delete. The delete
 * dialog shows it before the user confirms, so nothing changes silently.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Resource } from '../../src/resources/define';
import { fieldLabel, isView } from '../../src/resources/define';
import { registry, resources } from '../../src/resources/index';
import type { Db } from '../db/connection';
import { joinTableOf, tableOf } from '../db/tables';
import { columnOf } from './computed';
import type { Ctx } from './context';
import { tenantScopeOf } from './operations';
import type { Row } from './serialize';
import { deleteRefusal } from '../../src/lib/lifecycle';

export type DeleteEffect = 'deleted' | 'unlinked' | 'blocks';
export interface Dependent { resource: string; label: string; field: string; field_label: string; effect: DeleteEffect; count: number }

/** Every declared field that references `r`, with what a delete of the referenced record does to its rows. */
function referencingFields(r: Resource): { from: Resource; field: string; effect: DeleteEffect }[] {
  const out: { from: Resource; field: string; effect: DeleteEffect }[] = [];
  // A view's rows are its resource's: counted once, there.
  for (const from of resources.filter((x) => !isView(x))) {
    for (const [field, f] of Object.entries(from.fields)) {
      // A reference to a view of `r` (an order's shared contract) is a reference to `r`'s rows.
      if ((f.kind !== 'ref' && f.kind !== 'refs') || (f.to !== r.name && registry.get(f.to)?.viewOf !== r.name)) continue;
      const effect: DeleteEffect = f.kind === 'refs' || f.onDelete === 'set null' ? 'unlinked' : f.onDelete === 'cascade' ? 'deleted' : 'blocks';
      out.push({ from, field, effect });
    }
  }
  return out;
}

export interface DeletePreview { deletable: boolean; reason: string | null; dependents: Dependent[] }

/** What a delete of this record would do: refused by its lifecycle or by a restricting reference, or what it changes. */
export async function deletePreview(db: Db, ctx: Ctx, r: Resource, record: Row): Promise<DeletePreview> {
  const dependents = await dependentsOf(db, ctx, r, record.id as number | string);
  const lifecycle = deleteRefusal(r, record);
  const blocking = dependents.find((d) => d.effect === 'blocks');
  const reason = lifecycle ?? (blocking ? `${blocking.count} ${blocking.label.toLowerCase()} still use${blocking.count === 1 ? 's' : ''} it as ${blocking.field_label.toLowerCase()}.` : null);
  return { deletable: reason === null, reason, dependents };
}

/** The records (of the user's companies) that reference record `id` of `r`, by field, with what its delete would do to them. */
export async function dependentsOf(db: Db, ctx: Ctx, r: Resource, id: number | string): Promise<Dependent[]> {
  const out: Dependent[] = [];
  for (const { from, field, effect } of referencingFields(r)) {
    const t = tableOf(from);
    const j = from.fields[field].kind === 'refs' ? joinTableOf(from, field) : null;
    const [{ n }] = j
      ? await db.select({ n: count() }).from(j).innerJoin(t, eq(t.id, j.owner_id)).where(and(eq(j.target_id, id), tenantScopeOf(ctx, from)))
      : await db.select({ n: count() }).from(t).where(and(eq(columnOf(from, field, t), id), tenantScopeOf(ctx, from)));
    if (Number(n) > 0) out.push({ resource: from.name, label: Number(n) === 1 ? from.label : from.pluralLabel, field, field_label: fieldLabel(from, field), effect, count: Number(n) });
  }
  return out;
}
