/**
 * `auth/invitation/{invitationId}/{token}/` (docs/partners.md, Signing up by invitation): the mailed
 * link. It says who invites whom; with an account, Sign in (then Incoming invitations, to accept);
 * without one, the form that creates the company and its first user and accepts, after which the
 * user is signed in and lands on the invitations he received. A link that does not work says why
 * it may not, in one message.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch } from '../../dataProvider/api-fetch';
import { setToken } from '../../authProvider/token';
import { passwordProblems } from '../../lib/password-policy';
import { required } from '../../lib/validators';
import { plainMessage } from '../../notify/error-toasts';
import { httpBody } from '../../generic/submit-errors';
import type { PageProps } from '../../routes/define-route';
import { AuthCard } from './AuthCard';

interface About { email: string; inviter: string; relation: string; message: string | null; expires_at: string; account: boolean }

const INCOMING = '/partner/invitations/incoming/';
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Edmonton';

export default function InvitationPage({ params }: PageProps) {
  const link = { id: String(params.invitationId), token: String(params.token) };
  const [about, setAbout] = useState<About | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const [v, setV] = useState({ name: '', company_name: '', country: 'CA', time_zone: browserZone(), new_password1: '', new_password2: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<Record<string, string[]>>({});

  useEffect(() => {
    apiFetch<About>(`auth/invitation/${encodeURIComponent(link.id)}/${encodeURIComponent(link.token)}/`, { auth: false })
      .then(setAbout, (e: unknown) => setBroken(plainMessage(e, 'This invitation link does not work.')));
  }, [link.id, link.token]);

  const problems: Record<string, string | undefined> = {
    name: required(v.name), company_name: required(v.company_name), country: required(v.country) ?? (/^[A-Za-z]{2}$/.test(v.country) ? undefined : 'Two letters: CA, US, MX.'),
    time_zone: required(v.time_zone), new_password1: required(v.new_password1) ?? passwordProblems(v.new_password1, { email: about?.email })[0],
    new_password2: required(v.new_password2) ?? (v.new_password1 !== v.new_password2 ? 'The two password fields didn’t match.' : undefined),
  };
  const shown = (f: string) => (touched ? problems[f] : undefined) ?? server[f]?.[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    setServer({});
    try {
      const { key } = await apiFetch<{ key: string }>('auth/invitation/sign-up/', { body: { ...link, ...v }, auth: false });
      setToken(key);
      window.location.assign(INCOMING);
    } catch (err) {
      const body = httpBody(err);
      if (body && typeof body === 'object' && !('detail' in body)) setServer(body as Record<string, string[]>);
      else setBroken(plainMessage(err, 'Your account could not be made.'));
      setBusy(false);
    }
  };

  const field = (name: keyof typeof v, label: string, o: { type?: string; autoComplete?: string; helper?: string } = {}) => (
    <TextField label={label} name={name} type={o.type} autoComplete={o.autoComplete} fullWidth value={v[name]} onChange={(e) => setV({ ...v, [name]: e.target.value })}
      error={!!shown(name)} helperText={shown(name) ?? o.helper} />
  );

  return (
    <AuthCard title="Invitation">
      {!about && !broken && <CircularProgress size={24} />}
      {broken && <Alert severity="error" data-testid="invitation-broken">{broken}</Alert>}
      {about && (
        <>
          <Typography variant="body1" sx={{ mb: 1 }} data-testid="invitation-about">
            <strong>{about.inviter}</strong> invites you ({about.email}) to trade by rail as its {about.relation}.
          </Typography>
          {about.message && <Typography variant="body2" sx={{ mb: 1, whiteSpace: 'pre-wrap' }}>“{about.message}”</Typography>}
          {about.account ? (
            <>
              <Typography variant="body2" sx={{ mb: 2 }}>You have an account: sign in, then accept the invitation under Invitations you received.</Typography>
              <Button component={RouterLink} to={`/auth/login/?next=${encodeURIComponent(INCOMING)}`} variant="contained" fullWidth>Sign in to accept</Button>
            </>
          ) : (
            <Box component="form" noValidate onSubmit={submit}>
              <Typography variant="body2" sx={{ mb: 1 }}>Create your account and your company's; the invitation is accepted with it.</Typography>
              {field('name', 'Your name', { autoComplete: 'name' })}
              {field('company_name', 'Company name', { autoComplete: 'organization' })}
              {field('country', 'Country', { helper: 'Two letters: CA, US, MX.' })}
              {field('time_zone', 'Time zone', { helper: 'Where your company works, e.g. America/Toronto.' })}
              {field('new_password1', 'Password', { type: 'password', autoComplete: 'new-password' })}
              {field('new_password2', 'Password again', { type: 'password', autoComplete: 'new-password' })}
              {server.email && <Alert severity="info" sx={{ mt: 1 }}>{server.email[0]}</Alert>}
              <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>Create account and accept</Button>
            </Box>
          )}
        </>
      )}
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/auth/login/" variant="body2">Sign in</Link>
      </Box>
    </AuthCard>
  );
}
