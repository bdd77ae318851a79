/**
 * The company's application configuration (one record per company): edited with the generic form,
 * or created when the company has none yet. Also a section of the administration page (config/admin/).
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { CreateBase, EditBase, ResourceContextProvider, Title, useGetList } from 'react-admin';
import { EditForm } from '../../generic/GenericEdit';
import { ResourceForm } from '../../generic/ResourceForm';
import { useSubmit } from '../../generic/useSubmit';
import { applicationConfiguration } from '../../resources/accounts/application-configuration';
import { useProfile, useRefreshProfile } from '../../hooks/useProfile';

const NAME = applicationConfiguration.name;

function CreateConfig({ onSaved }: { onSaved(): void }) {
  const { submit } = useSubmit(applicationConfiguration, 'create', undefined, { onSaved });
  return <ResourceForm resource={applicationConfiguration} mode="create" onSubmit={submit} />;
}

/** The form of the company's configuration; a save re-reads the profile, so the time zone and decimals apply at once. */
export function ApplicationConfigurationForm() {
  const { permissions } = useProfile();
  const refreshProfile = useRefreshProfile();
  const companyId = permissions?.company?.id;
  const { data, isPending, error, refetch } = useGetList(NAME, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: companyId ? { company: companyId } : {} });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error.message}</Alert>;
  const record = data?.[0];
  const saved = () => { void refreshProfile(); void refetch(); };
  return (
    <ResourceContextProvider value={NAME}>
      {record ? (
        <EditBase id={record.id} mutationMode="pessimistic">
          <EditForm allowDelete={false} onSaved={saved} />
        </EditBase>
      ) : (
        <CreateBase>
          <CreateConfig onSaved={saved} />
        </CreateBase>
      )}
    </ResourceContextProvider>
  );
}

export default function ApplicationConfigurationPage() {
  return (
    <>
      <Title title="Application configuration" />
      <ApplicationConfigurationForm />
    </>
  );
}
