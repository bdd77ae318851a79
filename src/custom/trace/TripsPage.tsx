/**
 * `company/trace/trips/table/` (docs/trace.md, Screens): the company's trips in the shared table,
 * newest release first, with a filter bar for the common questions (released when, in transit or
 * done, loaded or empty, matched to a load or not). A row opens the trip.
 */
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { trip } from '../../resources/trace/trip';
import { ResourceTable } from '../../table/ResourceTable';

const FILTER_BAR = ['released_at', 'status', 'kind', 'match'] as const;

export default function TripsPage() {
  return (
    <Box>
      <Title title="Trips" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Each car&apos;s trips, built from its location messages: loaded from the shipper&apos;s release to the placement at the consignee, empty back to the next release.
      </Typography>
      <ResourceTable resource={trip.name} table="trips" filterBar={FILTER_BAR} opensRecords />
    </Box>
  );
}
