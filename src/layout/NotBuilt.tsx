/** What a declared route without a page shows: an honest statement, not a fake screen. */
import { Paper, Typography } from '@mui/material';
import { Title } from 'react-admin';
import ConstructionIcon from '@mui/icons-material/Construction';
import type { RouteDef } from '../routes/define-route';

export function NotBuilt({ def }: { def: Pick<RouteDef, 'label' | 'path'> }) {
  return (
    <Paper variant="outlined" sx={{ m: 2, p: 4, textAlign: 'center' }} data-testid="not-built">
      <Title title={def.label} />
      <ConstructionIcon color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2" gutterBottom>{def.label}</Typography>
      <Typography color="text.secondary">This screen is not built yet in this release.</Typography>
    </Paper>
  );
}
