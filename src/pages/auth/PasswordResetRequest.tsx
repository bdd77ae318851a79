/** Ask for a password-reset email (POST auth/password/reset/ {email}). */
import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch } from '../../dataProvider/api-fetch';
import { email as emailRule, required } from '../../lib/validators';
import { plainMessage } from '../../notify/error-toasts';
import { AuthCard } from './AuthCard';

export default function PasswordResetRequest() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'sent' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const problem = required(email) ?? emailRule(email);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setState({ kind: 'busy' });
    try {
      await apiFetch('auth/password/reset/', { body: { email: email.trim() }, auth: false });
      setState({ kind: 'sent' });
    } catch (err) {
      setState({ kind: 'error', message: plainMessage(err, 'The reset email could not be sent.') });
    }
  };

  return (
    <AuthCard title="Reset password">
      {state.kind === 'sent' ? (
        <Alert severity="success" data-testid="reset-sent">If an account exists for {email}, an email with a link to choose a new password is on its way.</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          {state.kind === 'error' && <Alert severity="error" sx={{ mb: 2 }}>{state.message}</Alert>}
          <TextField label="Email" type="email" autoFocus fullWidth value={email} onChange={(e) => setEmail(e.target.value)}
            error={touched && !!problem} helperText={touched ? problem : 'We will email you a link to choose a new password.'} />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={state.kind === 'busy'}>Send reset link</Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}><Link component={RouterLink} to="/auth/login/" variant="body2">Back to sign in</Link></Box>
    </AuthCard>
  );
}
