/**
 * `partner/shipments/` (docs/partners.md, Partner shipments): the shipments made on contracts
 * shared with the company, once their bill of lading is issued (or, for the shipper, its shipments
 * on contracts it shares). A row opens the bill of lading in force, as the railroad has it.
 */
import { Box, Typography } from '@mui/material';
import { Title, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { partnerRailShipment } from '../../resources/partner/rail-shipment';
import { ResourceTable } from '../../table/ResourceTable';
import { useBusyAction } from '../../hooks/useBusyAction';

const FILTER_BAR = ['ship_date', 'status', 'contract'] as const;

export default function PartnerShipmentsPage() {
  const dp = useDataProvider<AppDataProvider>();
  const { run } = useBusyAction();
  return (
    <Box>
      <Title title="Shipments" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Rail shipments on the contracts shared between your company and its partners, once their bill of lading is issued. Open a shipment for its bill of lading.
      </Typography>
      <ResourceTable resource={partnerRailShipment.name} table="partner-shipments" filterBar={FILTER_BAR} onViewInFleet={null} onTrace={null}
        onRowClick={(row) => void run(async () => { await dp.callAction(partnerRailShipment.name, { id: row.id as number, action: 'print', method: 'GET' }); })} />
    </Box>
  );
}
