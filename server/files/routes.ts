/**
 * Uploads: `POST /api/files/` (multipart, one file in `file`) stores a file after checking its
 * size and its real content type (server/files/multipart.ts); a file field of a resource then
 * holds its id. Uploading needs the `add_storedfile` permission and stays within the user's
 * upload quota (server/files/quota.ts). Reading a file's metadata or content follows the one rule
 * of server/files/scope.ts (404 for a file the user may not read, as for one that does not exist).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FILE_CONTENT_TYPE, UPLOAD_FILE_CODE } from '../../src/resources/access-codes';
import { hasPermissions } from '../../src/authProvider/permissions';
import type { Db } from '../db/connection';
import { storedFile } from '../db/internal-tables';
import type { Ctx } from '../engine/context';
import { HttpError, forbidden, notFound } from '../engine/errors';
import type { Services } from '../services';
import { readUpload, type UploadRule } from './multipart';
import { quotaMessage, unattachedBytes } from './quota';
import { fileScope } from './scope';
import { mountFileRename } from './rename';
import { type StoredFileMeta, storeUpload, storedFileMeta } from './store';

export type { StoredFileMeta } from './store';

/**
 * Reads the request's one file through the shared reader and stores it. `rule` narrows what a
 * caller accepts (a file field's accept and maxBytes). Answers 415 (not multipart), 413 (too
 * large), 400 (missing, empty, wrong type, more than one file).
 */
export async function receiveUpload(s: Services, req: FastifyRequest, reply: FastifyReply, db: Db = s.database.db, rule?: UploadRule): Promise<StoredFileMeta> {
  const upload = await readUpload(req, reply, s.config.uploadLimitBytes, rule);
  return storeUpload(db, req.ctx!, upload);
}

export const canUploadFiles = (ctx: Ctx) => hasPermissions(ctx.user.profile, { [FILE_CONTENT_TYPE]: [UPLOAD_FILE_CODE] });

export function mountFiles(app: FastifyInstance, s: Services) {
  const db = s.database.db;
  app.post('/api/files/', async (req, reply) => {
    const ctx = req.ctx!;
    if (!canUploadFiles(ctx)) throw forbidden('You do not have permission to upload files.');
    const quota = s.config.uploadQuotaBytes;
    let rule: UploadRule = {};
    if (quota > 0) {
      const used = await unattachedBytes(db, ctx.user.id);
      if (used >= quota) throw new HttpError(429, { detail: quotaMessage(used, quota) });
      rule = { quotaLeft: quota - used, quotaMessage: quotaMessage(used, quota) };
    }
    return reply.code(201).send(await receiveUpload(s, req, reply, db, rule));
  });
  const find = async (ctx: Ctx, id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const [row] = await db.select({ ...storedFileMeta, data: storedFile.data }).from(storedFile).where(and(eq(storedFile.id, id), fileScope(ctx)));
    if (!row) throw notFound();
    return row;
  };
  app.get<{ Params: { id: string } }>('/api/files/:id/', async (req) => {
    const { data: _d, ...row } = await find(req.ctx!, req.params.id);
    return row;
  });
  mountFileRename(app, db);
  app.get<{ Params: { id: string } }>('/api/files/:id/download/', async (req, reply) => {
    const row = await find(req.ctx!, req.params.id);
    return reply
      .header('content-type', row.content_type)
      .header('content-disposition', `${row.content_type === 'application/pdf' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(row.data);
  });
}
