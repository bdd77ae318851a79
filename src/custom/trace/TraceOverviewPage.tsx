/**
 * `company/trace/overview/` (docs/trace.md, Track and trace overview): the morning look at the
 * company's trips. The trips now (`trip/overview/`), each count opening the trips table filtered
 * to the same trips at the same instant; the slowest lanes and longest dwells of a period; and the
 * cars in an area a user draws.
 */
import { Alert, Box, CircularProgress, Divider, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { trip } from '../../resources/trace/trip';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import { COUNT_GRID, CountTile } from '../../generic/CountTile';
import { TripMetrics } from './TripMetrics';
import { GeofenceSearch } from './GeofenceSearch';

interface TripsNow {
  now: string; placed_since: string; due_by: string;
  loaded_in_transit: number; empty_in_transit: number; late: number; due_soon: number; no_eta: number;
  placed_lately: number; not_matched: number; bad_ordered: number; held: number;
}

const tripsTable = (filters: Record<string, string>) => `${buildPath(ROUTES.traceTripsTable.path)}?${new URLSearchParams(filters).toString()}`;
const LOADED_MOVING = { kind: 'loaded', status: 'in_transit' };

function TripsNowTiles({ n }: { n: TripsNow }) {
  return (
    <Box sx={COUNT_GRID}>
      <CountTile
        label="Loaded, in transit" count={n.loaded_in_transit} to={tripsTable(LOADED_MOVING)}
        help={`Released loaded, not placed yet${n.no_eta ? `; ${n.no_eta.toLocaleString('en-CA')} on a lane with no completed trip to give an ETA` : ''}.`}
      />
      <CountTile label="Late" count={n.late} help="Past their ETA and not placed." to={tripsTable({ ...LOADED_MOVING, eta__lte: n.now })} tone="error" />
      <CountTile label="Due within a day" count={n.due_soon} help="An ETA in the next 24 hours." to={tripsTable({ ...LOADED_MOVING, eta__gte: n.now, eta__lte: n.due_by })} />
      <CountTile label="Empty, in transit" count={n.empty_in_transit} help="On the way back to be loaded." to={tripsTable({ kind: 'empty', status: 'in_transit' })} />
      <CountTile label="Placed this week" count={n.placed_lately} help="Loaded trips placed at the consignee in the last 7 days." to={tripsTable({ kind: 'loaded', status: 'completed', placed_at__gte: n.placed_since })} />
      <CountTile label="Not matched" count={n.not_matched} help="Loaded trips no shipment was found for: match them by hand." to={tripsTable({ kind: 'loaded', match: 'none' })} tone="warning" />
      <CountTile label="Bad ordered" count={n.bad_ordered} help="Found defective on a trip under way (CLM B)." to={tripsTable({ status: 'in_transit', bad_ordered: 'true' })} tone="error" />
      <CountTile label="Held" count={n.held} help="Held on a trip under way (CLM H)." to={tripsTable({ status: 'in_transit', held: 'true' })} tone="warning" />
    </Box>
  );
}

export default function TraceOverviewPage() {
  const dp = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [trip.name, 'overview'],
    queryFn: () => dp.callAction(trip.name, { action: 'overview', method: 'GET' }) as Promise<TripsNow>,
  });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title="Track and trace" />
      <Box component="section" aria-labelledby="trips-now">
        <Typography variant="h6" component="h2" id="trips-now" gutterBottom>Trips now</Typography>
        {isPending && <CircularProgress size={24} aria-label="Loading the trips" />}
        {error && <Alert severity="error">{error.message}</Alert>}
        {data && <TripsNowTiles n={data} />}
      </Box>
      <Divider />
      <TripMetrics />
      <Divider />
      <GeofenceSearch />
    </Box>
  );
}
