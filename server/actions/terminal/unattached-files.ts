/**
 * Unattached files (documents scanned at a site before they are matched to a ticket):
 * `POST unattached-files/{id}/attach_to_ticket/` `{ticket_id, file_id?, unattached_file_id?}` and
 * `GET unattached-files/get_by_server_id/?server_id=&user_id=`.
 */
import { and, desc, eq } from 'drizzle-orm';
import { site } from '../../../src/resources/terminal/site';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketAttachment } from '../../../src/resources/terminal/ticket-parts';
import { unattachedFile } from '../../../src/resources/terminal/unattached-file';
import type { Db } from '../../db/connection';
import { tableOf } from '../../db/tables';
import type { Ctx } from '../../engine/context';
import { ErrorBag, badRequest, notFound } from '../../engine/errors';
import { isUuid } from '../../engine/field-schemas';
import { authorize, create, parseId, scopeOf, selectionOf, serializeRows } from '../../engine/operations';
import type { Resource } from '../../../src/resources/define';
import type { ActionHandler } from '../registry';
import { recordHistory } from './ticket-history';
import { bodyObject } from './ticket-input';

const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

async function visible(db: Db, ctx: Ctx, r: Resource, id: string) {
  const t = tableOf(r);
  const [row] = await db.select(selectionOf(r)).from(t).where(and(eq(t.id, id.toLowerCase()), scopeOf(ctx, r)));
  return row ?? null;
}

/**
 * Attaches the file to the ticket: creates the ticket attachment from the same stored file and
 * marks the unattached file `attached` with its ticket, in one transaction (the unattached row is
 * locked first, so two clerks attaching the same scan cannot both succeed). `file_id` and
 * `unattached_file_id` are accepted for older clients; when given they must name this file.
 */
export const attachToTicket: ActionHandler = async ({ db, ctx, resource, id, body }) => {
  const key = parseId(resource, id!);
  const b = bodyObject(body);
  authorize(ctx, ticketAttachment, 'add');
  const u = tableOf(unattachedFile);
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select(selectionOf(unattachedFile)).from(u).where(and(eq(u.id, key), scopeOf(ctx, unattachedFile))).for('update');
    if (!current) throw notFound();
    const errors = new ErrorBag();
    const ticketId = b.ticket_id;
    let target: Record<string, unknown> | null = null;
    if (typeof ticketId !== 'string' || !ticketId) errors.add('ticket_id', 'This field is required.');
    else if (!isUuid(ticketId) || !(target = await visible(tx, ctx, ticket, ticketId))) errors.add('ticket_id', `Invalid pk "${ticketId}" - object does not exist.`);
    for (const k of ['file_id', 'unattached_file_id']) {
      const v = b[k];
      if (v !== undefined && v !== null && String(v).toLowerCase() !== String(current.id) && String(v).toLowerCase() !== String(current.file)) {
        errors.add(k, 'Does not match the file being attached.');
      }
    }
    for (const k of Object.keys(b)) if (!['ticket_id', 'file_id', 'unattached_file_id', 'name', 'kind'].includes(k)) errors.add(k, 'Unknown field.');
    errors.throwIfAny();
    if (current.status === 'attached') throw badRequest({ non_field_errors: ['This file is already attached to a ticket.'] });
    const attachment = await create(tx, ctx, ticketAttachment, {
      ticket: target!.id, attachment: current.file, name: typeof b.name === 'string' && b.name.trim() ? b.name.trim() : current.file_name,
      kind: typeof b.kind === 'string' && b.kind ? b.kind : 'other',
    });
    const [after] = await tx.update(u).set({ status: 'attached', ticket: target!.id }).where(eq(u.id, key)).returning(selectionOf(unattachedFile));
    await recordHistory(tx, ctx, {
      ticketId: String(target!.id), companyId: target!.company, action: 'attachment',
      via: `POST ${unattachedFile.name}/{id}/attach_to_ticket/`, changes: { attachments: [null, String(attachment.name)] },
    });
    return { after, attachment };
  });
  const [file] = await serializeRows(db, unattachedFile, [result.after]);
  return { ...file, attachment: result.attachment };
};

/**
 * The still-unattached files of a site (`server_id`), optionally only those of one terminal user
 * (`user_id`); newest first. `status=attached` or `status=all` widens it.
 */
export const getByServerId: ActionHandler = async ({ db, ctx, query }) => {
  const errors = new ErrorBag();
  const serverId = one(query.server_id);
  const userId = one(query.user_id);
  const status = one(query.status) ?? 'unattached';
  if (typeof serverId !== 'string' || !serverId) errors.add('server_id', 'This field is required.');
  else if (!isUuid(serverId) || !(await visible(db, ctx, site, serverId))) errors.add('server_id', `Invalid pk "${serverId}" - object does not exist.`);
  if (userId !== undefined && userId !== '' && (typeof userId !== 'string' || !isUuid(userId) || !(await visible(db, ctx, terminalUser, userId)))) {
    errors.add('user_id', `Invalid pk "${String(userId)}" - object does not exist.`);
  }
  if (!['unattached', 'attached', 'all'].includes(String(status))) errors.add('status', 'One of unattached, attached, all.');
  errors.throwIfAny();
  const u = tableOf(unattachedFile);
  const rows = await db.select(selectionOf(unattachedFile)).from(u).where(and(
    scopeOf(ctx, unattachedFile),
    eq(u.created_by_server, String(serverId).toLowerCase()),
    userId ? eq(u.user, String(userId).toLowerCase()) : undefined,
    status === 'all' ? undefined : eq(u.status, String(status)),
  )).orderBy(desc(u.created_at)).limit(1000);
  return serializeRows(db, unattachedFile, rows);
};
