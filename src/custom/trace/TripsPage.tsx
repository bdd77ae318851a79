/**
 * `company/trace/trips/table/` (docs/trace.md, Screens): the company's trips in the shared table,
 * newest release first, with a filter bar for the common questions (released when, in transit or
 * done, loaded or empty, matched to a load or not). A link may open it filtered (the fleet
 * overview's counts: `?status=in_transit&last_loaded=true`; a
 * range as the API spells it, `?eta__lte=...`). A row opens the trip.
 */
import { useCallback, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { trip } from '../../resources/trace/trip';
import { ResourceTable } from '../../table/ResourceTable';
import { addressable, filtersOfSearch, searchOfFilters } from '../../table/search-filters';
import type { SelectedFilters } from '../../table/filter-state';

const FILTER_BAR = ['released_at', 'status', 'kind', 'match'] as const;
/**
 * The filters a link may name in the address (the fleet overview's counts), shown columns or not:
 * every filterable field, so a link's filter is never dropped (the overview's `car_fleet_status`).
 */
const BY_ADDRESS = addressable(trip);

export default function TripsPage() {
  const { search } = useLocation();
  const initial = useMemo(() => filtersOfSearch(search, BY_ADDRESS), [search]);
  // The address follows the chips without a router navigation, which would remount the table.
  const follow = useCallback((filters: SelectedFilters) => {
    const next = searchOfFilters(window.location.search, filters, BY_ADDRESS);
    if (next !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${next}`);
  }, []);
  return (
    <Box>
      <Title title="Trips" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Each car&apos;s trips, built from its location messages: loaded from the shipper&apos;s release to the placement at the consignee, empty back to the next release.
      </Typography>
      {/* A new link opens the table afresh with its filters. */}
      <ResourceTable key={search} resource={trip.name} table="trips" filterBar={FILTER_BAR} opensRecords initialFilters={initial} onFiltersChange={follow} />
    </Box>
  );
}
