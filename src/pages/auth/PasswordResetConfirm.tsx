/** Choose a new password from a reset link (POST auth/password/reset/confirm/). */
import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch } from '../../dataProvider/api-fetch';
import { passwordProblems } from '../../lib/password-policy';
import { required } from '../../lib/validators';
import { plainMessage } from '../../notify/error-toasts';
import { httpBody } from '../../generic/submit-errors';
import type { PageProps } from '../../routes/define-route';
import { AuthCard } from './AuthCard';

export default function PasswordResetConfirm({ params }: PageProps) {
  const [pw1, setPw1] = useState('');
  const [pw2, setPw2] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const problem1 = required(pw1) ?? passwordProblems(pw1)[0];
  const problem2 = required(pw2) ?? (pw1 !== pw2 ? 'The two password fields didn’t match.' : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem1 || problem2) return;
    setState({ kind: 'busy' });
    try {
      await apiFetch('auth/password/reset/confirm/', { body: { uid: params.uid, token: params.token, new_password1: pw1, new_password2: pw2 }, auth: false });
      setState({ kind: 'done' });
    } catch (err) {
      const body = httpBody(err);
      // A bad uid or token is a bad link, whatever the server's wording for the field.
      const badLink = body && typeof body === 'object' && ('uid' in body || 'token' in body);
      setState({ kind: 'error', message: badLink ? 'This reset link is invalid or has expired. Ask for a new one.' : plainMessage(err, 'The password could not be reset.') });
    }
  };

  return (
    <AuthCard title="Choose a new password">
      {state.kind === 'done' ? (
        <Alert severity="success" data-testid="reset-done">Your password has been reset. You can sign in with it now.</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          {state.kind === 'error' && <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>{state.message}</Alert>}
          <TextField label="New password" type="password" autoComplete="new-password" fullWidth value={pw1} onChange={(e) => setPw1(e.target.value)}
            error={touched && !!problem1} helperText={touched ? problem1 : undefined} />
          <TextField label="Confirm new password" type="password" autoComplete="new-password" fullWidth value={pw2} onChange={(e) => setPw2(e.target.value)}
            error={touched && !!problem2} helperText={touched ? problem2 : undefined} />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={state.kind === 'busy'}>Set password</Button>
        </Box>
      )}
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/auth/password-reset/" variant="body2">New reset link</Link>
        <Link component={RouterLink} to="/auth/login/" variant="body2">Back to sign in</Link>
      </Box>
    </AuthCard>
  );
}
