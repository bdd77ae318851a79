/** Delete after the delete dialog's confirmation; the record's version goes along, and the dirty flag is set meanwhile. */
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDataProvider, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '../resources/define';
import { useNotifyError } from '../hooks/useNotifyError';
import { listPathOf } from './home-paths';
import { trackInFlight, useInFlight } from './useInFlight';
import { useAskDelete } from './DeleteDialog';

export function DeleteRecordButton({ resource }: { resource: Resource }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const { inFlight } = useInFlight();
  const askDelete = useAskDelete();
  if (!record) return null;

  const remove = async () => {
    if (!(await askDelete(resource, record))) return;
    await trackInFlight(() => removeConfirmed());
  };
  const removeConfirmed = async () => {
    try {
      await dataProvider.delete(resource.name, { id: record.id, previousData: record });
      // Leave first: refreshing the open record now would answer 404 and send us elsewhere.
      redirect(listPathOf(resource.name));
      notify(`${resource.label} deleted`, { type: 'success' });
      setTimeout(() => {
        queryClient.removeQueries({ queryKey: [resource.name, 'getOne'] });
        void queryClient.invalidateQueries({ queryKey: [resource.name] });
      }, 0);
    } catch (e) {
      notifyError(e);
    }
  };

  return <Button color="error" startIcon={<DeleteIcon />} disabled={inFlight} onClick={() => void remove()}>Delete</Button>;
}
