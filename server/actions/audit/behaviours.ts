/**
 * The audit trail's actions (docs/audit.md): an entry as a person reads it, and a record's History
 * tab. The trail itself is written by the database (server/audit/), never through the API.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { crudEvent } from '../../../src/resources/audit/crud-event';
import { registry } from '../../../src/resources/index';
import { hasCodename } from '../../../src/authProvider/permissions';
import { defineBehaviour } from '../../engine/behaviour';
import type { ActionHandler } from '../../engine/action-handler';
import { fieldError, notFound } from '../../engine/errors';
import { can, getInScope, selectionOf, serializeRows } from '../../engine/operations';
import { tableOf } from '../../db/tables';
import { readable } from '../../audit/readable';

const prettify: ActionHandler = async ({ db, ctx, record }) => (await readable(db, ctx, [record!]))[0];

/**
 * `GET audit/crud/record/?model=&object_id=`: the record's entries in the caller's company, newest
 * first, to whoever may read the record now; a record since deleted only to whoever reads the
 * whole trail. Another company's record is not found, as everywhere.
 */
const recordHistory: ActionHandler = async ({ db, ctx, input }) => {
  const r = registry.get(String(input.model));
  if (!r) throw fieldError('model', `Unknown record type "${String(input.model)}".`);
  const id = String(input.object_id);
  const readsTrail = ctx.user.isSuperuser || hasCodename(ctx.user.profile, `view_${crudEvent.perms.model}`);
  const readsRecord = can(ctx, r, 'view') && await getInScope(db, ctx, r, id).then(() => true, (e: { status?: number }) => {
    if (e.status !== 404) throw e;
    return false;
  });
  if (!readsRecord && !readsTrail) throw notFound();
  const t = tableOf(crudEvent);
  const where = and(eq(t.model, r.name), eq(t.object_id, id), ctx.user.isSuperuser ? undefined : eq(t.company, ctx.user.companyId ?? -1));
  const size = (input.page_size as number | undefined) ?? 50;
  const page = (input.page as number | undefined) ?? 1;
  const [{ n }] = await db.select({ n: count() }).from(t).where(where);
  // A record gone (or never there) with nothing recorded of it in the caller's company is unknown.
  if (!readsRecord && !n) throw notFound();
  const rows = await db.select(selectionOf(crudEvent)).from(t).where(where).orderBy(desc(t.id)).limit(size).offset((page - 1) * size);
  return { count: Number(n), results: await readable(db, ctx, await serializeRows(db, crudEvent, rows)) };
};

export const auditBehaviours = [defineBehaviour(crudEvent, { actions: { prettify, record: recordHistory } })];
