/**
 * One HTTP call to the API with the token, turning error answers into react-admin HttpErrors whose
 * body react-admin shows on the form (docs/shell.md, Errors: a 400 body is shown per field, several messages
 * for a field joined by new lines).
 */
import { HttpError } from 'react-admin';

export interface HttpOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Http {
  (path: string, o?: HttpOptions): Promise<Response>;
  json<T = unknown>(path: string, o?: HttpOptions): Promise<T>;
}

/** `{field: ["a", "b"]}` -> `{errors: {field: "a\nb"}}`; non_field_errors become the form's root error. */
export function formErrors(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    const text = Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n') : typeof v === 'string' ? v : JSON.stringify(v);
    out[k === 'non_field_errors' ? 'root.serverError' : k] = text;
  }
  return out;
}

/** The message of an error body: `detail`, else `key: value` per key, else the first list item. */
export function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const o = body as Record<string, unknown>;
    if (typeof o.detail === 'string') return o.detail;
    const parts = Object.entries(o).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : typeof v === 'string' ? v : JSON.stringify(v)}`);
    if (parts.length) return parts.join('\n');
  }
  if (Array.isArray(body) && body.length) return String(body[0]);
  if (typeof body === 'string' && body && body.length < 300) return body;
  return status >= 500 ? 'The server could not complete the request.' : `Request failed (${status}).`;
}

export async function toHttpError(res: Response): Promise<HttpError> {
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  const withForm = res.status === 400 && body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { detail?: unknown }).detail !== 'string'
    ? { ...(body as object), errors: formErrors(body as Record<string, unknown>) }
    : body;
  return new HttpError(errorMessage(body, res.status), res.status, withForm);
}

export function createHttp(apiUrl: string, getToken: () => string | null, fetchImpl: typeof fetch = (...a) => fetch(...a)): Http {
  const http = (async (path: string, o: HttpOptions = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    const token = getToken();
    if (token) headers.Authorization = `Token ${token}`;
    let body: BodyInit | undefined;
    if (o.body instanceof FormData) body = o.body;
    else if (o.body !== undefined) { body = JSON.stringify(o.body); headers['Content-Type'] = 'application/json'; }
    const res = await fetchImpl(`${apiUrl}/${path}`, { method: o.method ?? 'GET', headers, body });
    if (!res.ok) throw await toHttpError(res);
    return res;
  }) as Http;
  http.json = async <T,>(path: string, o?: HttpOptions) => {
    const res = await http(path, o);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
  return http;
}
