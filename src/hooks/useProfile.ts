/**
 * The signed-in user's profile (the auth provider's permissions), plus a way to re-read it after a
 * change (company switch, dark mode, password) so every screen sees the new values.
 */
import { useCallback } from 'react';
import { useAuthProvider, usePermissions } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionProfile } from '../lib/session-profile';

interface ProfileAuthProvider { refreshProfile?: () => Promise<unknown> }

export function useProfile() {
  // Retries follow the app's query client (none for 4xx), so a failing account load shows quickly.
  return usePermissions<SessionProfile>({}, { staleTime: 5 * 60 * 1000 });
}

export function useRefreshProfile() {
  const authProvider = useAuthProvider() as (ReturnType<typeof useAuthProvider> & ProfileAuthProvider) | undefined;
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authProvider?.refreshProfile?.();
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  }, [authProvider, queryClient]);
}
