/**
 * A location's overview (docs/scheduler.md, Pages): today's bookings by status and the week's,
 * the bookings waiting for their carriers after a block, and each of the seven days' loads
 * (booked of capacity, blocked slots) in the location's zone; below, its settings to edit.
 */
import { useMemo } from 'react';
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { EditBase, useCanAccess, useDataProvider, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { scheduleLocation } from '../../resources/schedule/location';
import { BOOKING_STATUSES } from '../../resources/schedule/common';
import { COUNT_GRID, CountTile } from '../../generic/CountTile';
import { FoldingPanel } from '../../generic/FoldingPanel';
import { EditForm } from '../../generic/GenericEdit';
import { locationPath, scheduleApi } from './schedule-api';

export function LocationOverview({ location, onSaved }: { location: RaRecord; onSaved(): void }) {
  const id = Number(location.id);
  const dp = useDataProvider<AppDataProvider>();
  const api = useMemo(() => scheduleApi(dp), [dp]);
  const { data, error } = useQuery({ queryKey: ['schedule/location', id, 'overview'], queryFn: () => api.overview(id) });
  const { canAccess: canEdit } = useCanAccess({ resource: scheduleLocation.name, action: 'edit' });
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{(error as Error).message}</Alert>;
  if (!data) return <LinearProgress />;
  const today = (s: string) => data.by_status.find((x) => x.status === s)?.today ?? 0;
  const week = (s: string) => data.by_status.find((x) => x.status === s)?.week ?? 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>Today, {DateTime.fromISO(data.today).toFormat('cccc d LLLL')}</Typography>
        <Box sx={COUNT_GRID}>
          {BOOKING_STATUSES.filter(([s]) => s !== 'cancelled').map(([s, label]) => (
            <CountTile key={s} label={label} count={today(s)} help={`${week(s)} this week`} tone={s === 'no_show' ? 'error' : undefined} to={locationPath(id, 'schedule')} />
          ))}
          <CountTile label="Slot blocked" count={data.flagged} help="Bookings whose slot was blocked: move or cancel them" tone="warning" to={locationPath(id, 'schedule')} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{data.quantity_today} m³ booked today; {today('cancelled')} cancelled today, {week('cancelled')} this week.</Typography>
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>This week</Typography>
        <Table size="small" aria-label="Loads per day">
          <TableHead><TableRow><TableCell>Day</TableCell><TableCell align="right">Booked</TableCell><TableCell align="right">Free</TableCell><TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Load</TableCell><TableCell align="right">Blocked slots</TableCell></TableRow></TableHead>
          <TableBody>
            {data.days.map((d) => {
              const total = d.booked + d.free;
              return (
                <TableRow key={d.day}>
                  <TableCell>{DateTime.fromISO(d.day).toFormat('ccc d LLL')}{d.hours !== 24 ? ` (${d.hours} h)` : ''}</TableCell>
                  <TableCell align="right">{d.booked}</TableCell>
                  <TableCell align="right">{d.free}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, minWidth: 160 }}>
                    <LinearProgress variant="determinate" value={total ? (100 * d.booked) / total : 0} aria-label={`${d.booked} of ${total} loads booked`} />
                  </TableCell>
                  <TableCell align="right">{d.blocked}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {data.days.every((d) => d.slots === 0) && <Typography color="text.secondary" sx={{ mt: 1 }}>No slots this week: make them on the Slots tab, from a template or by hand.</Typography>}
      </Box>
      {canEdit && (
        <FoldingPanel label="Location settings">
          {/* Without a title of its own: the page's is the location's name. */}
          <EditBase resource={scheduleLocation.name} id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: onSaved }}>
            <EditForm allowDelete={false} />
          </EditBase>
        </FoldingPanel>
      )}
    </Box>
  );
}
