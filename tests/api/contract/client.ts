/**
 * Calls the app in process (`app.inject`, no socket), so a suite of a few thousand requests stays fast;
 * each answer is checked against the OpenAPI document (openapi-check.ts).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { checkAnswer } from './openapi-check';

export interface Answer { status: number; body: any; headers: Record<string, unknown>; text: string }

export interface CallOptions {
  token?: string;
  /** An object or array is sent as JSON; a Buffer is sent as is (set its content-type in `headers`). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Call = (method: string, url: string, o?: CallOptions) => Promise<Answer>;

export function clientOf(app: FastifyInstance): Call {
  return async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Token ${o.token}`;
    const req: InjectOptions = { method: method as InjectOptions['method'], url, headers };
    if (o.body !== undefined) {
      if (Buffer.isBuffer(o.body) || typeof o.body === 'string') req.payload = o.body;
      else { req.payload = JSON.stringify(o.body); headers['content-type'] ??= 'application/json'; }
    }
    const res = await app.inject(req);
    const text = res.body;
    let body: unknown = text;
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('json') && text) body = JSON.parse(text);
    // Every answer must be what the published document says it is.
    checkAnswer(method, url, res.statusCode, type, body);
    return { status: res.statusCode, body, headers: res.headers, text };
  };
}

export interface FilePart { field: string; name: string; type: string; bytes: Buffer }

/** A multipart body: the text fields first, then the file parts. */
export function multipart(fields: Record<string, string>, files: FilePart[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----contract${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart body with one file part named `file`. */
export const multipartFile = (name: string, type: string, bytes: Buffer) => multipart({}, [{ field: 'file', name, type, bytes }]);
