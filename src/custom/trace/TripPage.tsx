/**
 * One trip (`company/trace/trips/{id}/`, docs/trace.md, Screens): the car and its lane, status and
 * times (in the company's zone), the car load it carries with Match and Unmatch for those who may
 * change trips, its stops with their dwell, and its events in order. Notes are edited in place.
 */
import { useState } from 'react';
import {
  Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import type { PageProps } from '../../routes/define-route';
import { ActionDialog } from '../../generic/ActionDialog';
import { RecordSections } from '../../generic/RecordSections';
import { StatusChip } from '../../generic/StatusChip';
import { NotFound } from '../../layout/NotFound';
import { httpStatus } from '../../generic/submit-errors';
import { recordPathOf } from '../../generic/home-paths';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { useProfile } from '../../hooks/useProfile';
import { hasPermissions, mayCallAction } from '../../authProvider/permissions';
import { contentType } from '../../resources/define';
import { formatInZone } from '../../lib/time-zone';
import { CLM_EVENTS } from '../../resources/fleet/car-event';
import { TRIP_MATCHES, TRIP_STATUSES, trip } from '../../resources/trace/trip';
import { railShipment } from '../../resources/rail/rail-shipment';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import MapIcon from '@mui/icons-material/Map';
import { TripBolPanel } from './TripBolPanel';

interface Stop { station: string; state: string | null; arrived: string; departed: string; hours: number }
interface TripEventRow { id: number; event_code: string; event_time: string; station: string; state_province: string | null; railroad: string | null; loaded: boolean }

const eventWord = (code: string) => CLM_EVENTS.find(([c]) => c === code)?.[1] ?? code;
const matchWord = (m: unknown) => TRIP_MATCHES.find(([v]) => v === m)?.[1] ?? String(m);
const where = (station: string, state: string | null) => (state ? `${station}, ${state}` : station);

function Stops({ stops, zone }: { stops: Stop[]; zone: string }) {
  return (
    <Table size="small" aria-label="Stops">
      <TableHead><TableRow><TableCell>Stop</TableCell><TableCell>From</TableCell><TableCell>To</TableCell><TableCell align="right">Dwell (h)</TableCell></TableRow></TableHead>
      <TableBody>
        {stops.map((s, i) => (
          <TableRow key={`${s.station}-${i}`}>
            <TableCell>{where(s.station, s.state)}</TableCell>
            <TableCell>{formatInZone(s.arrived, zone)}</TableCell>
            <TableCell>{s.departed === s.arrived ? '' : formatInZone(s.departed, zone)}</TableCell>
            <TableCell align="right">{s.hours ? s.hours.toFixed(1) : ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Events({ id, zone }: { id: number; zone: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [trip.name, id, 'events'],
    queryFn: () => dp.callAction(trip.name, { id, action: 'events', method: 'GET' }) as Promise<TripEventRow[]>,
  });
  if (isPending) return <CircularProgress size={20} />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  return (
    <Table size="small" aria-label="Events">
      <TableHead><TableRow><TableCell>When</TableCell><TableCell>Event</TableCell><TableCell>Where</TableCell><TableCell>Railroad</TableCell><TableCell>Load</TableCell></TableRow></TableHead>
      <TableBody>
        {data.map((e) => (
          <TableRow key={e.id}>
            <TableCell>{formatInZone(e.event_time, zone)}</TableCell>
            <TableCell>{e.event_code} · {eventWord(e.event_code)}</TableCell>
            <TableCell>{where(e.station, e.state_province)}</TableCell>
            <TableCell>{e.railroad ?? ''}</TableCell>
            <TableCell>{e.loaded ? 'Loaded' : 'Empty'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Notes({ record }: { record: Record<string, unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [text, setText] = useState(String(record.notes ?? ''));
  const save = () => run(async () => {
    await dp.update(trip.name, { id: record.id as number, data: { notes: text, version: record.version }, previousData: record as never });
    await queryClient.invalidateQueries({ queryKey: [trip.name] });
    notify('Notes saved', { type: 'success' });
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField label="Notes" multiline minRows={2} fullWidth value={text} onChange={(e) => setText(e.target.value)} />
      <Button variant="outlined" disabled={busy || text === String(record.notes ?? '')} onClick={() => void save()}>Save notes</Button>
    </Stack>
  );
}

export default function TripPage({ params }: PageProps) {
  const id = Number(params.tripId);
  const zone = useCompanyTimeZone();
  const { permissions } = useProfile();
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [matching, setMatching] = useState(false);
  const { data, isPending, error } = useGetOne(trip.name, { id }, { retry: false });
  if (httpStatus(error) === 404) return <NotFound />;
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const may = (action: string) => mayCallAction(permissions, trip, trip.actions[action]);
  const mayEdit = hasPermissions(permissions, { [contentType(trip)]: ['change_trip'] });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [trip.name] });
  const carLabel = String(data._labels?.car ?? data.car);
  const lane = `${String(data.origin_station)} → ${data.destination_station ? String(data.destination_station) : '…'}`;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`Trip ${carLabel}`} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
        <Typography variant="h5" component="h2">{carLabel} · {lane}</Typography>
        <Chip size="small" variant="outlined" label={data.kind === 'loaded' ? 'Loaded' : 'Empty'} />
        <StatusChip value={data.status} label={TRIP_STATUSES.find(([v]) => v === data.status)?.[1]} />
        {Boolean(data.bad_ordered) && <Chip size="small" color="error" label="Bad ordered" />}
        {Boolean(data.held) && <Chip size="small" color="warning" label="Held" />}
        <Button component={RouterLink} size="small" startIcon={<MapIcon />} to={`${buildPath(ROUTES.traceTripsMap.path)}?car=${String(data.car)}&trip=${String(data.id)}`}>On the map</Button>
      </Stack>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>Car load</Typography>
          {data.kind !== 'loaded' ? <Typography color="text.secondary">An empty trip carries no load.</Typography> : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ flex: 1 }} data-testid="trip-match">
                {data.rail_shipment
                  ? <>Shipment <Link component={RouterLink} to={recordPathOf(railShipment.name, data.rail_shipment as number) ?? '#'}>{String(data._labels?.rail_shipment ?? data.rail_shipment)}</Link> · {matchWord(data.match)}</>
                  : matchWord(data.match)}
              </Typography>
              {may('match_car_load') && <Button variant="outlined" disabled={busy} onClick={() => setMatching(true)}>{data.rail_shipment ? 'Match another load' : 'Match to a car load'}</Button>}
              {may('unmatch_car_load') && data.rail_shipment ? (
                <Button color="warning" disabled={busy} onClick={() => void run(async () => {
                  await dp.callAction(trip.name, { id, action: 'unmatch_car_load', method: 'POST', body: {} });
                  await refresh();
                })}>Unmatch</Button>
              ) : null}
            </Stack>
          )}
        </Paper>
        <TripBolPanel record={data} onChanged={refresh} />
        <RecordSections resource={trip} record={data} />
        {mayEdit && <Paper variant="outlined" sx={{ p: 2 }}><Notes key={String(data.version)} record={data} /></Paper>}
        <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>Stops</Typography>
          <Stops stops={(data.stops ?? []) as Stop[]} zone={zone} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>Events</Typography>
          <Events id={id} zone={zone} />
        </Paper>
      </Stack>
      {matching && (
        <ActionDialog resource={trip} action="match_car_load" id={id} title={`Match ${carLabel} to a car load`} submitLabel="Match"
          onClose={() => setMatching(false)} onDone={() => { setMatching(false); void refresh(); }} />
      )}
    </Box>
  );
}
