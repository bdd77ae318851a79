/**
 * `company/trace/waybills/` (docs/trace.md, Waybills): the railroads' waybills in the shared table,
 * newest first, with New waybill for those who may add them. A row opens the waybill.
 */
import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';
import { waybill } from '../../resources/rail/waybill';
import { ResourceTable } from '../../table/ResourceTable';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

const FILTER_BAR = ['waybill_date', 'railroad'] as const;

export default function WaybillsPage() {
  const { canAccess: mayAdd } = useCanAccess({ resource: waybill.name, action: 'create' });
  return (
    <Box>
      <Title title="Waybills" />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        The railroads&apos; waybills of your car loads. A waybill names the load it moves; the load&apos;s trip shows where the car is.
      </Typography>
      <ResourceTable resource={waybill.name} table="waybills" filterBar={FILTER_BAR} opensRecords
        toolbar={mayAdd ? <Button size="small" startIcon={<AddIcon />} component={Link} to={buildPath(ROUTES.traceWaybillNew.path)}>New waybill</Button> : undefined} />
    </Box>
  );
}
