/**
 * Sign-in, session and access for react-admin (docs/shell.md, Session; Permissions; Guards). The session profile comes from
 * `GET user/me/`; the permission rules are the shared pure functions the server enforces with.
 */
import type { AuthProvider } from 'react-admin';
import { registry } from '../resources/index';
import { type Verb, codename, contentType, isReadOnly } from '../resources/define';
import { type AccessProfile, hasPermissions } from './permissions';
import { clearToken, getToken, setToken } from './token';
import { createHttp } from '../dataProvider/http';

export const LOGIN_PATH = '/auth/login/';
/** A failed sign-in's message, kept in the session (docs/shell.md, Session) for the login page to show. */
export const LOGIN_ERROR_KEY = 'loginError';

export type Profile = AccessProfile & { id: number; email: string; name: string | null; ui_config?: Record<string, unknown>; app_config?: Record<string, unknown> };

const VERB_OF_ACTION: Record<string, Verb> = { list: 'view', show: 'view', export: 'view', create: 'add', clone: 'add', edit: 'change', delete: 'delete' };

export interface AppAuthProvider extends AuthProvider {
  socialLogin(provider: string, accessToken: string, attempt: string): Promise<void>;
  getToken(): string | null;
  getProfile(): Profile | null;
  refreshProfile(): Promise<Profile>;
}

class ApiError extends Error {
  constructor(message: string, public status: number, public body: unknown) { super(message); }
}

function messageOf(body: unknown, fallback: string): string {
  const o = body as { detail?: unknown; non_field_errors?: unknown[] } | null;
  if (typeof o?.detail === 'string') return o.detail;
  if (Array.isArray(o?.non_field_errors) && o.non_field_errors.length) return String(o.non_field_errors[0]);
  if (o && typeof o === 'object') {
    const first = Object.values(o).find((v) => Array.isArray(v) && v.length) as unknown[] | undefined;
    if (first) return String(first[0]);
  }
  return fallback;
}

const isAuthRoute = () => typeof window !== 'undefined' && window.location.pathname.startsWith('/auth/');

export function createAuthProvider(o: { apiUrl?: string; fetch?: typeof fetch } = {}): AppAuthProvider {
  const apiUrl = o.apiUrl ?? '/api';
  let profile: Profile | null = null;
  let loading: Promise<Profile> | null = null;

  const signedIn = createHttp(apiUrl, getToken, o.fetch);
  const anonymous = createHttp(apiUrl, () => null, o.fetch);
  /** Auth answers carry their message in `detail` or `non_field_errors`; screens show it as is. */
  async function call<T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
    try {
      return await (init.auth === false ? anonymous : signedIn).json<T>(path, { method: init.method ?? 'GET', body: init.body });
    } catch (e) {
      const err = e as { status?: number; body?: unknown; message: string };
      if (err.status === undefined) throw e;
      throw new ApiError(messageOf(err.body, err.message), err.status, err.body);
    }
  }

  async function refreshProfile(): Promise<Profile> {
    loading ??= call<Profile>('user/me/').then((p) => { profile = p; return p; }).finally(() => { loading = null; });
    return loading;
  }

  async function startSession(key: string) {
    setToken(key);
    sessionStorage.removeItem(LOGIN_ERROR_KEY);
    profile = null;
    await refreshProfile();
  }

  async function signIn(run: () => Promise<{ key: string }>) {
    try {
      await startSession((await run()).key);
    } catch (e) {
      const message = (e as Error).message || 'Sign-in failed.';
      sessionStorage.setItem(LOGIN_ERROR_KEY, message);
      throw new Error(message, { cause: e });
    }
  }

  return {
    async login(params: { email?: string; username?: string; password: string }) {
      const email = params.email ?? params.username ?? '';
      await signIn(() => call('auth/login/', { method: 'POST', body: { email, password: params.password }, auth: false }));
    },
    async socialLogin(provider, accessToken, attempt) {
      await signIn(() => call(`auth/social/${encodeURIComponent(provider)}/`, { method: 'POST', body: { access_token: accessToken, attempt }, auth: false }));
    },
    async logout() {
      if (getToken()) await call('auth/logout/', { method: 'POST' }).catch(() => undefined);
      clearToken();
      profile = null;
      // Outside the auth pages, keep the query string so the user comes back to the same view.
      return isAuthRoute() ? LOGIN_PATH : `${LOGIN_PATH}${typeof window !== 'undefined' ? window.location.search : ''}`;
    },
    async checkAuth() {
      if (isAuthRoute()) return;
      if (!getToken()) throw { redirectTo: LOGIN_PATH, message: false };
    },
    async checkError(error: { status?: number; body?: { detail?: unknown } }) {
      if (error?.status === 401) {
        if (error.body?.detail === 'Invalid token.') {
          clearToken();
          profile = null;
        }
        throw { redirectTo: LOGIN_PATH, message: false };
      }
      // 403 and the rest: the user stays where they are; the screen shows the error.
    },
    async getIdentity() {
      const p = profile ?? (await refreshProfile());
      return { id: p.id, fullName: p.name || p.email };
    },
    async getPermissions() {
      if (!getToken()) return null;
      return profile ?? refreshProfile();
    },
    async canAccess({ resource, action }: { resource: string; action: string }) {
      const r = registry.get(resource);
      const verb = VERB_OF_ACTION[action];
      if (!r || !verb) return true;
      if (!getToken()) return false;
      // A view (or the audit trail) is read only whatever the rights on its model: no create, edit or delete is offered.
      if (isReadOnly(r) && verb !== 'view') return false;
      const p = profile ?? (await refreshProfile());
      return hasPermissions(p, { [contentType(r)]: [codename(r, verb)] });
    },
    getToken,
    getProfile: () => profile,
    refreshProfile,
  };
}
