/** Change one's own password (POST auth/password/change/ {old_password, new_password1, new_password2}). */
import { type FormEvent, useState } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { apiFetch } from '../../dataProvider/api-fetch';
import { passwordProblems } from '../../lib/password-policy';
import { required } from '../../lib/validators';
import { httpBody, httpStatus } from '../../generic/submit-errors';
import { plainMessage } from '../../notify/error-toasts';

type Values = { old_password: string; new_password1: string; new_password2: string };
const EMPTY: Values = { old_password: '', new_password1: '', new_password2: '' };

export function ChangePasswordForm({ email }: { email?: string }) {
  const notify = useNotify();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof Values | 'detail', string>>>({});
  const errors: Partial<Record<keyof Values, string>> = {
    old_password: required(values.old_password) ?? serverErrors.old_password,
    new_password1: required(values.new_password1) ?? passwordProblems(values.new_password1, { email })[0] ?? serverErrors.new_password1,
    new_password2: required(values.new_password2) ?? (values.new_password1 !== values.new_password2 ? 'The two password fields didn’t match.' : serverErrors.new_password2),
  };
  const set = (k: keyof Values) => (e: { target: { value: string } }) => { setValues({ ...values, [k]: e.target.value }); setServerErrors({}); };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      await apiFetch('auth/password/change/', { body: values });
      notify('Your password has been changed.', { type: 'success' });
      setValues(EMPTY);
      setTouched(false);
    } catch (err) {
      const body = httpBody(err);
      if (httpStatus(err) === 400 && body && typeof body === 'object') {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(body)) out[k in EMPTY ? k : 'detail'] = plainMessage(v, '');
        setServerErrors(out);
      } else {
        setServerErrors({ detail: plainMessage(err, 'The password could not be changed.') });
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (k: keyof Values, label: string, autoComplete: string) => (
    <TextField key={k} label={label} type="password" autoComplete={autoComplete} fullWidth value={values[k]} onChange={set(k)}
      error={(touched || !!serverErrors[k]) && !!errors[k]} helperText={touched || serverErrors[k] ? errors[k] : undefined} />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 420 }}>
      {serverErrors.detail && <Alert severity="error" sx={{ mb: 1 }}>{serverErrors.detail}</Alert>}
      {field('old_password', 'Current password', 'current-password')}
      {field('new_password1', 'New password', 'new-password')}
      {field('new_password2', 'Confirm new password', 'new-password')}
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={busy}>Change password</Button>
    </Box>
  );
}
