/**
 * A trip's bill of lading (docs/documents.md, On a trip), on the trip's page: the document that
 * covers its car, with its file opened in a new tab and a link to the document; or, for a loaded
 * trip without one, Upload its bill of lading for those who may change trips and documents.
 */
import { useRef } from 'react';
import { Button, Link, Paper, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type RaRecord, useCanAccess, useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { billOfLading } from '../../resources/documents/bill-of-lading';
import { trip } from '../../resources/trace/trip';
import { bolDetailPath } from '../documents/bol-paths';

export function TripBolPanel({ record, onChanged }: { record: RaRecord; onChanged(): Promise<unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const input = useRef<HTMLInputElement>(null);
  const { canAccess: readsDocuments = false } = useCanAccess({ resource: billOfLading.name, action: 'show' });
  const { canAccess: addsDocuments = false } = useCanAccess({ resource: billOfLading.name, action: 'create' });
  const { canAccess: changesTrips = false } = useCanAccess({ resource: trip.name, action: 'edit' });
  if (record.kind !== 'loaded' || !readsDocuments) return null;
  const docId = record.bill_of_lading as number | null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>Bill of lading</Typography>
      {docId ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1 }} data-testid="trip-bol">
            <Link component={RouterLink} to={bolDetailPath(docId)}>{String(record._labels?.bill_of_lading ?? `Document ${docId}`)}</Link>
          </Typography>
          <Button size="small" disabled={busy} onClick={() => void run(async () => { await dp.callAction(trip.name, { id: record.id, action: 'get_file', method: 'GET' }); })}>Open its file</Button>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography color="text.secondary" sx={{ flex: 1 }}>None yet: an uploaded bill that names this car near its release is put here.</Typography>
          {addsDocuments && changesTrips && (
            <>
              <input ref={input} type="file" hidden accept=".pdf,.png,.jpg,.jpeg,.tif,.tiff" aria-label="Its bill of lading" onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                const body = new FormData();
                body.append('file', file);
                void run(async () => { await dp.callAction(trip.name, { id: record.id, action: 'upload_file', method: 'POST', body }); await onChanged(); });
              }} />
              <Button size="small" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>Upload its bill of lading</Button>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
