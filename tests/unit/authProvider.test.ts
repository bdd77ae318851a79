// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, LOGIN_ERROR_KEY } from '../../src/authProvider/createAuthProvider';

const profile = {
  id: 4, email: 'driver@demo.test', name: 'Drew Driver', is_superuser: false, groups: [{ name: 'Driver' }], roles: ['Driver'],
  user_access: [{ app: 'logistics', models: [{ model: 'product', codenames: ['view_product'] }] }], company: { id: 1, name: 'PBT' },
};

function server(routes: Record<string, { status?: number; body?: unknown }>) {
  const calls: { url: string; method: string; body: unknown; auth?: string }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined, auth: (init.headers as Record<string, string>).Authorization });
    const r = routes[`${init.method ?? 'GET'} ${url}`] ?? { status: 404, body: { detail: 'Not found.' } };
    return new Response(JSON.stringify(r.body ?? null), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

beforeEach(() => { localStorage.clear(); sessionStorage.clear(); window.history.pushState({}, '', '/'); });

describe('auth provider', () => {
  it('login stores the key and fetches the profile', async () => {
    const s = server({ 'POST /api/auth/login/': { body: { key: 'a'.repeat(40) } }, 'GET /api/user/me/': { body: profile } });
    const ap = createAuthProvider({ fetch: s.fetch });
    await ap.login({ email: 'driver@demo.test', password: 'demo12345' });
    expect(localStorage.getItem('token')).toBe('a'.repeat(40));
    expect(s.calls[1].auth).toBe(`Token ${'a'.repeat(40)}`);
    expect(await ap.getPermissions!({})).toEqual(profile);
    expect(await ap.getIdentity!()).toEqual({ id: 4, fullName: 'Drew Driver' });
  });

  it('a failed login keeps the message in the session state', async () => {
    const s = server({ 'POST /api/auth/login/': { status: 400, body: { non_field_errors: ['Unable to log in with provided credentials.'] } } });
    const ap = createAuthProvider({ fetch: s.fetch });
    await expect(ap.login({ email: 'x@y.z', password: 'bad' })).rejects.toThrow('Unable to log in with provided credentials.');
    expect(sessionStorage.getItem(LOGIN_ERROR_KEY)).toBe('Unable to log in with provided credentials.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout revokes the token, clears it and keeps the query string outside auth routes', async () => {
    localStorage.setItem('token', 'b'.repeat(40));
    const s = server({ 'POST /api/auth/logout/': { body: {} } });
    const ap = createAuthProvider({ fetch: s.fetch });
    window.history.pushState({}, '', '/company/fleet/?car=5');
    expect(await ap.logout({})).toBe('/auth/login/?car=5');
    expect(localStorage.getItem('token')).toBeNull();
    expect(s.calls.map((c) => c.url)).toEqual(['/api/auth/logout/']);
    window.history.pushState({}, '', '/auth/password-reset/x/y/?a=1');
    expect(await ap.logout({})).toBe('/auth/login/');
  });

  it('checkAuth: no token goes to login, except on auth routes', async () => {
    const ap = createAuthProvider({ fetch: server({}).fetch });
    await expect(ap.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth/login/' });
    window.history.pushState({}, '', '/auth/login/');
    await expect(ap.checkAuth({})).resolves.toBeUndefined();
    window.history.pushState({}, '', '/');
    localStorage.setItem('token', 'c'.repeat(40));
    await expect(ap.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError: 401 "Invalid token." removes the token; 403 stays', async () => {
    localStorage.setItem('token', 'd'.repeat(40));
    const ap = createAuthProvider({ fetch: server({}).fetch });
    await expect(ap.checkError({ status: 403, body: { detail: 'No' } })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).not.toBeNull();
    await expect(ap.checkError({ status: 401, body: { detail: 'Invalid token.' } })).rejects.toMatchObject({ redirectTo: '/auth/login/' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('canAccess maps react-admin actions onto view/add/change/delete codenames', async () => {
    localStorage.setItem('token', 'e'.repeat(40));
    const ap = createAuthProvider({ fetch: server({ 'GET /api/user/me/': { body: profile } }).fetch });
    expect(await ap.canAccess!({ resource: 'product', action: 'list' })).toBe(true);
    expect(await ap.canAccess!({ resource: 'product', action: 'show' })).toBe(true);
    expect(await ap.canAccess!({ resource: 'product', action: 'create' })).toBe(false);
    expect(await ap.canAccess!({ resource: 'product', action: 'edit' })).toBe(false);
    expect(await ap.canAccess!({ resource: 'product', action: 'delete' })).toBe(false);
    expect(await ap.canAccess!({ resource: 'party', action: 'list' })).toBe(false);
  });

  it('social sign-on posts the provider token with the secret of its attempt', async () => {
    const s = server({ 'POST /api/auth/social/acme/': { body: { key: 'f'.repeat(40) } }, 'GET /api/user/me/': { body: profile } });
    const ap = createAuthProvider({ fetch: s.fetch });
    await ap.socialLogin('acme', 'id-token', 'a'.repeat(43));
    expect(s.calls[0].body).toEqual({ access_token: 'id-token', attempt: 'a'.repeat(43) });
    expect(ap.getToken()).toBe('f'.repeat(40));
  });
});
