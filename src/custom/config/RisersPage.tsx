/** `config/risers/` (docs/loading.md, Risers): the company's loading risers in the shared table, and its riser schedule settings. */
import { Paper, Stack, Typography } from '@mui/material';
import { ResourceContextProvider, useCanAccess } from 'react-admin';
import GenericList from '../../generic/GenericList';
import { CompanySettingsForm } from '../../generic/CompanySettingsForm';
import { riser, riserScheduleConfig } from '../../resources/logistics/riser';

export default function RisersPage() {
  const { canAccess: mayReadSettings } = useCanAccess({ resource: riserScheduleConfig.name, action: 'list' });
  return (
    <Stack spacing={2}>
      <ResourceContextProvider value={riser.name}>
        <GenericList title="Risers" />
      </ResourceContextProvider>
      {mayReadSettings && (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mx: { xs: 0, sm: 1 } }} component="section" aria-label="Schedule settings">
          <Typography variant="h6" component="h2">Schedule settings</Typography>
          <Typography variant="body2" color="text.secondary">How cars are scheduled across your risers.</Typography>
          <CompanySettingsForm resource={riserScheduleConfig} />
        </Paper>
      )}
    </Stack>
  );
}
