/**
 * A record's upload action (`{id}/upload_certificate/`, `{id}/upload_attachment/`; multipart
 * `file`): the file is stored and set on the record's file field through the generic update
 * (its version, lifecycle and hooks), in one transaction, so a refused update keeps no file.
 */
import type { ActionHandler } from '../engine/action-handler';
import { update } from '../engine/operations';
import type { Upload } from './multipart';
import { storeUpload } from './store';

export const storeIntoField = (field: string): ActionHandler => async ({ db, ctx, resource, record, input }) =>
  db.transaction(async (tx) => {
    const stored = await storeUpload(tx, ctx, input.file as Upload);
    return update(tx, ctx, resource, String(record!.id), { [field]: stored.id, version: record!.version });
  });
