/**
 * Unattached files (documents scanned at a site before they are matched to a ticket):
 * `POST unattached-files/{id}/attach_to_ticket/` `{ticket_id, file_id?, unattached_file_id?, name?, kind?}`
 * and `GET unattached-files/get_by_server_id/?server_id=&user_id=&status=`; inputs declared on the resource.
 */
import { and, desc, eq } from 'drizzle-orm';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketAttachment } from '../../../src/resources/terminal/ticket-parts';
import { tableOf } from '../../db/tables';
import { ErrorBag, badRequest } from '../../engine/errors';
import { authorize, create, get, scopeOf, selectionOf, serializeRows, update } from '../../engine/operations';
import type { ActionHandler } from '../../engine/action-handler';
import { recordHistory } from './ticket-history';

/**
 * Attaches the file to the ticket: marks the unattached file `attached` with its ticket (through the
 * versioned update, so of two clerks attaching the same scan at once one is told it changed) and
 * creates the ticket attachment from the same stored file, in one transaction.
 */
export const attachToTicket: ActionHandler = async ({ db, ctx, resource, record, input }) => {
  authorize(ctx, ticketAttachment, 'add');
  const file = record!;
  const errors = new ErrorBag();
  for (const k of ['file_id', 'unattached_file_id']) {
    const v = input[k];
    if (typeof v === 'string' && v && ![String(file.id), String(file.file)].includes(v.toLowerCase())) errors.add(k, 'Does not match the file being attached.');
  }
  errors.throwIfAny();
  if (file.status === 'attached') throw badRequest({ non_field_errors: ['This file is already attached to a ticket.'] });
  return db.transaction(async (tx) => {
    const target = await get(tx, ctx, ticket, String(input.ticket_id));
    const after = await update(tx, ctx, resource, String(file.id), { status: 'attached', ticket: target.id, version: file.version });
    const name = (input.name as string | undefined) || String(file.file_name);
    const attachment = await create(tx, ctx, ticketAttachment, { ticket: target.id, attachment: file.file, name, kind: input.kind });
    await recordHistory(tx, ctx, { ticketId: String(target.id), companyId: target.company, action: 'attachment', via: ctx.via!, changes: { attachments: [null, name] } });
    return { ...after, attachment };
  });
};

/** The files of a site (`server_id`), optionally only those one terminal user uploaded; newest first. */
export const getByServerId: ActionHandler = async ({ db, ctx, resource, input }) => {
  const u = tableOf(resource);
  const rows = await db.select(selectionOf(resource)).from(u).where(and(
    scopeOf(ctx, resource),
    eq(u.created_by_server, input.server_id as string),
    input.user_id ? eq(u.user, input.user_id as string) : undefined,
    input.status === 'all' ? undefined : eq(u.status, input.status as string),
  )).orderBy(desc(u.created_at)).limit(1000);
  return serializeRows(db, resource, rows);
};
