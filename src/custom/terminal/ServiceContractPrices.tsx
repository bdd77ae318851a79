/**
 * A service contract's price lines on its page (docs/terminal.md, Service contracts): the shared
 * table of its charges, and Add price, which opens the price form for this contract and comes back.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCanAccess, useCreatePath, useRecordContext } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { TB_SERVICE_CONTRACT_TICKET } from '../../resources/terminal/common';
import { ResourceTable } from '../../table/ResourceTable';

export function ServiceContractPrices() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const here = useLocation().pathname;
  const { canAccess: canAdd } = useCanAccess({ resource: TB_SERVICE_CONTRACT_TICKET, action: 'create' });
  if (!record?.id) return null;
  const add = `${createPath({ resource: TB_SERVICE_CONTRACT_TICKET, type: 'create' })}?${new URLSearchParams({ source: JSON.stringify({ service_contract: record.id }), back: here })}`;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, pt: 0 }} data-testid="contract-prices">
      <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>Prices</Typography>
        {canAdd && <Button component={Link} to={add} variant="outlined" size="small" startIcon={<AddIcon />}>Add price</Button>}
      </Stack>
      <ResourceTable embedded resource={TB_SERVICE_CONTRACT_TICKET} table="contract-prices" title="Prices" permanentFilter={{ service_contract: record.id }} columns={['description', 'ticket_type', 'product', 'basis', 'unit', 'unit_price', 'minimum_charge', 'enabled']} />
    </Box>
  );
}
