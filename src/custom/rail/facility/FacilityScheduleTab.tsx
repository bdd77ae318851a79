/**
 * A facility's schedule tab (docs/rail.md §11.8): two weeks of the facility's active contracts
 * (`facility/{id}/schedule/`), from today at the facility, two weeks back and forth. At 1,400 px a
 * grid of contracts by days, planned and actual cars per cell and the day totals at its foot; at
 * 390 px a list by day with each contract's planned and actual cars. A cell (a contract's day)
 * opens the contract page's Schedule tab, for those who may open contracts.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  Alert, Box, Chip, CircularProgress, Link, List, ListItem, ListItemText, ListSubheader, Paper, Stack, Table, TableBody, TableCell,
  TableFooter, TableHead, TableRow, type Theme, Typography, useMediaQuery,
} from '@mui/material';
import { useDataProvider } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { useProfile } from '../../../hooks/useProfile';
import { addDays } from '../../../lib/contract-periods';
import { dayName, dayOfMonth, dayTitle, isWeekend } from '../../../lib/schedule-calendar';
import { DayRangeNav } from '../../../generic/DayRangeNav';
import { facility } from '../../../resources/logistics/facility';
import { canReach } from '../../../routes/guard';
import { buildPath } from '../../../routes/params';
import { ROUTES } from '../../../routes/table';
import { contractPath } from '../contract/contract-api';
import { type DayCars, type FacilitySchedule, type ScheduleContract, facilityApi } from './facility-api';

const SPAN = 14;
const weekend = isWeekend;
/** "planned 2 · actual 1" */
const cellText = (c: DayCars | undefined) => (c ? `planned ${c.quantity}${c.actual === null ? '' : ` · actual ${c.actual}`}` : 'nothing planned');
const label = (k: ScheduleContract) => k.contract_number ?? `#${k.id}`;

/** The contract page on its Schedule tab. */
const contractSchedulePath = (id: number) => `${contractPath(id)}?tab=schedule`;

function useFacilitySchedule(facilityId: number, from: string | undefined) {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [facility.name, facilityId, 'schedule', from ?? 'today'],
    queryFn: () => facilityApi(dp).schedule(facilityId, from),
    placeholderData: keepPreviousData,
  });
}

/** A contract's day, as a link to the contract's schedule where the user may open contracts. */
function DayLink({ k, day, canOpen, children }: { k: ScheduleContract; day: string; canOpen: boolean; children: ReactNode }) {
  if (!canOpen) return <>{children}</>;
  return (
    <Link component={RouterLink} to={contractSchedulePath(k.id)} underline="hover" color="inherit" title={`${label(k)}, ${day}: ${cellText(k.entries[day])}`}
      sx={{ display: 'block', px: 0.5, py: 0.25, borderRadius: 0.5, '&:hover': { bgcolor: 'action.hover' } }}>
      {children}
    </Link>
  );
}

function Cars({ c }: { c: DayCars | undefined }) {
  if (!c) return <Typography variant="body2" color="text.disabled">·</Typography>;
  return (
    <>
      <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>{c.quantity}</Typography>
      {c.actual !== null && <Typography variant="caption" component="div" color="success.main">{c.actual}</Typography>}
    </>
  );
}

