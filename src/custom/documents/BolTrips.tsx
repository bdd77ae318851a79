/**
 * The trips of a bill of lading document (docs/documents.md, Matching): the trips that have it,
 * each with its trip page and the map; for each car not yet on a trip, the trips that fit, with
 * Attach; and Attach to a trip for any other loaded trip, chosen by its label.
 */
import { useState } from 'react';
import { Box, Button, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { ActionDialog } from '../../generic/ActionDialog';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';
import { billOfLading } from '../../resources/documents/bill-of-lading';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

interface Candidate { car: string; car_id: number | null; trips: { id: number; released_at: string; origin: string | null; destination: string | null; reason: string; other_document: number | null }[] }
interface TripRow { id: number; car: number; origin_station: string | null; destination_station: string | null; released_at: string; status: string; _labels?: Record<string, string> }

const tripPath = (id: number) => buildPath(ROUTES.traceTrip.path, { tripId: id });
const mapPath = (t: TripRow) => `${buildPath(ROUTES.traceTripsMap.path)}?car=${t.car}&trip=${t.id}`;

export function BolTrips({ documentId, candidates, mayChange, onChanged }: { documentId: number; candidates: Candidate[]; mayChange: boolean; onChanged(): Promise<unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const zone = useCompanyTimeZone();
  const { busy, run } = useBusyAction();
  const [choosing, setChoosing] = useState(false);
  const { data: trips = [], refetch } = useQuery({
    queryKey: [billOfLading.name, documentId, 'trips'],
    queryFn: async () => (await dp.callAction(billOfLading.name, { id: documentId, action: 'trips', method: 'GET' })) as TripRow[],
  });
  const done = async () => { await refetch(); await onChanged(); };
  const attach = (tripId: number) => run(async () => {
    await dp.callAction(billOfLading.name, { id: documentId, action: 'attach_to_specific_trip', method: 'POST', body: { trip_id: tripId } });
    await done();
  });
  const onTrip = new Set(trips.map((t) => t.car));
  const open = candidates.filter((c) => c.car_id !== null && !onTrip.has(c.car_id) && c.trips.length > 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>Trips</Typography>
        {mayChange && <Button size="small" disabled={busy} onClick={() => setChoosing(true)}>Attach to a trip</Button>}
      </Stack>
      {trips.length === 0 ? <Typography color="text.secondary">On no trip yet.</Typography> : (
        <Table size="small" aria-label="Its trips">
          <TableHead><TableRow><TableCell>Car</TableCell><TableCell>Lane</TableCell><TableCell>Released</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {trips.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t._labels?.car ?? t.car}</TableCell>
                <TableCell>{t.origin_station ?? '?'} → {t.destination_station ?? '…'}</TableCell>
                <TableCell>{formatInZone(t.released_at, zone)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={tripPath(t.id)}>Trip</Link>
                  {' · '}
                  <Link component={RouterLink} to={mapPath(t)}>On the map</Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {open.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4">Trips that fit</Typography>
          {open.map((c) => (
            <Box key={c.car} sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>{c.car}</Typography>
              {c.trips.map((t) => (
                <Stack key={t.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {t.origin ?? '?'} → {t.destination ?? '…'}, {t.reason}{t.other_document ? ' (has another bill of lading)' : ''}
                  </Typography>
                  <Link component={RouterLink} to={tripPath(t.id)} variant="body2">Trip</Link>
                  {mayChange && <Button size="small" disabled={busy} onClick={() => void attach(t.id)} aria-label={`Attach to the trip of ${c.car} released ${t.released_at.slice(0, 10)}`}>Attach</Button>}
                </Stack>
              ))}
            </Box>
          ))}
        </Box>
      )}
      {choosing && (
        <ActionDialog resource={billOfLading} action="attach_to_specific_trip" id={documentId} only={['trip_id']} title="Attach to a trip" submitLabel="Attach"
          onClose={() => setChoosing(false)} onDone={() => { setChoosing(false); void done(); }} />
      )}
    </Paper>
  );
}
