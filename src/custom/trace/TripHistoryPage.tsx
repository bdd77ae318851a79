/**
 * `company/trace/history/trips/` (docs/trace.md, Screens): the trips that are over, completed or
 * incomplete, for looking back: lane, release, placement and transit days, newest release first,
 * with a filter bar (released, kind). Needs `can_view_trip_history`. A row opens the trip.
 */
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { trip } from '../../resources/trace/trip';
import { ResourceTable } from '../../table/ResourceTable';

const FILTER_BAR = ['released_at', 'kind', 'status'] as const;
// What fits beside the menu at 1,400 px with a superuser's Company column; the kind is in the filter bar.
const COLUMNS = ['car', 'origin_station', 'destination_station', 'released_at', 'placed_at', 'transit_days'] as const;
/** Over: placed (completed), or released again before a placement was reported (incomplete). */
const OVER = { status: 'completed,incomplete' };

export default function TripHistoryPage() {
  return (
    <Box>
      <Title title="Trip history" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        The trips that are over: placed at the consignee (or back at the shipper), or released again before a placement was reported.
      </Typography>
      <ResourceTable resource={trip.name} table="trip-history" columns={COLUMNS} filterBar={FILTER_BAR} permanentFilter={OVER} opensRecords />
    </Box>
  );
}
