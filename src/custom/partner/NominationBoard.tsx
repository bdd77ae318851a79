/**
 * The nominations board (docs/partners.md, Nominations board): two weeks of the shared contracts,
 * the week gone and the week ahead of today in the company's zone, back and forth. At 1,400 px a
 * grid, a contract's measures down (forecast, nominated, approved, shipped, and the shipper's own
 * planned cars) and the days across,
 * with each measure's total; at 390 px a list by day with each contract's cars. A contract opens
 * its orders page. Both sides open it, each reading what is shared with it.
 */
import {
  Alert, Box, CircularProgress, Link, List, ListItem, ListItemText, ListSubheader, Paper, Table, TableBody, TableCell, TableHead, TableRow,
  type Theme, Typography, useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { DayRangeNav } from '../../generic/DayRangeNav';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { addDays } from '../../lib/contract-periods';
import { dayName, dayOfMonth, dayTitle, isWeekend } from '../../lib/schedule-calendar';
import { localDateIn } from '../../lib/time-zone';
import { partnerRailNomination } from '../../resources/partner/rail-nomination';
import { buildPath } from '../../routes/params';
import { ROUTES } from '../../routes/table';

const SPAN = 14;
const MEASURES = [['forecast', 'Forecast'], ['nominated', 'Nominated'], ['approved', 'Approved'], ['shipped', 'Shipped'], ['planned', 'Planned']] as const;
type Measure = (typeof MEASURES)[number][0];

interface BoardContract {
  id: number; contract_number: string | null; side: 'shipper' | 'partner'; _labels?: Record<string, string | null>;
  days: Partial<Record<Measure, Record<string, number>>>; totals: Partial<Record<Measure, number>>;
}
interface Board { from: string; to: string; days: string[]; contracts: BoardContract[] }

const label = (k: BoardContract) => k.contract_number ?? `#${k.id}`;
/** The other side: the shipper for a partner, the partner (the contract's party) for the shipper. */
const counterpart = (k: BoardContract) => (k.side === 'partner' ? k._labels?.company : k._labels?.party) ?? '—';
const measuresOf = (k: BoardContract) => MEASURES.filter(([m]) => m in k.days);
const orderPath = (k: BoardContract) => buildPath(ROUTES.partnerOrder.path, { contractId: k.id });
const measureColor = (m: Measure) => (m === 'shipped' ? 'success.main' : m === 'forecast' ? 'text.secondary' : 'text.primary');

function Grid({ b, today }: { b: Board; today: string }) {
  const dayCell = (d: string) => ({ px: 0.25, textAlign: 'center' as const, bgcolor: isWeekend(d) ? 'action.hover' : undefined, borderLeft: 1, borderLeftColor: 'divider' });
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Nominations by day" sx={{ tableLayout: 'fixed', minWidth: 330 + b.days.length * 48 + 64 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 220 }}>Contract</TableCell>
            <TableCell sx={{ width: 110 }} />
            {b.days.map((d) => (
              <TableCell key={d} sx={dayCell(d)} aria-label={d}>
                <Typography variant="caption" component="div" color="text.secondary">{dayName(d)}</Typography>
                <Typography variant="body2" component="div" sx={{ fontWeight: d === today ? 700 : 500 }}>{dayOfMonth(d)}</Typography>
              </TableCell>
            ))}
            <TableCell sx={{ width: 64, textAlign: 'right' }}>Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {b.contracts.flatMap((k) => measuresOf(k).map(([m, word], i, all) => (
            <TableRow key={`${k.id}-${m}`} sx={i === all.length - 1 ? undefined : { '& > td': { borderBottom: 0 } }}>
              {i === 0 && (
                <TableCell rowSpan={all.length} sx={{ verticalAlign: 'top' }}>
                  <Link component={RouterLink} to={orderPath(k)} sx={{ fontWeight: 500 }}>{label(k)}</Link>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap title={counterpart(k)}>{counterpart(k)}</Typography>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>{k._labels?.product ?? ''}</Typography>
                </TableCell>
              )}
              <TableCell sx={{ color: measureColor(m), py: 0.25 }}>{word}</TableCell>
              {b.days.map((d) => {
                const n = k.days[m]?.[d];
                return (
                  <TableCell key={d} sx={{ ...dayCell(d), py: 0.25, color: n ? measureColor(m) : 'text.disabled', fontWeight: m === 'approved' && n ? 600 : undefined }}
                    aria-label={`${label(k)} ${word.toLowerCase()} ${d}: ${n ?? 0}`}>
                    {n ?? '·'}
                  </TableCell>
                );
              })}
              <TableCell sx={{ textAlign: 'right', py: 0.25, fontWeight: 600, color: measureColor(m) }} data-testid={`total-${k.id}-${m}`}>{k.totals[m] ?? 0}</TableCell>
            </TableRow>
          )))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** "nominated 2 · approved 2 · shipped 1" for one contract's day, or null when it has nothing. */
const dayWords = (k: BoardContract, d: string) => {
  const words = measuresOf(k).filter(([m]) => k.days[m]?.[d]).map(([m, word]) => `${word.toLowerCase()} ${k.days[m]![d]}`);
  return words.length ? words.join(' · ') : null;
};

function DayList({ b, today }: { b: Board; today: string }) {
  return (
    <Paper variant="outlined">
      <List dense disablePadding aria-label="Days">
        {b.days.map((d) => {
          const busy = b.contracts.filter((k) => dayWords(k, d));
          return (
            <li key={d}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ lineHeight: 2.5, bgcolor: isWeekend(d) ? 'action.selected' : 'background.paper', fontWeight: d === today ? 700 : 500 }}>
                  {dayTitle(d)}{d === today ? ' (today)' : ''}
                </ListSubheader>
                {busy.length === 0 && <ListItem divider><ListItemText secondary="Nothing nominated or shipped" /></ListItem>}
                {busy.map((k) => (
                  <ListItem key={k.id} divider component={RouterLink} to={orderPath(k)} sx={{ color: 'inherit' }}>
                    <ListItemText primary={`${label(k)} · ${counterpart(k)}`} secondary={dayWords(k, d)} />
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

export function NominationBoard() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dp = useDataProvider<AppDataProvider>();
  const today = localDateIn(new Date(), useCompanyTimeZone()) ?? new Date().toISOString().slice(0, 10);
  // The week gone (what shipped against what was approved) and the week ahead.
  const opening = addDays(today, -7);
  const [from, setFrom] = useState(opening);
  const to = addDays(from, SPAN - 1);
  const { data: b, isPending, error, isPlaceholderData } = useQuery({
    queryKey: [partnerRailNomination.name, 'board', from, to],
    queryFn: () => dp.callAction(partnerRailNomination.name, { action: 'board', method: 'GET', query: { from, to } }) as Promise<Board>,
    placeholderData: keepPreviousData,
  });
  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  return (
    <Box sx={{ p: { xs: 0.5, sm: 1 }, opacity: isPlaceholderData ? 0.6 : 1 }}>
      <DayRangeNav days={b.days} span={SPAN} onShift={(n) => setFrom(addDays(from, n))} onToday={from !== opening ? () => setFrom(opening) : undefined} />
      {b.contracts.length === 0 ? (
        <Alert severity="info">No shared contract runs in these days. A contract shows here once it is shared with a partner, with its orders' nominations and shipments.</Alert>
      ) : (
        <>
          {phone ? <DayList b={b} today={today} /> : <Grid b={b} today={today} />}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Cars per day. Forecast: the orders' forecasts spread over their days; nominated: the latest sent or approved nomination; approved: the approved one; shipped: cars shipped that day.
            {b.contracts.some((k) => k.side === 'shipper') ? ' Planned: your own schedule.' : ''}
          </Typography>
        </>
      )}
    </Box>
  );
}
