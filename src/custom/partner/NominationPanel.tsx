/**
 * One order's nominations (docs/partners.md, Nominations): its versions, newest first, and the
 * latest one's days. The partner nominates on a sent order, forecasts, auto-schedules (the rail
 * schedule's rule), clears, edits the cars per day, saves and sends a draft, and revises a rejected
 * or approved version; the shipper reviews a sent one against its plan and approves it into the
 * contract's schedule or rejects it with a reason the partner reads here.
 */
import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { useBusyAction } from '../../hooks/useBusyAction';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';
import { formatInZone } from '../../lib/time-zone';
import { type NominationDay, totalOf } from '../../lib/nomination-days';
import { choiceWord } from '../../resources/fields';
import { NOMINATION_STATUSES, partnerRailNomination } from '../../resources/partner/rail-nomination';
import { type Nomination, type Order, type Review, nominationAction, sideOf } from './partner-api';

const N = partnerRailNomination.name;
const CHIP: Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning'> = { draft: 'default', sent: 'primary', approved: 'success', rejected: 'error', superseded: 'default' };
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-CA', { weekday: 'short', timeZone: 'UTC' });

export function NominationPanel({ order, companyId }: { order: Order; companyId: number | undefined }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const zone = useCompanyTimeZone();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [rejecting, setRejecting] = useState(false);
  const side = sideOf(order, companyId);
  const key = [N, 'order', order.id];
  const versions = useQuery({
    queryKey: key,
    queryFn: async () => (await dp.getList<Nomination & { id: number }>(N, { filter: { order: order.id }, sort: { field: 'revision', order: 'DESC' }, pagination: { page: 1, perPage: 100 } })).data,
  });
  const latest = versions.data?.[0];
  const review = useQuery({
    queryKey: [...key, 'review', latest?.id, latest?.version],
    enabled: !!latest && latest.status !== 'draft',
    queryFn: async () => (await dp.callAction(N, { id: latest!.id, action: 'review', method: 'GET' })) as Review,
  });
  const [days, setDays] = useState<NominationDay[]>([]);
  const [forecast, setForecast] = useState('');
  useEffect(() => {
    setDays(latest?.shipping_schedule ?? []);
    setForecast(latest?.forecast === null || latest?.forecast === undefined ? '' : String(latest.forecast));
  }, [latest?.id, latest?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const refresh = () => queryClient.invalidateQueries({ queryKey: [N] });
  const act = (action: string, message: string, body: Record<string, unknown> = {}, id = latest!.id) => run(async () => {
    await nominationAction(dp, id, action, body);
    notify(message, { type: 'success' });
    await refresh();
  });
  const nominate = () => run(async () => {
    await dp.create(N, { data: { order: order.id } });
    notify('Nomination started: every day of the order is listed', { type: 'success' });
    await refresh();
  });
  const saveDays = () => run(async () => {
    await dp.update(N, { id: latest!.id, data: { shipping_schedule: days }, previousData: latest! });
    notify('Days saved', { type: 'success' });
    await refresh();
  });
  const setForecastAndSpread = () => run(async () => {
    await nominationAction(dp, latest!.id, 'forecast', { forecast: Number(forecast) });
    await nominationAction(dp, latest!.id, 'auto_schedule');
    notify(`${forecast} cars spread over the days`, { type: 'success' });
    await refresh();
  });

  const editable = side === 'partner' && latest?.status === 'draft';
  const changed = editable && JSON.stringify(days) !== JSON.stringify(latest?.shipping_schedule ?? []);
  const reviewDays = new Map((review.data?.days ?? []).map((d) => [d.date, d]));
  const showPlan = side === 'owner' && latest?.status !== 'draft';

  if (order.status === 'draft') return <Typography variant="body2" color="text.secondary">Send the order to nominate on it.</Typography>;
  if (versions.isPending) return null;
  if (!latest) {
    return side === 'partner' && order.status === 'sent'
      ? <Button variant="contained" size="small" disabled={busy} onClick={() => void nominate()}>Nominate days</Button>
      : <Typography variant="body2" color="text.secondary" data-testid="no-nomination">No nomination on this order yet.</Typography>;
  }
  return (
    <Stack spacing={1.5} data-testid={`nomination-${order.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2">Nomination, version {latest.revision}</Typography>
        <Chip size="small" label={choiceWord(NOMINATION_STATUSES, latest.status)} color={CHIP[latest.status]} data-testid="nomination-status" />
        <Typography variant="body2" color="text.secondary">{totalOf(editable ? days : latest.shipping_schedule)} cars nominated of {order.number_of_cars} ordered</Typography>
      </Stack>
      {latest.status === 'rejected' && <Alert severity="warning" data-testid="reject-reason">Rejected by {latest.reviewed_by}: {latest.reject_reason}</Alert>}
      {latest.status === 'sent' && side === 'partner' && <Alert severity="info">Sent {formatInZone(latest.sent_at, zone)}: waiting for the shipper's answer.</Alert>}
      {review.data?.warnings.map((w) => <Alert key={w} severity="warning">{w}</Alert>)}
      {editable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField size="small" type="number" label="Forecast cars" value={forecast} onChange={(e) => setForecast(e.target.value)} sx={{ width: 140 }} slotProps={{ htmlInput: { min: 0 } }} />
          <Button size="small" disabled={busy || forecast === ''} onClick={() => void setForecastAndSpread()}>Auto-schedule</Button>
          <Button size="small" disabled={busy} onClick={() => void act('clear-nomination', 'Every day cleared')}>Clear</Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button size="small" disabled={busy || !changed} onClick={() => void saveDays()}>Save days</Button>
          <Button size="small" variant="contained" disabled={busy || changed || !latest.nominated_total} onClick={() => void act('send', 'Nomination sent to the shipper')}>Send</Button>
        </Stack>
      )}
      <Box sx={{ overflowX: 'auto', maxHeight: 420 }}>
        <Table size="small" stickyHeader data-testid="nomination-days">
          <TableHead>
            <TableRow>
              <TableCell>Day</TableCell>
              <TableCell align="right">Nominated</TableCell>
              {review.data && <TableCell align="right">Approved</TableCell>}
              {showPlan && <TableCell align="right">Planned</TableCell>}
              {review.data && <TableCell align="right">Shipped</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {(editable ? days : latest.shipping_schedule).map((d, i) => (
              <TableRow key={d.date} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{weekday(d.date)} {d.date}</TableCell>
                <TableCell align="right">
                  {editable ? (
                    <TextField size="small" type="number" value={d.quantity} sx={{ width: 90 }} slotProps={{ htmlInput: { min: 0, 'aria-label': `Cars on ${d.date}`, style: { textAlign: 'right' } } }}
                      onChange={(e) => setDays(days.map((x, j) => (j === i ? { ...x, quantity: Math.max(0, Math.trunc(Number(e.target.value) || 0)) } : x)))} />
                  ) : d.quantity}
                </TableCell>
                {review.data && <TableCell align="right">{reviewDays.get(d.date)?.approved ?? 0}</TableCell>}
                {showPlan && <TableCell align="right">{reviewDays.get(d.date)?.planned ?? 0}</TableCell>}
                {review.data && <TableCell align="right">{reviewDays.get(d.date)?.shipped ?? 0}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        {side === 'owner' && latest.status === 'sent' && (
          <>
            <Button size="small" color="error" disabled={busy} onClick={() => setRejecting(true)}>Reject</Button>
            <Button size="small" variant="contained" disabled={busy} onClick={() => void act('approve', 'Nomination approved: the days are in the contract\'s schedule')}>Approve</Button>
          </>
        )}
        {side === 'partner' && (latest.status === 'rejected' || latest.status === 'approved') && order.status === 'sent' && (
          <Button size="small" variant="contained" disabled={busy} onClick={() => void act('revise', `Version ${latest.revision + 1} started from version ${latest.revision}`)}>Revise</Button>
        )}
      </Stack>
      {versions.data!.length > 1 && (
        <Box>
          <Typography variant="caption" color="text.secondary">Versions</Typography>
          <Table size="small" data-testid="nomination-versions">
            <TableBody>
              {versions.data!.map((x) => (
                <TableRow key={x.id}>
                  <TableCell>v{x.revision}</TableCell>
                  <TableCell>{choiceWord(NOMINATION_STATUSES, x.status)}</TableCell>
                  <TableCell align="right">{x.nominated_total} cars</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{x.reviewed_at ? `${formatInZone(x.reviewed_at, zone)} by ${x.reviewed_by}` : x.sent_at ? `sent ${formatInZone(x.sent_at, zone)}` : ''}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{x.reject_reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {rejecting && (
        <ReasonDialog title={`Reject version ${latest.revision}?`} label="Why (the partner reads it)" confirm="Reject" keep="Keep it" busy={busy}
          onClose={() => setRejecting(false)} onConfirm={(reason) => { setRejecting(false); void act('reject', 'Nomination rejected', { reason }); }} />
      )}
    </Stack>
  );
}
