/**
 * A facility's shipment tab (docs/rail.md §11.8): the shared table of rail shipments leaving from
 * the facility (`origin`), or with Inbound those arriving at it (`destination`); the switch is in
 * the address (`?direction=inbound`) so a reload or a link keeps it. A filter bar of ship date,
 * status and consignee; New shipment opens the shipment page with the facility preset as origin
 * (and its serving railroad) or destination, by react-admin's `?source=` record, which the create
 * form starts from (the shipment page itself takes no preset). Rows open the shipment.
 */
import { Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ResourceTable } from '../../../table/ResourceTable';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';

const FILTER_BAR = ['ship_date', 'status', 'consignee'] as const;
type Direction = 'outbound' | 'inbound';
const FIELD: Record<Direction, 'origin' | 'destination'> = { outbound: 'origin', inbound: 'destination' };

/**
 * The shipment page's create form with this facility as the shipment's origin or destination; an
 * outbound shipment's railroad (the origin carrier) is the one serving the facility.
 */
export const newShipmentPath = (facilityId: number, field: 'origin' | 'destination', railroad?: number | null) => {
  const preset = { [field]: facilityId, ...(field === 'origin' && railroad ? { railroad } : {}) };
  return `${buildPath(ROUTES.railShip.path)}?source=${encodeURIComponent(JSON.stringify(preset))}`;
};

export function FacilityShipmentsTab({ facilityId, railroad }: { facilityId: number; railroad?: number | null }) {
  const [search, setSearch] = useSearchParams();
  const direction: Direction = search.get('direction') === 'inbound' ? 'inbound' : 'outbound';
  const { canAccess: canCreate } = useCanAccess({ resource: railShipment.name, action: 'create' });
  const field = FIELD[direction];
  const turn = (next: Direction | null) => {
    if (!next || next === direction) return;
    setSearch(next === 'inbound' ? { direction: next } : {}, { replace: true });
  };
  const toolbar = (
    <>
      <ToggleButtonGroup size="small" exclusive value={direction} onChange={(_, v: Direction | null) => turn(v)} aria-label="Direction">
        <ToggleButton value="outbound" sx={{ py: 0.25 }}>Outbound</ToggleButton>
        <ToggleButton value="inbound" sx={{ py: 0.25 }}>Inbound</ToggleButton>
      </ToggleButtonGroup>
      {canCreate && (
        <Button component={RouterLink} to={newShipmentPath(facilityId, field, railroad)} variant="contained" size="small" startIcon={<AddIcon />}>New shipment</Button>
      )}
    </>
  );
  return (
    <ResourceTable
      resource={railShipment.name}
      table="facility-shipments"
      title={direction === 'outbound' ? 'Outbound shipments' : 'Inbound shipments'}
      permanentFilter={{ [field]: facilityId }}
      filterBar={FILTER_BAR}
      opensRecords
      toolbar={toolbar}
    />
  );
}
