/**
 * `POST ticket/{id}/upload_attachment/` (multipart `file`, optional `name`, `kind`, `description`)
 * and `POST ticket/{id}/add_customs_invoice/` `{invoice}`; both inputs are declared on the ticket.
 * The stored file, the attachment record and the history row are one transaction.
 */
import { ticketAttachment } from '../../../src/resources/terminal/ticket-parts';
import { created } from '../../engine/action-reply';
import { authorize, create, update } from '../../engine/operations';
import type { Upload } from '../../files/multipart';
import { storeUpload } from '../../files/store';
import type { ActionHandler } from '../../engine/action-handler';
import { recordHistory } from './ticket-history';

export const uploadAttachment: ActionHandler = async ({ db, ctx, record, input }) => {
  authorize(ctx, ticketAttachment, 'add');
  const upload = input.file as Upload;
  const name = (input.name as string | undefined) || upload.filename.slice(0, 200);
  return created(await db.transaction(async (tx) => {
    const attachment = (await storeUpload(tx, ctx, upload)).id;
    const att = await create(tx, ctx, ticketAttachment, { ticket: record!.id, attachment, name, kind: input.kind, description: input.description ?? null });
    await recordHistory(tx, ctx, { ticketId: String(record!.id), companyId: record!.company, action: 'attachment', via: ctx.via!, changes: { attachments: [null, name] } });
    return att;
  }));
};

/**
 * Sets the ticket's read-only customs invoice through the generic update (the action declares it
 * writes it): versions, the lifecycle (a void ticket is final) and the history apply as to a PATCH.
 */
export const addCustomsInvoice: ActionHandler = async ({ db, ctx, resource, record, input }) =>
  update(db, ctx, resource, String(record!.id), { customs_invoice: input.invoice, version: record!.version });
