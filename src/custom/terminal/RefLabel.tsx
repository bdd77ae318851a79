/**
 * The label of a referenced record. Unlike ReferenceField it degrades quietly: a user who may see
 * a ticket but not, say, its vehicle (a driver) reads "not visible" instead of an error icon.
 */
import { Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { getResource } from '../../resources/index';

export function RefLabel({ reference, id }: { reference: string; id: unknown }) {
  const enabled = id !== null && id !== undefined && id !== '';
  const { data, error, isPending } = useGetOne(reference, { id: String(id ?? '') }, { enabled, retry: false, staleTime: 60_000 });
  if (!enabled) return <>—</>;
  if (error) return <Typography component="span" variant="body2" color="text.disabled">not visible</Typography>;
  if (isPending || !data) return <>…</>;
  return <>{getResource(reference).choiceLabel(data)}</>;
}
