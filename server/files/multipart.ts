/**
 * The one multipart reader of the server: every upload path (`POST /api/files/`, ticket
 * attachments, certificates) reads its request here, so the limits and the messages are the same
 * everywhere. It takes one file, in the field `file`, and the plain fields the route names:
 * - the file is read chunk by chunk and refused (413) the moment it passes the route's limit, so
 *   no more than the limit is ever held in memory;
 * - a second file part, or a file in another field, is refused (400) when it starts: the reader
 *   stops there and the connection is dropped after the answer, so the rest of the body is never
 *   read (ten 19 MB parts no longer mean 190 MB read and buffered);
 * - the file's real type (magic bytes) must be both in ALLOWED_TYPES and in the route's `accept`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { HttpError, badRequest } from '../engine/errors';
import { ALLOWED_TYPES, detectType } from './content-type';

export interface UploadRule {
  /** Types the route takes; always narrowed to ALLOWED_TYPES. Default: all of them. */
  accept?: readonly string[];
  /** The route's own size limit; the server's UPLOAD_LIMIT_BYTES applies as well. */
  maxBytes?: number;
  /** Plain fields the route takes besides `file`; any other is refused. */
  fields?: readonly string[];
  /** Bytes the user may still upload (quota); passing it answers 429 with `quotaMessage`. */
  quotaLeft?: number;
  quotaMessage?: string;
}

export interface Upload { buf: Buffer; filename: string; type: string; fields: Record<string, string> }

export const FILE_FIELD = 'file';
export const MAX_FIELD_BYTES = 64 * 1024;

const mb = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.ceil(n / 1024)} KB`);
const short = (type: string) => type.split('/')[1].replace(/^vnd\.openxmlformats-officedocument\.(spreadsheetml|wordprocessingml)\..*$/, (_, k: string) => (k === 'spreadsheetml' ? 'xlsx' : 'docx')).toUpperCase();

/** How long a refused, unfinished upload's connection stays open so that the client reads the answer. */
export const LINGER_MS = 1000;

/**
 * Refuses and stops reading. The request is paused (TCP backpressure stops the client's sending),
 * the answer goes out, and a moment later the connection is dropped if the body was not finished:
 * closing at once would reset the connection before many clients have read the answer.
 */
function stop(req: FastifyRequest, reply: FastifyReply, part: Multipart | null, err: HttpError): never {
  if (part?.type === 'file') part.file.destroy();
  req.raw.pause();
  if (!req.raw.complete) {
    // An injected request (app.inject) has a stand-in socket without destroy: nothing to drop then.
    const drop = () => { const socket = req.raw.socket; if (typeof socket?.destroy === 'function') socket.destroy(); };
    reply.raw.once('finish', () => setTimeout(drop, LINGER_MS).unref());
  }
  throw err;
}

export async function readUpload(req: FastifyRequest, reply: FastifyReply, serverLimit: number, rule: UploadRule = {}): Promise<Upload> {
  if (!req.isMultipart()) throw new HttpError(415, { detail: `Send the file as multipart/form-data in the field "${FILE_FIELD}".` });
  const maxBytes = Math.min(serverLimit, rule.maxBytes ?? Infinity);
  const accept = (rule.accept ?? [...ALLOWED_TYPES]).filter((t) => ALLOWED_TYPES.has(t));
  const allowedFields = new Set(rule.fields ?? []);
  const fields: Record<string, string> = {};
  let file: { buf: Buffer; filename: string } | null = null;
  const parts = req.parts({
    // One above the limit, so that our own count (not busboy's truncation) decides.
    limits: { fileSize: maxBytes + 1, fieldSize: MAX_FIELD_BYTES, fields: allowedFields.size + 5, parts: allowedFields.size + 6 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!allowedFields.has(part.fieldname)) stop(req, reply, part, badRequest({ [part.fieldname]: ['Unknown field.'] }));
        if (part.valueTruncated) stop(req, reply, part, badRequest({ [part.fieldname]: [`At most ${mb(MAX_FIELD_BYTES)}.`] }));
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== FILE_FIELD || file) {
        stop(req, reply, part, badRequest({ [FILE_FIELD]: [`This upload takes one file, in the field "${FILE_FIELD}"; the request has more. Send one file per request.`] }));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) stop(req, reply, part, new HttpError(413, { detail: `The file is larger than ${mb(maxBytes)}.` }));
        if (rule.quotaLeft !== undefined && size > rule.quotaLeft) stop(req, reply, part, new HttpError(429, { detail: rule.quotaMessage ?? 'Upload quota exceeded.' }));
        chunks.push(chunk);
      }
      file = { buf: Buffer.concat(chunks, size), filename: part.filename };
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      stop(req, reply, null, badRequest({ non_field_errors: [`Too many parts: this upload takes one file and at most these fields: ${[...allowedFields].join(', ') || 'none'}.`] }));
    }
    throw e;
  }
  if (!file) throw badRequest({ [FILE_FIELD]: ['No file was submitted.'] });
  if (!file.buf.length) throw badRequest({ [FILE_FIELD]: ['The submitted file is empty.'] });
  const type = await detectType(file.buf, file.filename);
  if (!type || !accept.includes(type)) {
    const wanted = rule.accept ? `Upload ${accept.map(short).join(', ')}.` : 'Upload a PDF, an image, a spreadsheet or a text file.';
    throw badRequest({ [FILE_FIELD]: [`This kind of file is not accepted${type ? ` (${type})` : ''}. ${wanted}`] });
  }
  return { buf: file.buf, filename: file.filename.replace(/[\\/\0]/g, '_').slice(0, 255) || 'upload', type, fields };
}