function Grid({ s, canOpen, today }: { s: FacilitySchedule; canOpen: boolean; today: string }) {
  const dayCell = (d: string) => ({ px: 0.25, textAlign: 'center' as const, bgcolor: weekend(d) ? 'action.hover' : undefined, borderLeft: 1, borderLeftColor: 'divider' });
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Contracts by day" sx={{ tableLayout: 'fixed', minWidth: 260 + s.days.length * 56 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 260 }}>Contract</TableCell>
            {s.days.map((d) => (
              <TableCell key={d} sx={{ ...dayCell(d), fontWeight: d === today ? 700 : undefined }} aria-label={d}>
                <Typography variant="caption" component="div" color="text.secondary">{dayName(d)}</Typography>
                <Typography variant="body2" component="div" sx={{ fontWeight: d === today ? 700 : 500 }}>{dayOfMonth(d)}</Typography>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {s.contracts.map((k) => (
            <TableRow key={k.id}>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {canOpen ? <Link component={RouterLink} to={contractSchedulePath(k.id)}>{label(k)}</Link> : <span>{label(k)}</span>}
                  <Chip size="small" variant="outlined" label={k.contract_type === 'sale' ? 'Sale' : 'Purchase'} />
                </Stack>
                <Typography variant="caption" color="text.secondary" component="div" noWrap title={k.party.label ?? undefined}>{k.cars} cars · {k.party.label ?? '—'}</Typography>
              </TableCell>
              {s.days.map((d) => (
                <TableCell key={d} sx={dayCell(d)} aria-label={`${label(k)} ${d}: ${cellText(k.entries[d])}`}>
                  <DayLink k={k} day={d} canOpen={canOpen}><Cars c={k.entries[d]} /></DayLink>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, fontSize: 'body2.fontSize', color: 'text.primary' }}>Total</TableCell>
            {s.days.map((d) => (
              <TableCell key={d} sx={{ ...dayCell(d), color: 'text.primary' }} aria-label={`Total ${d}: ${cellText(s.totals[d])}`} data-testid={`total-${d}`}>
                <Typography variant="body2" component="div" sx={{ fontWeight: 700, color: s.totals[d].quantity ? 'text.primary' : 'text.disabled' }}>{s.totals[d].quantity}</Typography>
                {s.totals[d].actual !== null && <Typography variant="caption" component="div" color="success.main" sx={{ fontWeight: 700 }}>{s.totals[d].actual}</Typography>}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </Paper>
  );
}

function DayList({ s, canOpen, today }: { s: FacilitySchedule; canOpen: boolean; today: string }) {
  return (
    <Paper variant="outlined">
      <List dense disablePadding aria-label="Days">
        {s.days.map((d) => {
          const planned = s.contracts.filter((k) => k.entries[d]);
          return (
            <li key={d}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ display: 'flex', lineHeight: 2.5, bgcolor: weekend(d) ? 'action.selected' : 'background.paper', fontWeight: d === today ? 700 : 500 }}>
                  <Box component="span" sx={{ flex: 1 }}>{dayTitle(d)}{d === today ? ' (today)' : ''}</Box>
                  <Box component="span" sx={{ color: 'text.secondary' }}>{planned.length ? cellText(s.totals[d]) : ''}</Box>
                </ListSubheader>
                {planned.length === 0 && <ListItem divider><ListItemText secondary="Nothing planned" /></ListItem>}
                {planned.map((k) => (
                  <ListItem key={k.id} divider disablePadding sx={{ px: 2, py: 0.5 }}>
                    <DayLink k={k} day={d} canOpen={canOpen}>
                      <ListItemText primary={`${label(k)} · ${k.party.label ?? '—'}`} secondary={cellText(k.entries[d])} />
                    </DayLink>
                  </ListItem>
                ))}
              </ul>
            </li>
          );
        })}
      </List>
    </Paper>
  );
}

export function FacilityScheduleTab({ facilityId, facilityName }: { facilityId: number; facilityName: string }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { permissions } = useProfile();
  const canOpen = canReach(permissions, ROUTES.contract.access);
  // undefined: today at the facility, as the server counts it.
  const [from, setFrom] = useState<string | undefined>(undefined);
  const { data: s, isPending, error, isPlaceholderData } = useFacilitySchedule(facilityId, from);
  const { data: first } = useFacilitySchedule(facilityId, undefined);
  const today = first?.days[0] ?? '';
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  const shift = (n: number) => setFrom(addDays(s.days[0], n));
  return (
    <Box sx={{ p: { xs: 0.5, sm: 1 }, opacity: isPlaceholderData ? 0.6 : 1 }}>
      <DayRangeNav days={s.days} span={SPAN} onShift={shift} onToday={from !== undefined && from !== today ? () => setFrom(undefined) : undefined} />
      {s.contracts.length === 0 ? (
        <Alert severity="info">
          No active contract at {facilityName} in these days. A sale or purchase whose facility is this one shows here with its planned cars once it is active.
          {canOpen && <>{' '}<Link component={RouterLink} to={buildPath(ROUTES.contracts.path)}>All contracts</Link></>}
        </Alert>
      ) : (
        <>
          {phone ? <DayList s={s} canOpen={canOpen} today={today} /> : <Grid s={s} canOpen={canOpen} today={today} />}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {phone ? '' : 'Planned cars per day, the actual cars beneath in green once known. '}{canOpen ? 'A day opens its contract\'s schedule.' : ''}
          </Typography>
        </>
      )}
    </Box>
  );
}
