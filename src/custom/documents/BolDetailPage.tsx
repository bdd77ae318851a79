/**
 * `company/documents/billoflading/detail/?id=` (docs/documents.md, Screens): one bill of lading
 * document: its status and, when it waits for a person, why; what it says (corrected in place and
 * matched again); the trips that have it and those that fit its cars; its files. Delete for those
 * who may.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Confirm, Title, useCanAccess, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { StatusChip } from '../../generic/StatusChip';
import { chipStatus } from '../../generic/chip-color';
import { httpStatus } from '../../generic/submit-errors';
import { NotFound } from '../../layout/NotFound';
import { useBusyAction } from '../../hooks/useBusyAction';
import { BOL_DOCUMENT_STATUSES, billOfLading } from '../../resources/documents/bill-of-lading';
import { type ChoiceField, choiceWord } from '../../resources/fields';
import { BolFiles } from './BolFiles';
import { BolForm } from './BolForm';
import { BolTrips } from './BolTrips';
import { bolListPath } from './bol-paths';

export default function BolDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [deleting, setDeleting] = useState(false);
  const { canAccess: mayChange = false } = useCanAccess({ resource: billOfLading.name, action: 'edit' });
  const { canAccess: mayDelete = false } = useCanAccess({ resource: billOfLading.name, action: 'delete' });
  const { data, isPending, error } = useGetOne(billOfLading.name, { id }, { retry: false, enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0 || httpStatus(error) === 404) return <NotFound />;
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [billOfLading.name] });
  const title = data.bol_number ? `BOL ${String(data.bol_number)}` : String(data.file_name ?? 'Bill of lading');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{title}</Typography>
        <StatusChip value={data.status} label={choiceWord(BOL_DOCUMENT_STATUSES, data.status)} status={chipStatus((billOfLading.fields.status as ChoiceField).chip, data.status)} />
        {mayDelete && <Button color="error" size="small" disabled={busy} onClick={() => setDeleting(true)}>Delete</Button>}
      </Stack>
      {data.review_reason && <Alert severity={data.status === 'failed' ? 'error' : 'warning'} sx={{ mb: 2 }} data-testid="review-reason">{String(data.review_reason)}</Alert>}
      <Stack spacing={2}>
        <BolForm key={String(data.version)} record={data} mayChange={mayChange} onSaved={refresh} />
        <BolTrips key={`t${String(data.version)}`} documentId={id} candidates={(data.candidates ?? []) as never} mayChange={mayChange} onChanged={refresh} />
        <BolFiles documentId={id} mayChange={mayChange} onChanged={refresh} />
      </Stack>
      <Confirm
        isOpen={deleting}
        title={`Delete ${title}?`}
        content="Its files go with it, and its trips no longer have it."
        onClose={() => setDeleting(false)}
        onConfirm={() => void run(async () => {
          await dp.delete(billOfLading.name, { id, previousData: data });
          notify('Deleted', { type: 'success' });
          await refresh();
          navigate(bolListPath());
        })}
      />
    </Box>
  );
}
