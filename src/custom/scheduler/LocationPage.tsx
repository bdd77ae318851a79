/**
 * `scheduler/location/{locationId}/…` (docs/scheduler.md, Pages): one location's name and zone,
 * and its tabs as routes, so a link or a reload keeps the tab: Overview (today and the week),
 * Schedule (the calendar), Slots (the table, making and blocking slots) and Notifications (what
 * carriers are mailed, and their booking links).
 */
import { Alert, Box, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Title, useCanAccess, useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../routes/define-route';
import { NotFound } from '../../layout/NotFound';
import { httpStatus } from '../../generic/submit-errors';
import { scheduleLocation } from '../../resources/schedule/location';
import { booking } from '../../resources/schedule/booking';
import { slot } from '../../resources/schedule/slot';
import { LOCATION_TABS, locationPath, tabOfRoute } from './schedule-api';
import { LocationOverview } from './LocationOverview';
import { LocationCalendar } from './LocationCalendar';
import { SlotsTable } from './SlotsTable';
import { LocationNotifications } from './LocationNotifications';

export default function LocationPage({ params, route }: PageProps) {
  const id = Number(params.locationId);
  const tab = tabOfRoute(route.path);
  const { data, isPending, error, refetch } = useGetOne(scheduleLocation.name, { id }, { retry: false });
  const { canAccess: canBook } = useCanAccess({ resource: booking.name, action: 'create' });
  const { canAccess: canMove } = useCanAccess({ resource: booking.name, action: 'edit' });
  const { canAccess: canBlock } = useCanAccess({ resource: slot.name, action: 'edit' });
  // The page is named while it loads too: an empty heading tells a screen reader nothing.
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><Title title={scheduleLocation.label} /><CircularProgress size={28} /></Box>;
  if (httpStatus(error) === 404) return <NotFound />;
  if (error || !data) return <Alert severity="error" sx={{ m: 2 }}>{error?.message ?? 'The location could not be read.'}</Alert>;
  const zone = String(data.timezone);
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title={String(data.name)} />
      <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 1, sm: 0 }, pb: 1 }}>
        {[data.code, zone, data.enabled ? null : 'disabled: takes no bookings'].filter(Boolean).join(' · ')}
      </Typography>
      <Paper variant="outlined">
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label="Location pages">
          {LOCATION_TABS.map(([name, label]) => <Tab key={name} value={name} label={label} component={RouterLink} to={locationPath(id, name)} />)}
        </Tabs>
        {tab === 'overview' && <LocationOverview location={data} onSaved={() => void refetch()} />}
        {tab === 'schedule' && <LocationCalendar locationId={id} zone={zone} canBook={!!canBook} canBlock={!!canBlock} canMove={!!canMove} />}
        {tab === 'slots' && <SlotsTable locationId={id} />}
        {tab === 'notifications' && <LocationNotifications location={data} />}
      </Paper>
    </Box>
  );
}
