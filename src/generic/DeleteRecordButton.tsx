/** Delete with a confirmation; the record's version goes along, and the dirty flag is set meanwhile. */
import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '../resources/define';
import { useNotifyError } from '../hooks/useNotifyError';
import { listPathOf } from './home-paths';
import { trackInFlight, useInFlight } from './useInFlight';

export function DeleteRecordButton({ resource }: { resource: Resource }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  const { inFlight } = useInFlight();
  const [open, setOpen] = useState(false);
  if (!record) return null;

  const remove = () => trackInFlight(async () => {
    setOpen(false);
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
  });

  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} disabled={inFlight} onClick={() => setOpen(true)}>Delete</Button>
      <Confirm
        isOpen={open}
        title={`Delete this ${resource.label.toLowerCase()}?`}
        content={`${resource.choiceLabel(record)} will be deleted. This cannot be undone.`}
        confirm="Delete"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
