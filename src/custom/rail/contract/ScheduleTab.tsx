/**
 * The contract page's Schedule tab (docs/rail.md §11.3): the planning screen. A month calendar of
 * the contract's days, each with its planned and actual cars, the totals above it, month back and
 * forth, "Plan days" (a date range and weekdays, previewed with the shared rule and applied with
 * `auto_schedule/`), "Auto-schedule" (spreads the remaining cars over the stored days without an
 * actual), and a day's dialog to edit its planned and actual cars. On a phone the month is a list
 * of its days. With only view rights it is read-only.
 */
import { useMemo, useState } from 'react';
import { visuallyHidden } from '@mui/utils';
import {
  Alert, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup,
  IconButton, List, ListItem, ListItemButton, ListItemText, Paper, Stack, TextField, type Theme, Typography, useMediaQuery,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { recordPathOf } from '../../../generic/home-paths';
import { RAIL_SHIPMENT } from '../../../resources/rail/rail-shipment';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { type AutoScheduleResult, autoSchedule } from '../../../lib/rail-auto-schedule';
import { RAIL_SCHEDULE, RAIL_SCHEDULE_ENTRY } from '../../../resources/rail/rail-schedule';
import { monthOf, monthWeeks, openingMonth, pickDays, shiftMonth, weekday } from '../../../lib/schedule-calendar';

export interface ScheduleDay { id: number; version: number; date: string; quantity: number; actual: number | null }
export interface Schedule { id: number; cars: number; planned_total: number; actual_total: number; remaining: number; entries: ScheduleDay[] }
export interface ContractFacts { id: number; contract_number: string; number_of_cars: number; start_date: string; end_date: string; status: string }

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const dayTitle = (day: string) => `${WEEKDAYS[weekday(day) - 1]} ${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1].slice(0, 3)}`;
const todayLocal = () => new Date().toLocaleDateString('en-CA');

function useSchedule(contractId: number) {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [RAIL_SCHEDULE, 'list', contractId],
    queryFn: async () => ((await dp.callAction(RAIL_SCHEDULE, { action: 'list', method: 'GET', query: { contract_id: String(contractId) } })) as Schedule[])[0] ?? null,
  });
}

/** "planned 2 · actual 1" */
const dayLine = (d: ScheduleDay | undefined) => (d ? `planned ${d.quantity}${d.actual === null ? '' : ` · actual ${d.actual}`}` : '');

