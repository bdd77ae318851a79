/**
 * Plain JSON calls to API paths that are not resources (auth/, the update check), over the same
 * HTTP layer as the data provider, so errors carry status and body in the same shape.
 */
import { getToken } from '../authProvider/token';
import { createHttp } from './http';

const signedIn = createHttp('/api', getToken);
const anonymous = createHttp('/api', () => null);

export function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const http = init.auth === false ? anonymous : signedIn;
  return http.json<T>(path.replace(/^\//, ''), { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), body: init.body });
}
