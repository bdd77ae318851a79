/** `scheduler/slots/` (docs/scheduler.md, Pages): every location's slots in one table. */
import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { SlotsTable } from './SlotsTable';

export default function SlotsPage() {
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title="Slots" />
      <SlotsTable />
    </Box>
  );
}
