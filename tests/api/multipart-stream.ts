/**
 * Sends a multipart request whose file parts are written as the server reads them (node:http with
 * backpressure), and counts the bytes the server let through before it answered: a reader that
 * stops at the first part too many leaves most of the body unsent.
 */
import { request } from 'node:http';

export interface StreamedAnswer { status: number; body: any; written: number; total: number }

export function streamParts(url: string, token: string, o: { parts: number; partBytes: number; fieldName?: string }): Promise<StreamedAnswer> {
  const boundary = `----bench${Date.now()}`;
  // A PDF header, then padding: every part passes the type check on its own.
  const content = Buffer.alloc(o.partBytes, 0x20);
  content.write('%PDF-1.4\n');
  const head = (i: number) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${o.fieldName ?? 'file'}"; filename="part${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = Array.from({ length: o.parts }, (_, i) => head(i).length + content.length + 2).reduce((a, b) => a + b, 0) + tail.length;
  let written = 0;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body, written, total });
      });
    });
    // The server may close the connection while we still write: that is the point, not a failure.
    req.on('error', (e) => { if (!answered) reject(e); });
    const closed = new Promise<void>((ok) => req.once('close', ok));
    const write = async (buf: Buffer) => {
      if (req.destroyed || answered) return;
      written += buf.length;
      if (!req.write(buf)) await Promise.race([new Promise<void>((ok) => req.once('drain', ok)), closed]);
    };
    (async () => {
      for (let i = 0; i < o.parts && !answered && !req.destroyed; i++) {
        await write(head(i));
        // In 1 MiB slices, so that the count follows what the server actually took.
        for (let at = 0; at < content.length && !answered && !req.destroyed; at += 1 << 20) await write(content.subarray(at, at + (1 << 20)));
        await write(Buffer.from('\r\n'));
      }
      await write(tail);
      if (!req.destroyed) req.end();
    })().catch(reject);
  });
}
