/**
 * Streams a query through `COPY (...) TO STDOUT (FORMAT binary)` on PostgreSQL and hands on the bytes
 * of its one text column, row after row. The query builds each output record itself (e.g. a whole
 * CSV line), so this process only strips the length prefixes: no per-row parsing, no per-row
 * strings. COPY's own CSV format cannot write CRLF line ends, which is why the binary framing is
 * used as a container rather than COPY's CSV.
 *
 * COPY takes no bind parameters, so `inlineParams` writes them as quoted literals exactly as they
 * would have been sent (same text form, same "unknown" type resolved by context).
 */
import { Transform, type TransformCallback } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const SIGNATURE_LENGTH = 11; // "PGCOPY\n\xff\r\n\0"
const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue;

/** `$1` ... placeholders -> literals; quoted identifiers and string literals are left alone. */
export function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/"(?:[^"]|"")*"|'(?:[^']|'')*'|\$(\d+)/g, (match, n: string | undefined) => {
    if (n === undefined) return match;
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`COPY query: no value for $${n}`);
    const v = prepareValue(params[i]);
    return v === null || v === undefined ? 'NULL' : pg.escapeLiteral(String(v));
  });
}

/** Unwraps binary COPY tuples of one non-null column into their raw bytes. */
export class CopyBinaryColumn extends Transform {
  private rest: Buffer | null = null;
  private headerSeen = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    let pos = 0;
    if (!this.headerSeen) {
      if (buf.length < SIGNATURE_LENGTH + 8) { this.rest = buf; return done(); }
      const extension = buf.readUInt32BE(SIGNATURE_LENGTH + 4);
      if (buf.length < SIGNATURE_LENGTH + 8 + extension) { this.rest = buf; return done(); }
      pos = SIGNATURE_LENGTH + 8 + extension;
      this.headerSeen = true;
    }
    const parts: Buffer[] = [];
    while (buf.length - pos >= 2) {
      const fields = buf.readInt16BE(pos);
      if (fields === -1) { pos = buf.length; break; } // trailer
      if (fields !== 1) return done(new Error(`COPY: expected one column, got ${fields}`));
      if (buf.length - pos < 6) break;
      const length = buf.readInt32BE(pos + 2);
      if (length < 0) return done(new Error('COPY: unexpected NULL line'));
      if (buf.length - pos < 6 + length) break;
      parts.push(buf.subarray(pos + 6, pos + 6 + length));
      pos += 6 + length;
    }
    // Copy the unfinished tail so it does not pin the whole chunk.
    this.rest = pos < buf.length ? Buffer.from(buf.subarray(pos)) : null;
    if (parts.length) this.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
    done();
  }

  override _flush(done: TransformCallback) {
    done(this.rest ? new Error('COPY: the stream ended inside a row') : undefined);
  }
}

/**
 * The bytes of `select` (a query of one text column, never NULL), streamed by COPY on a pooled
 * connection of its own. A consumer that stops early makes the connection be dropped, not reused.
 */
export async function* copyColumn(pool: pg.Pool, select: string): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  let finished = false;
  let failed: Error | undefined;
  try {
    const copy = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
    const unwrap = new CopyBinaryColumn();
    copy.on('error', (e) => unwrap.destroy(e));
    copy.pipe(unwrap);
    for await (const chunk of unwrap) yield chunk as Buffer;
    finished = true;
  } catch (e) {
    failed = e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    client.release(finished ? undefined : failed ?? new Error('export aborted'));
  }
}
