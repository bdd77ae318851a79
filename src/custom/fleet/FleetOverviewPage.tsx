/**
 * `company/fleet/` (docs/trace.md, Fleet overview): the fleet at a glance. Its cars by fleet status
 * (Permanent, Temporary, Inactive), and the active ones by where their current trip has them:
 * loaded or empty, on the move or at a facility, bad ordered, held, no events yet. Each count opens
 * the table behind it, filtered: the fleet's cars by status, or the current trips.
 */
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { car } from '../../resources/fleet/car';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';
import { COUNT_GRID as grid, CountTile as Tile } from '../../generic/CountTile';

interface Overview {
  cars: number;
  fleet_status: Record<'P' | 'T' | 'I', number>;
  movement: null | {
    active: number; trips: number; loaded_moving: number; loaded_at_facility: number; empty_moving: number; empty_at_facility: number;
    bad_ordered: number; held: number; no_events: number;
  };
}

const fleetTable = (status: string) => `${buildPath(ROUTES.fleetCarsTable.path)}?fleet_status=${status}`;
// The movement counts are of active cars' current trips: the table they open is cut the same way.
const tripsTable = (filters: Record<string, string>) => `${buildPath(ROUTES.traceTripsTable.path)}?${new URLSearchParams({ status: 'in_transit', car_fleet_status: 'P,T', ...filters }).toString()}`;

export default function FleetOverviewPage() {
  const dp = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [car.name, 'overview'],
    queryFn: () => dp.callAction(car.name, { action: 'overview', method: 'GET' }) as Promise<Overview>,
  });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const m = data.movement;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Fleet" />
      <Typography variant="h6" component="h2" gutterBottom>{data.cars.toLocaleString('en-CA')} cars</Typography>
      <Box sx={grid}>
        <Tile label="Permanent" count={data.fleet_status.P} help="In the fleet." to={fleetTable('P')} />
        <Tile label="Temporary" count={data.fleet_status.T} help="Assigned for a season or a short lease." to={fleetTable('T')} />
        <Tile label="Inactive" count={data.fleet_status.I} help="Retired or returned; history kept." to={fleetTable('I')} />
      </Box>
      {m && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>Active cars now</Typography>
          <Box sx={grid}>
            <Tile label="Loaded, on the move" count={m.loaded_moving} help="Released loaded, not placed yet." to={tripsTable({ last_loaded: 'true', at_facility: 'false' })} />
            <Tile label="Loaded, at a facility" count={m.loaded_at_facility} help="Placed, or waiting placement, loaded." to={tripsTable({ last_loaded: 'true', at_facility: 'true' })} />
            <Tile label="Empty, on the move" count={m.empty_moving} help="On the way back." to={tripsTable({ last_loaded: 'false', at_facility: 'false' })} />
            <Tile label="Empty, at a facility" count={m.empty_at_facility} help="Placed empty: ready to load." to={tripsTable({ last_loaded: 'false', at_facility: 'true' })} />
            <Tile label="Bad ordered" count={m.bad_ordered} help="Found defective on the current trip (CLM B)." to={tripsTable({ bad_ordered: 'true' })} tone="error" />
            <Tile label="Held" count={m.held} help="Held on the current trip (CLM H)." to={tripsTable({ held: 'true' })} tone="warning" />
            <Tile label="No events yet" count={m.no_events} help="Active cars no location message has named." />
          </Box>
        </>
      )}
    </Box>
  );
}
