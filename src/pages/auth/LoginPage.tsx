/**
 * Sign-in with email and password (validated before sending), plus a button per configured
 * single sign-on provider. The last error is kept in session storage (docs/shell.md, Session) so it survives
 * the reload that a rejected token causes.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Box, Button, Divider, Link, Stack, TextField } from '@mui/material';
import { useLogin } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { email as emailRule, required } from '../../lib/validators';
import { plainMessage } from '../../notify/error-toasts';
import { AuthCard } from './AuthCard';
import { LOGIN_ERROR_KEY } from '../../authProvider';
import { type SsoProvider, fetchProviders, startSso } from './sso';

/** Where to go after signing in: `?next=`, or where react-admin was sent away from, else home. */
export function nextPath(location: { search: string; state?: unknown }): string {
  const next = new URLSearchParams(location.search).get('next');
  if (next && next.startsWith('/') && !next.startsWith('//')) return next;
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null | undefined;
  if (state?.nextPathname && !state.nextPathname.startsWith('/auth/') && state.nextPathname !== '/login') return `${state.nextPathname}${state.nextSearch ?? ''}`;
  return '/';
}

export default function LoginPage() {
  const login = useLogin();
  const location = useLocation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => sessionStorage.getItem(LOGIN_ERROR_KEY));
  const [providers, setProviders] = useState<SsoProvider[]>([]);

  useEffect(() => {
    fetchProviders().then(setProviders, () => setProviders([]));
  }, []);

  const errors = { email: required(values.email) ?? emailRule(values.email), password: required(values.password) };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      await login({ email: values.email.trim(), password: values.password }, nextPath(location));
      sessionStorage.removeItem(LOGIN_ERROR_KEY);
    } catch (err) {
      const message = plainMessage(err, 'Unable to sign in with the given email and password.');
      sessionStorage.setItem(LOGIN_ERROR_KEY, message);
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in">
      <Box component="form" noValidate onSubmit={submit}>
        {error && <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="login-error">{error}</Alert>}
        <TextField
          label="Email" type="email" name="email" autoComplete="username" autoFocus fullWidth
          value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })}
          error={touched && !!errors.email} helperText={touched ? errors.email : undefined}
        />
        <TextField
          label="Password" type="password" name="password" autoComplete="current-password" fullWidth
          value={values.password} onChange={(e) => setValues({ ...values, password: e.target.value })}
          error={touched && !!errors.password} helperText={touched ? errors.password : undefined}
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/auth/password-reset/" variant="body2">Forgot your password?</Link>
      </Box>
      {providers.length > 0 && (
        <>
          <Divider sx={{ my: 2 }}>or</Divider>
          <Stack spacing={1}>
            {providers.map((p) => (
              <Button key={p.name} variant="outlined" onClick={() => startSso(p, nextPath(location)).catch((e: unknown) => setError(plainMessage(e, 'Single sign-on could not be started.')))}>Sign in with {p.label}</Button>
            ))}
          </Stack>
        </>
      )}
    </AuthCard>
  );
}
