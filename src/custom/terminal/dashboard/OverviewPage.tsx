/**
 * `company/terminalboss/overview/` (docs/terminal.md, Terminal dashboards): the allocations against
 * their limits on a day, grouped as chosen, the product moved over the last days and the day's loads,
 * for one site or all.
 */
import { useState } from 'react';
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { Title } from 'react-admin';
import { AllocationPerformance } from './AllocationPerformance';
import { LoadsWidget } from './LoadsWidget';
import { ProductTransferred } from './ProductTransferred';
import { SitePicker } from './SitePicker';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { localDateIn } from '../../../lib/time-zone';
import { addDays } from '../../../lib/limit-periods';

const GROUPS = [['allocation', 'Allocation'], ['stockholder', 'Stockholder'], ['product', 'Product'], ['direction', 'Direction']] as const;
const INTERVALS = [['day', 'Days'], ['week', 'Weeks'], ['month', 'Months']] as const;
const SPAN = { day: 29, week: 7 * 12 - 1, month: 364 } as const;

export default function OverviewPage() {
  const [site, setSite] = useState('');
  const [date, setDate] = useState('');
  const [groupby, setGroupby] = useState('allocation');
  const [interval, setInterval] = useState<'day' | 'week' | 'month'>('day');
  // The chart's span ends on the chosen day (today when none) and is 30 days, 12 weeks or a year long.
  const zone = useCompanyTimeZone();
  const to = date || localDateIn(new Date(), zone) || '';
  const from = addDays(to, -SPAN[interval]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Terminal overview" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SitePicker value={site} onChange={setSite} />
        <TextField fullWidth={false} size="small" type="date" label="Day" value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} helperText={date ? undefined : 'Today at the site'} />
        <TextField fullWidth={false} select size="small" label="Group by" value={groupby} onChange={(e) => setGroupby(e.target.value)} sx={{ minWidth: 160 }}>
          {GROUPS.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
        </TextField>
        <TextField fullWidth={false} select size="small" label="Chart by" value={interval} onChange={(e) => setInterval(e.target.value as 'day' | 'week' | 'month')} sx={{ minWidth: 140 }}>
          {INTERVALS.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
        </TextField>
      </Stack>
      <AllocationPerformance date={date || undefined} site={site || undefined} groupby={groupby} />
      <ProductTransferred from={from} to={to} site={site || undefined} interval={interval} />
      <LoadsWidget date={date || undefined} site={site || undefined} />
    </Box>
  );
}
