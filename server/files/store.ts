/** Stores a checked upload as a file of the user's company. */
import type { Db } from '../db/connection';
import { storedFile } from '../db/internal-tables';
import type { Ctx } from '../engine/context';
import type { Upload } from './multipart';

export const storedFileMeta = { id: storedFile.id, name: storedFile.name, content_type: storedFile.content_type, size: storedFile.size, created_at: storedFile.created_at };
export type StoredFileMeta = { id: string; name: string; content_type: string; size: number; created_at: Date };

export async function storeUpload(db: Db, ctx: Ctx, u: Pick<Upload, 'buf' | 'filename' | 'type'>): Promise<StoredFileMeta> {
  const [row] = await db.insert(storedFile).values({
    name: u.filename, content_type: u.type, size: u.buf.length, data: u.buf, company_id: ctx.user.companyId, uploaded_by: ctx.user.id,
  }).returning(storedFileMeta);
  return row as StoredFileMeta;
}
