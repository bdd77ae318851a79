/**
 * `facility/{facilityId}/schedule/{tabName}/` (docs/rail.md §11.8): a facility's work in three
 * tabs, shipment (its shipments, outbound or inbound), cars (the cars standing here) and schedule
 * (its active contracts by day). `facility/{id}/schedule/` forwards to the tab last chosen on this
 * browser (`scheduleTab`, src/routes/guard.ts); choosing a tab stores it under SCHEDULE_TAB_KEY.
 * An unknown tab name shows the shipment tab and puts its name in the address. The header names
 * the facility, its city and its serving railroad.
 */
import { useEffect } from 'react';
import { Alert, Box, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type RaRecord, Title, useDataProvider, useGetOne } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { PageProps } from '../../../routes/define-route';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { NotFound } from '../../../layout/NotFound';
import { httpStatus } from '../../../generic/submit-errors';
import { SCHEDULE_TAB_KEY } from '../../../routes/guard';
import { facility } from '../../../resources/logistics/facility';
import { FACILITY_TABS, type FacilityTab, facilityApi, facilityPath, railroadText } from './facility-api';
import { FacilityShipmentsTab } from './FacilityShipmentsTab';
import { FacilityCarsTab } from './FacilityCarsTab';
import { FacilityScheduleTab } from './FacilityScheduleTab';

/** Remembers the tab for `facility/{id}/schedule/`; a browser that keeps nothing just forgets it. */
function rememberTab(tab: FacilityTab) {
  try {
    globalThis.localStorage?.setItem(SCHEDULE_TAB_KEY, tab);
  } catch { /* storage refused (private mode, quota): the tab is still shown */ }
}

function Header({ f }: { f: RaRecord }) {
  const dp = useDataProvider<AppDataProvider>();
  const { data: railroad, isPending } = useQuery({
    queryKey: [facility.name, f.id, 'railroad'],
    queryFn: () => facilityApi(dp).railroad(Number(f.id)),
    enabled: f.serving_railroad !== null && f.serving_railroad !== undefined,
  });
  const place = [f.city, f.province].filter(Boolean).join(', ');
  const served = f.serving_railroad === null || f.serving_railroad === undefined ? 'no serving railroad' : isPending ? '…' : `served by ${railroadText(railroad)}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" data-testid="facility-name">{String(f.name)}</Typography>
        {f.code ? <Typography variant="body1" color="text.secondary">{String(f.code)}</Typography> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="facility-place">
        {place || 'No city given'} · {served}
      </Typography>
    </Paper>
  );
}

export default function FacilityPage({ params }: PageProps) {
  const id = Number(params.facilityId);
  const asked = String(params.tabName);
  const navigate = useNavigate();
  const { data, isPending, error } = useGetOne(facility.name, { id }, { retry: false });
  const known = FACILITY_TABS.some(([name]) => name === asked);
  const tab: FacilityTab = known ? asked as FacilityTab : 'shipment';
  // An unknown tab shows the shipment tab, and the address says so.
  useEffect(() => {
    if (!known) navigate(`${facilityPath(id, 'shipment')}${window.location.search}`, { replace: true });
  }, [known, id, navigate]);
  const choose = (next: FacilityTab) => {
    rememberTab(next);
    navigate(facilityPath(id, next));
  };
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The facility could not be read.'}</Alert>;
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title={String(data.name)} />
      <Header f={data} />
      <Paper variant="outlined" sx={{ mt: 1 }}>
        <Tabs value={tab} onChange={(_, v: FacilityTab) => choose(v)} variant="scrollable" allowScrollButtonsMobile aria-label="Facility tabs">
          {FACILITY_TABS.map(([name, label]) => <Tab key={name} value={name} label={label} data-testid={`facility-tab-${name}`} />)}
        </Tabs>
        <Box sx={{ p: { xs: 0.5, sm: 1 } }}>
          {tab === 'shipment' && <FacilityShipmentsTab facilityId={id} railroad={data.serving_railroad as number | null} />}
          {tab === 'cars' && <FacilityCarsTab facilityId={id} />}
          {tab === 'schedule' && <FacilityScheduleTab facilityId={id} facilityName={String(data.name)} />}
        </Box>
      </Paper>
    </Box>
  );
}
