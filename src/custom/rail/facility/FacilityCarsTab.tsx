/**
 * A facility's cars tab (docs/rail.md §11.8): the shared table of the loaded cars standing here
 * (`current_location`), opened on the shipments still worked on (open or in correction) as a chip
 * the user may remove to see every car loaded here; `?shipment=` in the address opens it on that
 * shipment's cars instead. Load car opens the load car page, on the one shipment the table is
 * filtered to when it is (`rail/car/?shipment=`), else with its shipment picker. Inspect a car
 * looks one up by mark and number and records what it holds (InspectCarDialog); selected cars are
 * embargoed or their embargo lifted (EmbargoButtons), the table showing each car's embargo number.
 * Rows open the car.
 */
import { useMemo, useState } from 'react';
import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useCanAccess } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ResourceTable } from '../../../table/ResourceTable';
import type { SelectedFilters } from '../../../table/filter-state';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import { OPEN_SHIPMENT_STATUSES } from '../../../resources/rail/rail-shipment-status';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { EmbargoButtons } from './EmbargoButtons';
import { InspectCarDialog } from './InspectCarDialog';

/** What a facility works with: the car, its load and its embargo, which this tab sets (litres and the rest are in the table's settings). */
const COLUMNS = ['mark_number', 'rail_shipment', 'car_type', 'seal_number_1', 'net_volume', 'weight', 'load_date', 'embargo_number'];

const FILTER_BAR = ['shipment_status', 'load_date'] as const;

/** The one shipment the filters name, if they name exactly one. */
const onlyShipment = (filters: SelectedFilters) => {
  const include = filters.rail_shipment?.include ?? [];
  return include.length === 1 && /^\d+$/.test(include[0]) ? include[0] : undefined;
};

export function FacilityCarsTab({ facilityId }: { facilityId: number }) {
  const [search] = useSearchParams();
  const asked = search.get('shipment');
  const initial = useMemo((): SelectedFilters => {
    if (asked && /^\d+$/.test(asked)) return { rail_shipment: { include: [asked] } };
    return { shipment_status: { include: [...OPEN_SHIPMENT_STATUSES] } };
  }, [asked]);
  const [filters, setFilters] = useState(initial);
  const { canAccess: canLoad } = useCanAccess({ resource: loadedRailCar.name, action: 'create' });
  const { canAccess: canChange } = useCanAccess({ resource: loadedRailCar.name, action: 'edit' });
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [inspecting, setInspecting] = useState(false);
  const queryClient = useQueryClient();
  const shipment = onlyShipment(filters);
  const loadPath = `${buildPath(ROUTES.railLoadCar.path)}${shipment ? `?shipment=${shipment}` : ''}`;
  const toolbar = (
    <>
      {selected.length > 0 && canChange && (
        <>
          <Typography variant="body2" sx={{ mr: 1 }} data-testid="selected-count">{selected.length} selected</Typography>
          <EmbargoButtons facilityId={facilityId} carIds={selected} onDone={() => void queryClient.invalidateQueries({ queryKey: [loadedRailCar.name] })} />
        </>
      )}
      <Button size="small" startIcon={<SearchIcon />} onClick={() => setInspecting(true)}>Inspect a car</Button>
      {canLoad && <Button component={RouterLink} to={loadPath} variant="contained" size="small" startIcon={<AddIcon />}>Load car</Button>}
    </>
  );
  return (
    <>
    <ResourceTable
      resource={loadedRailCar.name}
      table="facility-cars"
      title="Cars here"
      permanentFilter={{ current_location: facilityId }}
      initialFilters={initial}
      onFiltersChange={setFilters}
      filterBar={FILTER_BAR}
      columns={COLUMNS}
      opensRecords
      onSelectionChange={canChange ? setSelected : undefined}
      toolbar={toolbar}
    />
    {inspecting && <InspectCarDialog facilityId={facilityId} onClose={() => setInspecting(false)} />}
    </>
  );
}
