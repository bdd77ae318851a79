/**
 * Errors that reach the app's error handler without an HTTP answer of their own but are the
 * client's fault: values PostgreSQL refused (wherever the query was built) and multipart bodies the
 * parser could not read. Everything else stays a 500.
 */
import { dataErrorAnswer } from '../engine/db-errors';

/** Messages of busboy (under @fastify/multipart) for a body that is not well-formed multipart. */
const MULTIPART = /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Boundary not found|Missing Content-Type|Unsupported content type|Malformed content type)/i;

export function clientErrorAnswer(err: Error & { code?: string }): { status: number; body: Record<string, unknown> } | undefined {
  const data = dataErrorAnswer(err);
  if (data) return { status: 400, body: data };
  if (MULTIPART.test(err.message ?? '')) return { status: 400, body: { detail: `Malformed multipart body: ${err.message}` } };
  return undefined;
}
