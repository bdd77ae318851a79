/** Delete after the delete dialog's confirmation; the record's version goes along, and the dirty flag is set meanwhile. */
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useRecordContext } from 'react-admin';
import type { Resource } from '../resources/define';
import { useInFlight } from './useInFlight';
import { useDeleteRecord } from './useDeleteRecord';

export function DeleteRecordButton({ resource }: { resource: Resource }) {
  const record = useRecordContext();
  const { inFlight } = useInFlight();
  const remove = useDeleteRecord(resource);
  if (!record) return null;
  return <Button color="error" startIcon={<DeleteIcon />} disabled={inFlight} onClick={() => void remove(record)}>Delete</Button>;
}
