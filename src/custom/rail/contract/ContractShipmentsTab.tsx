/**
 * The contract page's Shipments and Cars tabs (docs/rail.md §11.3): the shared table of the
 * contract's shipments (newest first, a filter bar of ship date and status; rows open the
 * shipment) and of the loaded cars of its shipments (View in fleet, a filter bar of the
 * shipment's status and the load date; rows open the car). The contract is a filter the user
 * cannot remove, so the contract column is left out of the shipments; everything else of the
 * shared table (filters, saved filters, export, columns) works as on any list.
 */
import { ResourceTable } from '../../../table/ResourceTable';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';

const SHIPMENT_COLUMNS = railShipment.list.columns.filter((c) => c !== 'contract');
const SHIPMENT_FILTERS = ['ship_date', 'status'] as const;
const CAR_FILTERS = ['shipment_status', 'load_date'] as const;

export function ContractShipmentsTab({ contractId }: { contractId: number }) {
  return (
    <ResourceTable
      resource={railShipment.name}
      table="contract-shipments"
      title="Shipments"
      columns={SHIPMENT_COLUMNS}
      permanentFilter={{ contract: contractId }}
      filterBar={SHIPMENT_FILTERS}
      opensRecords
    />
  );
}

export function ContractCarsTab({ contractId }: { contractId: number }) {
  return (
    <ResourceTable
      resource={loadedRailCar.name}
      table="contract-cars"
      title="Loaded cars"
      permanentFilter={{ contract: contractId }}
      filterBar={CAR_FILTERS}
      opensRecords
    />
  );
}
