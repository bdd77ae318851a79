/**
 * `partner/orders/` (docs/partners.md, Order screens): the contracts shared between the company and its
 * partners (shared with it, or by it), and the orders on them. A contract or an order opens the
 * contract's orders page, where the partner orders and nominates and the shipper answers. The
 * Board tab (`?tab=board`) is the nominations board.
 */
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NominationBoard } from './NominationBoard';
import { partnerRailContract } from '../../resources/partner/rail-contract';
import { partnerRailOrder } from '../../resources/partner/rail-order';
import { ResourceTable } from '../../table/ResourceTable';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

const ORDER_FILTERS = ['status'] as const;

export default function OrdersPage() {
  const navigate = useNavigate();
  const open = (contractId: unknown) => navigate(buildPath(ROUTES.partnerOrder.path, { contractId: Number(contractId) }));
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'board' ? 'board' : 'orders';
  return (
    <Box>
      <Title title="Orders" />
      <Tabs value={tab} onChange={(_, v: string) => setParams(v === 'board' ? { tab: 'board' } : {}, { replace: true })} sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="orders" label="Contracts and orders" />
        <Tab value="board" label="Board" />
      </Tabs>
      {tab === 'board' ? <NominationBoard /> : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
            Contracts between your company and its partners on the platform. A partner orders cars on a contract and nominates the days; the shipper approves the nomination into its schedule.
          </Typography>
          <ResourceTable resource={partnerRailContract.name} table="partner-contracts" title="Shared contracts" onRowClick={(row) => open(row.id)} />
          <ResourceTable resource={partnerRailOrder.name} table="partner-orders" title="Orders" filterBar={ORDER_FILTERS} onRowClick={(row) => open(row.contract)} />
        </>
      )}
    </Box>
  );
}
