/**
 * The trip metrics on the track-and-trace overview (docs/trace.md, Trip metrics): over the loaded
 * trips placed in the chosen period, the slowest lanes by median transit days and the longest dwells
 * on the way by median hours, 25 of each at most (`dashboard/rail/trip_metrics/`). A lane opens the
 * trips behind it.
 */
import { useState } from 'react';
import { Alert, Box, CircularProgress, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch } from '../../dataProvider/api-fetch';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

interface Lane { origin: string | null; origin_state: string | null; destination: string | null; destination_state: string | null; trips: number; median_days: number | null; max_days: number | null }
interface Dwell { station: string | null; state: string | null; stops: number; median_hours: number | null; max_hours: number | null }
interface Metrics { days: number; since: string; lanes: Lane[]; dwells: Dwell[] }

const PERIODS = [[30, 'Last 30 days'], [90, 'Last 90 days'], [180, 'Last 180 days'], [365, 'Last 365 days']] as const;

const place = (station: string | null, state: string | null) => (station ? `${station}${state ? ` ${state}` : ''}` : '?');
const number = (n: number | null, digits: number) => (n === null ? '–' : n.toLocaleString('en-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** The completed loaded trips of one lane placed since the period began, in the trips table. */
function laneTrips(l: Lane, since: string): string {
  const q = new URLSearchParams({ kind: 'loaded', status: 'completed', placed_at__gte: since });
  if (l.origin) q.set('origin_station', l.origin);
  if (l.destination) q.set('destination_station', l.destination);
  return `${buildPath(ROUTES.traceTripsTable.path)}?${q.toString()}`;
}

const numeric = { textAlign: 'right' } as const;
/** Narrower cells on a phone, so four columns fit in 390 px. */
const compact = { '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } } as const;

export function TripMetrics() {
  const [days, setDays] = useState(90);
  const { data, isPending, error } = useQuery({
    queryKey: ['trip_metrics', days],
    queryFn: () => apiFetch<Metrics>(`dashboard/rail/trip_metrics/?days=${days}`),
  });
  return (
    <Box component="section" aria-labelledby="trip-metrics">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="trip-metrics">Lanes and dwell</Typography>
        <TextField select size="small" label="Placed in" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ width: 170 }}>
          {PERIODS.map(([d, l]) => <MenuItem key={d} value={d}>{l}</MenuItem>)}
        </TextField>
      </Box>
      {isPending && <CircularProgress size={24} aria-label="Loading the trip metrics" />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <Box>
            <Typography variant="subtitle1" component="h3">Slowest lanes</Typography>
            {data.lanes.length === 0 ? <Typography variant="body2" color="text.secondary">No loaded trip was placed in this period.</Typography> : (
              <Table size="small" aria-label="Slowest lanes" sx={compact}>
                <TableHead><TableRow><TableCell>Lane</TableCell><TableCell sx={numeric}>Trips</TableCell><TableCell sx={numeric}>Median days</TableCell><TableCell sx={numeric}>Longest</TableCell></TableRow></TableHead>
                <TableBody>
                  {data.lanes.map((l) => (
                    <TableRow key={`${place(l.origin, l.origin_state)}>${place(l.destination, l.destination_state)}`}>
                      <TableCell><Link component={RouterLink} to={laneTrips(l, data.since)}>{place(l.origin, l.origin_state)} → {place(l.destination, l.destination_state)}</Link></TableCell>
                      <TableCell sx={numeric}>{l.trips.toLocaleString('en-CA')}</TableCell>
                      <TableCell sx={numeric}>{number(l.median_days, 1)}</TableCell>
                      <TableCell sx={numeric}>{number(l.max_days, 1)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3">Longest dwells on the way</Typography>
            {data.dwells.length === 0 ? <Typography variant="body2" color="text.secondary">No stop on the way in this period: the trips went straight through.</Typography> : (
              <Table size="small" aria-label="Longest dwells" sx={compact}>
                <TableHead><TableRow><TableCell>Station</TableCell><TableCell sx={numeric}>Stops</TableCell><TableCell sx={numeric}>Median hours</TableCell><TableCell sx={numeric}>Longest</TableCell></TableRow></TableHead>
                <TableBody>
                  {data.dwells.map((d) => (
                    <TableRow key={place(d.station, d.state)}>
                      <TableCell>{place(d.station, d.state)}</TableCell>
                      <TableCell sx={numeric}>{d.stops.toLocaleString('en-CA')}</TableCell>
                      <TableCell sx={numeric}>{number(d.median_hours, 1)}</TableCell>
                      <TableCell sx={numeric}>{number(d.max_hours, 1)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}
