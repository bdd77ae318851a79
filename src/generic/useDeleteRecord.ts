/**
 * Deleting the record a page shows (docs/shell.md, Deleting): the app's one delete dialog asks,
 * the record's version goes along, the page leaves for the resource's list before its record is
 * gone from the cache (refreshing it now would answer 404), and the lists refresh.
 */
import type { RaRecord } from 'react-admin';
import { useDataProvider, useNotify, useRedirect } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '../resources/define';
import { useNotifyError } from '../hooks/useNotifyError';
import { listPathOf } from './home-paths';
import { trackInFlight } from './useInFlight';
import { useAskDelete } from './DeleteDialog';

/** `remove(record)`: asks, deletes and leaves; `done` is the message said after (default "<Label> deleted"). */
export function useDeleteRecord(resource: Resource, done = `${resource.label} deleted`) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const askDelete = useAskDelete();
  return async (record: RaRecord) => {
    if (!(await askDelete(resource, record))) return;
    await trackInFlight(async () => {
      try {
        await dataProvider.delete(resource.name, { id: record.id, previousData: record });
        redirect(listPathOf(resource.name));
        notify(done, { type: 'success' });
        setTimeout(() => {
          queryClient.removeQueries({ queryKey: [resource.name, 'getOne'] });
          void queryClient.invalidateQueries({ queryKey: [resource.name] });
        }, 0);
      } catch (e) {
        notifyError(e);
      }
    });
  };
}
