/**
 * The fleet's car table (`company/fleet/cars/table/`): every car of the company, or, opened with
 * `?car=` / `?car_id=` (View in fleet), only those cars as a filter chip the user can remove.
 * Rows open the car's record page. Add cars and Change status work on many cars at once.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Loading, ResourceContextProvider, useGetMany, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import GenericList from '../../generic/GenericList';
import { car } from '../../resources/fleet/car';
import type { SelectedFilters } from '../../table/filter-state';
import { fleetFilters, fleetQuery, fleetSearch } from './fleet-query';
import { filtersOfSearch, searchOfFilters } from '../../table/search-filters';
import { AddCarsButton, ChangeStatusButton } from './FleetBulkButtons';

/** The columns a link may name in the address besides the cars. */
const BY_ADDRESS = ['fleet_status', 'car_type'];

export default function FleetCarsPage() {
  const { search } = useLocation();
  const query = useMemo(() => fleetQuery(search), [search]);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  // The address follows the car chip (a reload shows what is on screen), without a router
  // navigation: that would remount the table and drop the user's other filters. Back and forward
  // still reopen the table from the address (the key below).
  const followFilters = useCallback((filters: SelectedFilters) => {
    const next = searchOfFilters(fleetSearch(window.location.search, filters), filters, BY_ADDRESS);
    if (next !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${next}`);
  }, []);
  const { data, isPending } = useGetMany(car.name, { ids: query.ids }, { enabled: query.ids.length > 0 });
  const waiting = query.ids.length > 0 && isPending;
  const labels = new Map((data ?? []).map((c) => [String(c.id), car.choiceLabel(c)]));
  const { filters: cars, missing } = fleetFilters(query, labels);
  // The fleet overview's counts open the table by status or type (`?fleet_status=P`).
  const filters = { ...filtersOfSearch(search, BY_ADDRESS), ...cars };
  // A notice, not a banner above the table: the table is sized to the window and a banner would
  // push its footer out of view.
  const notify = useNotify();
  const missingText = waiting ? '' : missing.join(', ');
  useEffect(() => {
    if (missingText) notify(`Not in your fleet: car id ${missingText}.`, { type: 'warning' });
  }, [missingText, notify]);
  // The table reads its filters once: wait for the ids' marks and numbers before showing it.
  if (waiting) return <Loading />;
  return (
    <ResourceContextProvider value={car.name}>
      {/* A new link (another View in fleet) opens the table afresh with its cars. */}
      <GenericList
        key={search}
        title="Fleet cars"
        initialFilters={filters}
        onFiltersChange={followFilters}
        onSelectionChange={setSelected}
        actions={<><AddCarsButton /><ChangeStatusButton ids={selected} /></>}
      />
    </ResourceContextProvider>
  );
}
