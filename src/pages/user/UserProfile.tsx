/** The signed-in user's own page: who they are, their company and roles, dark mode, and password. */
import { Box, Card, CardContent, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useProfile } from '../../hooks/useProfile';
import { useDarkMode } from '../../layout/DarkMode';
import { ChangePasswordForm } from './ChangePasswordForm';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5 }}>
      <Typography color="text.secondary" sx={{ width: 120, flexShrink: 0 }}>{label}</Typography>
      <Box>{children}</Box>
    </Stack>
  );
}

export default function UserProfile() {
  const { permissions: p } = useProfile();
  const { dark, toggle } = useDarkMode();
  if (!p) return null;
  const roles = [...new Set([...p.roles, ...p.groups.map((g) => g.name)])];
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Title title="Profile" />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>{p.name || p.email}</Typography>
          <Row label="Email"><Typography data-testid="profile-email">{p.email}</Typography></Row>
          <Row label="Company"><Typography>{p.company?.name ?? '—'}</Typography></Row>
          <Row label="Roles">
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {p.is_superuser && <Chip size="small" color="primary" label="Superuser" />}
              {roles.length ? roles.map((r) => <Chip key={r} size="small" label={r} />) : !p.is_superuser && <Typography>—</Typography>}
            </Stack>
          </Row>
          <Row label="Appearance">
            <FormControlLabel control={<Switch checked={dark} onChange={() => void toggle()} data-testid="profile-dark-mode" />} label="Dark mode" />
          </Row>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>Change password</Typography>
          <ChangePasswordForm email={p.email} />
        </CardContent>
      </Card>
    </Box>
  );
}