/** Create shipment: an open shipment for the day (`create_shipment/`), opened on its page; only for those who may make shipments. */
function CreateShipmentButton({ scheduleId, day }: { scheduleId: number; day: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const { busy, run } = useBusyAction();
  const { canAccess } = useCanAccess({ resource: RAIL_SHIPMENT, action: 'create' });
  if (!canAccess) return null;
  const make = () => run(async () => {
    const made = (await dp.callAction(RAIL_SCHEDULE, { id: scheduleId, action: 'create_shipment', body: { date: day } })) as { id: number };
    navigate(recordPathOf(RAIL_SHIPMENT, String(made.id))!);
  });
  return <Button onClick={make} disabled={busy} sx={{ mr: 'auto' }}>Create shipment</Button>;
}

function DayDialog({ day, entry, schedule, onClose, canEdit }: { day: string; entry?: ScheduleDay; schedule: Schedule; onClose(saved: boolean): void; canEdit: boolean }) {
  const dp = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [planned, setPlanned] = useState(String(entry?.quantity ?? 0));
  const [actual, setActual] = useState(entry?.actual === null || entry?.actual === undefined ? '' : String(entry.actual));
  const whole = (s: string) => /^\d{1,6}$/.test(s.trim());
  const bad = !whole(planned) || (actual.trim() !== '' && !whole(actual));
  const save = () => run(async () => {
    const data = { quantity: Number(planned), actual: actual.trim() === '' ? null : Number(actual) };
    if (entry) await dp.update(RAIL_SCHEDULE_ENTRY, { id: entry.id, data: { ...data, version: entry.version }, previousData: entry });
    else await dp.create(RAIL_SCHEDULE_ENTRY, { data: { ...data, schedule: schedule.id, date: day } });
    onClose(true);
  });
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="xs">
      <DialogTitle>{dayTitle(day)} {day.slice(0, 4)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Planned cars" value={planned} onChange={(e) => setPlanned(e.target.value)} disabled={!canEdit} inputMode="numeric"
            error={!whole(planned)} helperText={whole(planned) ? ' ' : 'A whole number of cars.'} />
          <TextField label="Actual cars" value={actual} onChange={(e) => setActual(e.target.value)} disabled={!canEdit} inputMode="numeric"
            error={actual.trim() !== '' && !whole(actual)} helperText="Empty until the day has its actual cars." />
        </Stack>
      </DialogContent>
      <DialogActions>
        <CreateShipmentButton scheduleId={schedule.id} day={day} />
        <Button onClick={() => onClose(false)}>{canEdit ? 'Cancel' : 'Close'}</Button>
        {canEdit && <Button variant="contained" onClick={save} disabled={busy || bad}>Save</Button>}
      </DialogActions>
    </Dialog>
  );
}

/** "Plan days": the days of a range on the chosen weekdays, spread with the shared rule; days with an actual keep it. */
function PlanDaysDialog({ contract, schedule, onClose }: { contract: ContractFacts; schedule: Schedule; onClose(saved: boolean): void }) {
  const dp = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [from, setFrom] = useState(contract.start_date);
  const [to, setTo] = useState(contract.end_date);
  const [days, setDays] = useState([1, 2, 3, 4, 5]);
  const valid = from >= contract.start_date && to <= contract.end_date && from <= to;
  const actuals = schedule.entries.filter((e) => e.actual !== null);
  const plan: AutoScheduleResult | null = useMemo(() => {
    if (!valid) return null;
    const picked = new Set(pickDays(from, to, days));
    actuals.forEach((e) => picked.add(e.date));
    const byDate = new Map(actuals.map((e) => [e.date, e.actual]));
    return autoSchedule({ cars: contract.number_of_cars, schedule: [...picked].map((date) => ({ date, actual: byDate.get(date) ?? null })) });
  }, [valid, from, to, days, actuals, contract.number_of_cars]);
  const open = plan ? plan.schedule.filter((d) => d.actual === null) : [];
  const apply = () => run(async () => {
    await dp.callAction(RAIL_SCHEDULE, { action: 'auto_schedule', body: { schedule_id: schedule.id, schedule: plan!.schedule.map((d) => ({ date: d.date, actual: d.actual })) } });
    onClose(true);
  });
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
      <DialogTitle>Plan days</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="date" label="From" value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: contract.start_date, max: contract.end_date } }} />
            <TextField type="date" label="To" value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: contract.start_date, max: contract.end_date } }} />
          </Stack>
          <FormGroup row aria-label="Weekdays">
            {WEEKDAYS.map((w, i) => (
              <FormControlLabel key={w} label={w} control={<Checkbox checked={days.includes(i + 1)} onChange={(e) => setDays(e.target.checked ? [...days, i + 1] : days.filter((d) => d !== i + 1))} />} />
            ))}
          </FormGroup>
          {!valid && <Alert severity="warning">Choose days within the contract, {contract.start_date} to {contract.end_date}.</Alert>}
          {plan && (
            <Alert severity={open.length ? 'info' : 'warning'}>
              {open.length
                ? `${contract.number_of_cars - actuals.reduce((a, e) => a + (e.actual ?? 0), 0)} cars over ${open.length} days: ${[...new Set(open.map((d) => d.quantity))].sort((a, b) => a - b).join(' or ')} a day. The schedule becomes exactly these days; days with actual cars keep them.`
                : 'No day without actual cars in this range: nothing to spread.'}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={apply} disabled={busy || !plan}>Apply</Button>
      </DialogActions>
    </Dialog>
  );
}

