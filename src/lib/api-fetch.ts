/**
 * Plain JSON calls to the API paths that are not resources (auth/, the update check). Resource calls
 * go through the data provider. Errors carry status and body like react-admin's HttpError, so the
 * same toast and form-error handling applies.
 */
import { HttpError } from 'react-admin';

export type TokenSource = () => string | null | undefined;

let tokenSource: TokenSource = () => null;

/** The auth provider owns the token; the app tells this module where to read it. */
export function setTokenSource(source: TokenSource) {
  tokenSource = source;
}

export async function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = init.auth === false ? null : tokenSource();
  if (token) headers.Authorization = `Token ${token}`;
  const res = await fetch(`/api/${path.replace(/^\//, '')}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON: keep the text */ }
  if (!res.ok) {
    const detail = body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string' ? body.detail : res.statusText;
    throw new HttpError(detail || `HTTP ${res.status}`, res.status, body);
  }
  return body as T;
}

export const currentToken = (): string | null | undefined => tokenSource();
