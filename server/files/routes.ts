/**
 * Uploads: `POST /api/files/` (multipart, one file) stores a file after checking its size and its
 * real content type (magic bytes, not the name); a file field of a resource then holds its id.
 */
import { and, eq } from 'drizzle-orm';
import { fileScope } from './scope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { fileTypeFromBuffer } from 'file-type';
import type { Services } from '../services';
import type { Ctx } from '../engine/context';
import { storedFile } from '../db/internal-tables';
import { badRequest, notFound, HttpError } from '../engine/errors';

/** Types we accept at all; a file field narrows this further with its own `accept`. */
export const ALLOWED_TYPES = new Set([
  'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/tiff',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/zip', 'text/csv', 'text/plain', 'application/xml',
]);

/** Text formats have no magic bytes: accept them when the content is UTF-8 text without NULs. */
function sniffText(buf: Buffer, name: string): string | undefined {
  const sample = buf.subarray(0, 64 * 1024);
  if (sample.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return undefined;
  }
  if (/\.csv$/i.test(name)) return 'text/csv';
  if (/\.xml$/i.test(name) || sample.toString('utf8').trimStart().startsWith('<?xml')) return 'application/xml';
  return 'text/plain';
}

export async function detectType(buf: Buffer, name: string): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(buf);
  if (detected) return detected.mime === 'application/xml' ? 'application/xml' : detected.mime;
  return sniffText(buf, name);
}


const meta = { id: storedFile.id, name: storedFile.name, content_type: storedFile.content_type, size: storedFile.size, created_at: storedFile.created_at };
export type StoredFileMeta = { id: string; name: string; content_type: string; size: number; created_at: Date };

/**
 * Reads the multipart field `file` of a request and stores it, after checking its size and its
 * real type (magic bytes). `limit` narrows what a caller accepts (e.g. a file field's accept and
 * maxBytes). Answers 415 (not multipart), 413 (too large), 400 (missing, empty, wrong type).
 */
export async function receiveUpload(s: Services, req: FastifyRequest, db: Db = s.database.db, limit?: { accept: readonly string[]; maxBytes: number }): Promise<StoredFileMeta> {
  if (!req.isMultipart()) throw new HttpError(415, { detail: 'Send the file as multipart/form-data in the field "file".' });
  const part = await req.file();
  if (!part) throw badRequest({ file: ['No file was submitted.'] });
  const buf = await part.toBuffer();
  const maxBytes = Math.min(s.config.uploadLimitBytes, limit?.maxBytes ?? Infinity);
  if (part.file.truncated || buf.length > maxBytes) throw new HttpError(413, { detail: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` });
  if (!buf.length) throw badRequest({ file: ['The submitted file is empty.'] });
  const type = await detectType(buf, part.filename);
  if (limit && (!type || !limit.accept.includes(type))) {
    throw badRequest({ file: [`This kind of file is not accepted${type ? ` (${type})` : ''}. Upload ${limit.accept.map((t) => t.split('/')[1].toUpperCase()).join(', ')}.`] });
  }
  if (!type || !ALLOWED_TYPES.has(type)) throw badRequest({ file: [`This kind of file is not accepted${type ? ` (${type})` : ''}. Upload a PDF, an image, a spreadsheet or a text file.`] });
  const name = part.filename.replace(/[\\/\0]/g, '_').slice(0, 255) || 'upload';
  const [row] = await db.insert(storedFile).values({
    name, content_type: type, size: buf.length, data: buf, company_id: req.ctx!.user.companyId, uploaded_by: req.ctx!.user.id,
  }).returning(meta);
  return row as StoredFileMeta;
}

export function mountFiles(app: FastifyInstance, s: Services) {
  const db = s.database.db;
  app.post('/api/files/', async (req, reply) => reply.code(201).send(await receiveUpload(s, req)));
  const find = async (ctx: Ctx, id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
    const [row] = await db.select({ ...meta, data: storedFile.data }).from(storedFile).where(and(eq(storedFile.id, id), fileScope(ctx)));
    if (!row) throw notFound();
    return row;
  };
  app.get<{ Params: { id: string } }>('/api/files/:id/', async (req) => {
    const { data: _d, ...row } = await find(req.ctx!, req.params.id);
    return row;
  });
  app.get<{ Params: { id: string } }>('/api/files/:id/download/', async (req, reply) => {
    const row = await find(req.ctx!, req.params.id);
    return reply
      .header('content-type', row.content_type)
      .header('content-disposition', `${row.content_type === 'application/pdf' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(row.data);
  });
}
