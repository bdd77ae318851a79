/**
 * The query client and the auth provider as the app hands them to <Admin>. After any sign-in
 * (password or single sign-on) the cached "not signed in" answer of checkAuth must go: react-admin
 * only refreshes the permissions, and the stale answer would log the fresh session straight out.
 */
import { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import baseAuthProvider from './authProvider';

/** A 4xx answer will not change on a retry (a bad token would only delay the way to the login page). */
export function shouldRetry(failures: number, error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? Number(error.status) : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failures < 2;
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetry } } });
// The session queries (checkAuth, the profile): an HTTP answer is final, so a broken account shows its
// message at once; only a network failure is tried once more.
queryClient.setQueryDefaults(['auth'], { retry: (failures, error) => failures < 1 && !(error && typeof error === 'object' && 'status' in error) });

type Extra = { socialLogin?: (provider: string, token: string, attempt: string) => Promise<unknown>; getToken?: () => string | null };
const base = baseAuthProvider as AuthProvider & Extra;

const forgetSignedOut = () => queryClient.removeQueries({ queryKey: ['auth', 'checkAuth'] });

// Object.create keeps every other method (getProfile, refreshProfile...) reachable through the prototype.
export const authProvider: AuthProvider & Extra = Object.assign(Object.create(base) as AuthProvider & Extra, {
  login: async (params: unknown) => {
    const result: unknown = await base.login(params);
    forgetSignedOut();
    return result;
  },
  ...(base.socialLogin ? {
    socialLogin: async (provider: string, token: string, attempt: string) => {
      const result = await base.socialLogin!(provider, token, attempt);
      forgetSignedOut();
      return result;
    },
  } : {}),
});