export function ScheduleTab({ contract, canEdit }: { contract: ContractFacts; canEdit: boolean }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: schedule, isPending, error } = useSchedule(contract.id);
  const [month, setMonth] = useState(() => openingMonth(todayLocal(), contract.start_date, contract.end_date));
  const [day, setDay] = useState<string | null>(null);
  const [planning, setPlanning] = useState(false);
  const { busy, run } = useBusyAction();
  const editable = canEdit && contract.status !== 'cancelled';
  const refresh = () => queryClient.invalidateQueries({ queryKey: [RAIL_SCHEDULE, 'list', contract.id] });

  if (isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!schedule) return <Alert severity="info">This contract has no schedule.</Alert>;

  const byDate = new Map(schedule.entries.map((e) => [e.date, e]));
  const inContract = (d: string) => d >= contract.start_date && d <= contract.end_date;
  const first = monthOf(contract.start_date);
  const last = monthOf(contract.end_date);
  const autoScheduleStored = () => run(async () => {
    await dp.callAction(RAIL_SCHEDULE, { action: 'auto_schedule', body: { schedule_id: schedule.id } });
    notify('The remaining cars are spread over the days without actual cars.', { type: 'success' });
    await refresh();
  });
  const noOpenDay = !schedule.entries.some((e) => e.actual === null);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 1.5 }}>
        <Typography variant="body1" sx={{ flex: 1 }} data-testid="schedule-totals">
          {`${schedule.cars} cars · planned ${schedule.planned_total} · actual ${schedule.actual_total} · remaining ${schedule.remaining}`}
        </Typography>
        {editable && (
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => setPlanning(true)}>Plan days</Button>
            <Button variant="contained" onClick={autoScheduleStored} disabled={busy || noOpenDay} title={noOpenDay ? 'Plan days first: every stored day has its actual cars.' : undefined}>Auto-schedule</Button>
          </Stack>
        )}
      </Stack>
      {schedule.planned_total !== schedule.cars && schedule.entries.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>{`The days plan ${schedule.planned_total} of the contract's ${schedule.cars} cars.`}</Alert>
      )}
      {schedule.entries.length === 0 && <Alert severity="info" sx={{ mb: 1.5 }}>No day is planned yet.{editable ? ' Plan days spreads the contract\'s cars over a range of days.' : ''}</Alert>}
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => setMonth(shiftMonth(month, -1))} disabled={month <= first}><ChevronLeftIcon /></IconButton>
        <Typography variant="h6" component="h3" sx={{ flex: 1, textAlign: 'center' }}>{monthTitle(month)}</Typography>
        <IconButton aria-label="Next month" onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= last}><ChevronRightIcon /></IconButton>
      </Stack>
      {phone ? (
        <Paper variant="outlined">
          <List dense disablePadding aria-label={`Days of ${monthTitle(month)}`}>
            {monthWeeks(month).flat().filter((d) => monthOf(d) === month && inContract(d) && (byDate.has(d) || d === todayLocal())).map((d) => (
              <ListItem key={d} disablePadding>
                <ListItemButton divider onClick={() => setDay(d)}>
                <ListItemText primary={dayTitle(d)} secondary={dayLine(byDate.get(d)) || 'nothing planned'} />
              </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : (
        // A calendar grid: a row of weekday headers, then a row a week (laid out by the parent's CSS grid,
        // the rows taking no box of their own). A day's name is its date, then what it shows (the day number on screen is not read twice).
        <Box role="grid" aria-label={monthTitle(month)} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}>
          <Box role="row" sx={{ display: 'contents' }}>
            {WEEKDAYS.map((w) => <Typography key={w} role="columnheader" variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>{w}</Typography>)}
          </Box>
          {monthWeeks(month).map((week) => (
            <Box key={week[0]} role="row" sx={{ display: 'contents' }}>
              {week.map((d) => {
                const entry = byDate.get(d);
                const usable = inContract(d) && monthOf(d) === month;
                const weekend = weekday(d) >= 6;
                return (
                  <Paper key={d} role="gridcell" variant="outlined" aria-disabled={!usable} tabIndex={usable ? 0 : -1}
                    onClick={usable ? () => setDay(d) : undefined}
                    onKeyDown={usable ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setDay(d); } } : undefined}
                    sx={{
                      minHeight: 64, p: 0.75, cursor: usable ? 'pointer' : 'default', opacity: usable ? 1 : 0.4,
                      bgcolor: weekend ? 'action.hover' : undefined, '&:hover': usable ? { borderColor: 'primary.main' } : undefined,
                      '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                    }}>
                    <Box component="span" sx={visuallyHidden}>{`${d}: `}</Box>
                    <Typography variant="caption" aria-hidden sx={{ fontWeight: d === todayLocal() ? 700 : 400 }}>{Number(d.slice(8, 10))}</Typography>
                    {entry && <Typography variant="body2">{`planned ${entry.quantity}`}</Typography>}
                    {entry && entry.actual !== null && <Typography variant="body2" color="success.main">{`actual ${entry.actual}`}</Typography>}
                  </Paper>
                );
              })}
            </Box>
          ))}
        </Box>
      )}
      {day && <DayDialog day={day} entry={byDate.get(day)} schedule={schedule} canEdit={editable} onClose={(saved) => { setDay(null); if (saved) void refresh(); }} />}
      {planning && <PlanDaysDialog contract={contract} schedule={schedule} onClose={(saved) => { setPlanning(false); if (saved) void refresh(); }} />}
    </Box>
  );
}
