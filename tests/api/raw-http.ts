/**
 * HTTP without a client's URL normalisation: the path goes out byte for byte (`/%61pi/`, `//api/`,
 * `/api/./`), any Host header can be sent, and the body can be left unfinished to see whether the
 * server answers before reading it.
 */
import { request } from 'node:http';

export interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

export function rawRequest(base: string, method: string, path: string, o: { headers?: Record<string, string>; body?: Buffer | string; partialBody?: Buffer } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: o.headers, setHost: !o.headers?.host }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        // A request whose body was never finished is abandoned once its answer is in.
        if (o.partialBody) req.destroy();
      });
    });
    req.on('error', (e) => { if (!o.partialBody) reject(e); });
    if (o.partialBody) req.write(o.partialBody); // and never end(): the rest of the body never comes
    else req.end(o.body);
  });
}
