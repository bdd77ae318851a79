/**
 * `allocation/{allocationId}/transferlimit/create/` and `.../{entityId}/`: a transfer limit in the
 * generic form under a heading naming its allocation (a link back), started with its allocation,
 * and back to the allocation after a save.
 */
import { Box, Link, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { ROUTES } from '../../../routes/table';
import { buildPath } from '../../../routes/params';
import { TB_ALLOCATION, TB_TRANSFER_LIMIT } from '../../../resources/terminal/allocation';
import { TerminalRecord } from '../TerminalRecord';

export default function TransferLimitPage({ route, params }: PageProps) {
  const allocationId = Number(params.allocationId);
  const back = buildPath(ROUTES.tbV2Allocation.path, { entityId: allocationId });
  const { data: allocation } = useGetOne(TB_ALLOCATION, { id: allocationId });
  const creating = route.path === ROUTES.tbV2TransferLimitCreate.path;
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ px: { xs: 1, sm: 2 }, pt: 1 }}>
        {creating ? 'New transfer limit' : 'Transfer limit'} of allocation{' '}
        <Link component={RouterLink} to={back}>{String(allocation?.allocation_code ?? allocationId)}</Link>
      </Typography>
      {creating
        ? <TerminalRecord resource={TB_TRANSFER_LIMIT} back={back} defaults={{ allocation: allocationId }} />
        : <TerminalRecord resource={TB_TRANSFER_LIMIT} id={String(params.entityId)} back={back} />}
    </Box>
  );
}
