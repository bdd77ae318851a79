/**
 * `company/terminalboss/v3/dashboard/` (docs/terminal.md, Terminal dashboards): today's loads at a
 * site, the product moved in the last 30 days, the active limits' periods of today and a link to
 * the tanks' volumes.
 */
import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { localDateIn } from '../../../lib/time-zone';
import { ROUTES } from '../../../routes/table';
import { LimitsToday } from './LimitsToday';
import { LoadsWidget } from './LoadsWidget';
import { ProductTransferred } from './ProductTransferred';
import { SitePicker } from './SitePicker';

export default function TerminalDashboardPage() {
  const [site, setSite] = useState('');
  const today = localDateIn(new Date(), useCompanyTimeZone()) ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Terminal dashboard" />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SitePicker value={site} onChange={setSite} />
        <Button component={Link} to={`/${ROUTES.tbContainerVolume.path}`} variant="outlined" size="small">Tank volumes</Button>
      </Stack>
      <LoadsWidget site={site || undefined} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <ProductTransferred site={site || undefined} interval="day" />
        <LimitsToday today={today} />
      </Box>
    </Box>
  );
}
