/**
 * The older (v2) allocation screens (docs/terminal.md, Allocations): `allocation/table/` lists
 * them, `allocation/create/` adds one, `allocation/{entityId}/` is one allocation with its transfer
 * limits, its limit schedule and a load check below the form.
 */
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ResourceContextProvider, Title, useCanAccess } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import { ROUTES } from '../../../routes/table';
import { buildPath } from '../../../routes/params';
import { TB_ALLOCATION } from '../../../resources/terminal/allocation';
import { ResourceTable } from '../../../table/ResourceTable';
import { TerminalRecord } from '../TerminalRecord';

export default function AllocationPage({ route, params }: PageProps) {
  if (route.path === ROUTES.tbV2Allocations.path) return <AllocationList />;
  if (route.path === ROUTES.tbV2AllocationCreate.path) return <TerminalRecord resource={TB_ALLOCATION} />;
  return <TerminalRecord resource={TB_ALLOCATION} id={String(params.entityId)} />;
}

function AllocationList() {
  const navigate = useNavigate();
  const { canAccess: canCreate } = useCanAccess({ resource: TB_ALLOCATION, action: 'create' });
  return (
    <ResourceContextProvider value={TB_ALLOCATION}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="Allocations (v2)" />
        <ResourceTable resource={TB_ALLOCATION} title="Allocations" onRowClick={(row) => navigate(buildPath(ROUTES.tbV2Allocation.path, { entityId: Number(row.id) }))}
          toolbar={canCreate ? <Button component={Link} to={buildPath(ROUTES.tbV2AllocationCreate.path)} size="small" variant="contained" startIcon={<AddIcon />}>Create</Button> : null} />
      </Box>
    </ResourceContextProvider>
  );
}
