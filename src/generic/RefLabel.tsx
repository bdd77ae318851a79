/**
 * The label of a referenced record: the one the server sent with the record it hangs off
 * (`_labels`, docs/security.md, Reference labels) when given, else loaded by id. Loaded by id it
 * degrades quietly: a record the user may not read shows "not visible" instead of an error icon.
 */
import { Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { getResource } from '../resources/index';

export function RefLabel({ reference, id, label }: { reference: string; id: unknown; label?: string | null }) {
  const enabled = id !== null && id !== undefined && id !== '' && label === undefined;
  const { data, error, isPending } = useGetOne(reference, { id: String(id ?? '') }, { enabled, retry: false, staleTime: 60_000 });
  if (id === null || id === undefined || id === '') return <>—</>;
  if (typeof label === 'string') return <>{label}</>;
  if (label === null || error) return <Typography component="span" variant="body2" color="text.disabled">not visible</Typography>;
  if (isPending || !data) return <>…</>;
  return <>{getResource(reference).choiceLabel(data)}</>;
}
