/** Where a sign-on provider sends the browser back: exchange its token for a session, then go on. */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useAuthProvider } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { plainMessage } from '../../notify/error-toasts';
import { AuthCard } from './AuthCard';
import { ssoResult } from './sso';

interface SocialAuthProvider { socialLogin?: (provider: string, token: string, attempt: string) => Promise<unknown> }

export default function LoginRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider() as (ReturnType<typeof useAuthProvider> & SocialAuthProvider) | undefined;
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the token is single-use.
    started.current = true;
    const result = ssoResult(location);
    if ('error' in result) { setError(result.error); return; }
    if (!authProvider?.socialLogin) { setError('Single sign-on is not available.'); return; }
    authProvider.socialLogin(result.provider, result.token, result.attempt).then(
      async () => { await queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] }); navigate(result.next ?? '/', { replace: true }); },
      (e: unknown) => setError(plainMessage(e, 'Single sign-on failed.')),
    );
  }, [location, authProvider, navigate, queryClient]);

  return (
    <AuthCard title="Signing in">
      {error ? (
        <Stack spacing={2}>
          <Alert severity="error">{error}</Alert>
          <Button component={Link} to="/auth/login/" variant="contained">Back to sign in</Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}><CircularProgress size={24} /><Typography>Completing sign-on…</Typography></Stack>
      )}
    </AuthCard>
  );
}
