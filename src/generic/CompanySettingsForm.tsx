/**
 * The form of a resource holding one record per company (its settings): the record when the
 * company has one, else a form that makes it. A save re-reads the profile, so settings it carries
 * (the time zone, the decimals) apply at once.
 */
import { Alert, Box, CircularProgress } from '@mui/material';
import { CreateBase, EditBase, ResourceContextProvider, useGetList } from 'react-admin';
import type { Resource } from '../resources/define';
import { EditForm } from './GenericEdit';
import { ResourceForm } from './ResourceForm';
import { useSubmit } from './useSubmit';
import { useProfile, useRefreshProfile } from '../hooks/useProfile';

function CreateSettings({ resource, onSaved }: { resource: Resource; onSaved(): void }) {
  const { submit } = useSubmit(resource, 'create', undefined, { onSaved });
  return <ResourceForm resource={resource} mode="create" onSubmit={submit} />;
}

export function CompanySettingsForm({ resource }: { resource: Resource }) {
  const { permissions } = useProfile();
  const refreshProfile = useRefreshProfile();
  const companyId = permissions?.company?.id;
  const { data, isPending, error, refetch } = useGetList(resource.name, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: companyId ? { company: companyId } : {} });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{error.message}</Alert>;
  const record = data?.[0];
  const saved = () => { void refreshProfile(); void refetch(); };
  return (
    <ResourceContextProvider value={resource.name}>
      {record ? (
        <EditBase id={record.id} mutationMode="pessimistic">
          <EditForm allowDelete={false} onSaved={saved} />
        </EditBase>
      ) : (
        <CreateBase>
          <CreateSettings resource={resource} onSaved={saved} />
        </CreateBase>
      )}
    </ResourceContextProvider>
  );
}
