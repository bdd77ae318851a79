/**
 * `config/admin/` (docs/shell.md, Configuration pages): the company's own settings in one place. The
 * company record (its name, subscription and features are the platform's: read-only here unless
 * platform staff), the features the platform granted, and the application configuration (time
 * zone, title, decimals, tolerances).
 */
import { Alert, Chip, Paper, Stack, Typography } from '@mui/material';
import { EditBase, ResourceContextProvider, Title } from 'react-admin';
import { EditForm } from '../../generic/GenericEdit';
import { useProfile, useRefreshProfile } from '../../hooks/useProfile';
import { isPlatformStaff } from '../../authProvider/permissions';
import { company } from '../../resources/accounts/company';
import { ApplicationConfigurationForm } from '../../pages/user/ApplicationConfigurationPage';
import { labelOf } from '../../resources/fields';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

export default function AdminPage() {
  const { permissions: profile } = useProfile();
  const refreshProfile = useRefreshProfile();
  const own = profile?.company;
  if (!own) return <Alert severity="info" sx={{ m: 2 }}>You act for no company, so there is nothing to administer.</Alert>;
  const features = own.features ?? [];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="Administration" />
      <Section title="Company">
        <Typography variant="body1" sx={{ fontWeight: 500 }}>{own.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {isPlatformStaff(profile) ? 'You change its name below, as platform staff.' : 'Its name is the platform\'s record of your company: ask your platform contact to change it.'}
        </Typography>
        <ResourceContextProvider value={company.name}>
          <EditBase id={own.id} mutationMode="pessimistic">
            <EditForm allowDelete={false} onSaved={() => void refreshProfile()} />
          </EditBase>
        </ResourceContextProvider>
      </Section>
      <Section title="Subscription and features">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Subscription: <strong>{own.subscribed === false ? 'not active' : 'active'}</strong>.{' '}
          {isPlatformStaff(profile) ? 'As platform staff you change these in the company form above.' : 'The platform grants these; ask your platform contact to change them.'}
        </Typography>
        {features.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Features">
            {features.map((f) => (
              <Chip key={f.name} label={`${labelOf(f.name)}${f.subscribed ? '' : ' (not subscribed)'}`} color={f.subscribed ? 'primary' : 'default'} variant={f.subscribed ? 'filled' : 'outlined'} />
            ))}
          </Stack>
        ) : <Typography variant="body2" color="text.secondary">No features granted.</Typography>}
      </Section>
      <Section title="Application settings">
        <ApplicationConfigurationForm />
      </Section>
    </Stack>
  );
}
