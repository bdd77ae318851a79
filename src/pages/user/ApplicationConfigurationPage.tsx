/**
 * The company's application configuration (one record per company): edited with the generic form,
 * or created when the company has none yet.
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { Create, Edit, ResourceContextProvider, useGetList } from 'react-admin';
import { EditForm } from '../../generic/GenericEdit';
import { ResourceForm } from '../../generic/ResourceForm';
import { useSubmit } from '../../generic/useSubmit';
import { applicationConfiguration } from '../../resources/accounts/application-configuration';
import { useProfile } from '../../hooks/useProfile';

const NAME = applicationConfiguration.name;

function CreateConfig() {
  const { submit } = useSubmit(applicationConfiguration, 'create');
  return <ResourceForm resource={applicationConfiguration} mode="create" onSubmit={submit} />;
}

export default function ApplicationConfigurationPage() {
  const { permissions } = useProfile();
  const companyId = permissions?.company?.id;
  const { data, isPending, error } = useGetList(NAME, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: companyId ? { company: companyId } : {} });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error.message}</Alert>;
  const record = data?.[0];
  return (
    <ResourceContextProvider value={NAME}>
      {record ? (
        <Edit id={record.id} mutationMode="pessimistic" actions={false} title="Application configuration">
          <EditForm allowDelete={false} />
        </Edit>
      ) : (
        <Create title="Application configuration" actions={false}>
          <CreateConfig />
        </Create>
      )}
    </ResourceContextProvider>
  );
}
