/**
 * A saved report's mailing (docs/reports.md, Scheduled mailing): to whom, how often and when on the
 * company's clock, the next mailing, and the latest ones with how each went (sent, retrying with
 * its next attempt, failed and why). "Schedule mailing" sets or stops it.
 */
import { useState } from 'react';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import { useQuery } from '@tanstack/react-query';
import { FILE_FORMATS, FREQUENCIES, type FileFormat, type Frequency, WEEKDAYS, DEFAULT_SEND_TIME, DELIVERY_STATUSES } from '../../resources/reports/report-terms';
import { choiceWord } from '../../resources/fields';
import { formatInZone } from '../../lib/time-zone';
import { useBusyAction } from '../../hooks/useBusyAction';
import type { Mailing, MailingInput, reportApi } from './report-api';

type Api = ReturnType<typeof reportApi>;

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** "Daily at 07:00", "Weekly on Friday at 06:30", "Monthly on the 31st (or the month's last day) at 07:00". */
export function scheduleText(m: Pick<Mailing, 'frequency' | 'time' | 'weekday' | 'day_of_month'>): string {
  const at = `at ${m.time ?? DEFAULT_SEND_TIME}`;
  if (m.frequency === 'daily') return `Daily ${at}`;
  if (m.frequency === 'weekly') return `Weekly on ${choiceWord(WEEKDAYS, m.weekday)} ${at}`;
  if (m.frequency === 'monthly') return `Monthly on the ${ordinal(m.day_of_month ?? 1)}${(m.day_of_month ?? 1) > 28 ? " (or the month's last day)" : ''} ${at}`;
  return 'Not mailed';
}

export function MailingPanel({ api, reportId, canChange, onScheduled }: { api: Api; reportId: number; canChange: boolean; onScheduled(): void }) {
  const { data: m, refetch } = useQuery({ queryKey: ['report-mailing', reportId], queryFn: () => api.mailing(reportId) });
  const [open, setOpen] = useState(false);
  if (!m) return null;
  return (
    <Box data-testid="report-mailing">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="body1">{scheduleText(m)}{m.frequency !== 'none' && ` (${m.time_zone}), as ${choiceWord(FILE_FORMATS, m.format)}`}</Typography>
          {m.frequency !== 'none' && (
            <Typography variant="body2" color="text.secondary">
              To {m.target.join(', ')}; runs as {m.scheduled_by ?? 'nobody'}{m.next_run_at ? `; next ${formatInZone(m.next_run_at, m.time_zone)}` : ''}.
            </Typography>
          )}
        </Box>
        {canChange && <Button variant="outlined" startIcon={<ScheduleSendIcon />} onClick={() => setOpen(true)}>Schedule mailing</Button>}
      </Stack>
      {m.deliveries.length > 0 && (
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" aria-label="Latest mailings">
            <TableHead><TableRow><TableCell>Due</TableCell><TableCell>Status</TableCell><TableCell align="right">Rows</TableCell><TableCell>Note</TableCell></TableRow></TableHead>
            <TableBody>
              {m.deliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{formatInZone(d.due_at, m.time_zone)}</TableCell>
                  <TableCell><Chip size="small" label={choiceWord(DELIVERY_STATUSES, d.status)} color={d.status === 'sent' ? 'success' : d.status === 'failed' ? 'error' : 'warning'} /></TableCell>
                  <TableCell align="right">{d.rows ?? ''}</TableCell>
                  <TableCell>{d.error ?? ''}{d.next_attempt_at ? ` Next attempt ${formatInZone(d.next_attempt_at, m.time_zone)}.` : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {open && <ScheduleDialog api={api} reportId={reportId} mailing={m} onClose={() => setOpen(false)} onDone={() => { setOpen(false); void refetch(); onScheduled(); }} />}
    </Box>
  );
}

function ScheduleDialog({ api, reportId, mailing, onClose, onDone }: { api: Api; reportId: number; mailing: Mailing; onClose(): void; onDone(): void }) {
  const [frequency, setFrequency] = useState<Frequency>(mailing.frequency === 'none' ? 'daily' : mailing.frequency);
  const [target, setTarget] = useState(mailing.target.join(', '));
  const [time, setTime] = useState(mailing.time ?? DEFAULT_SEND_TIME);
  const [weekday, setWeekday] = useState(mailing.weekday ?? '1');
  const [day, setDay] = useState(String(mailing.day_of_month ?? 1));
  const [format, setFormat] = useState<FileFormat>(mailing.format);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useBusyAction();
  const save = (stop: boolean) => void run(async () => {
    const body: MailingInput = stop ? { target: [], frequency: 'none', format } : {
      target: target.split(/[,;\s]+/).map((x) => x.trim()).filter(Boolean), frequency, time, format,
      ...(frequency === 'weekly' ? { weekday } : {}), ...(frequency === 'monthly' ? { day_of_month: Number(day) } : {}),
    };
    try {
      await api.schedule(reportId, body);
      onDone();
    } catch (e) {
      const fields = (e as { body?: Record<string, string[]> }).body;
      if (fields && typeof fields === 'object' && !('detail' in fields)) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)])));
      else throw e;
    }
  });
  const err = (k: string) => ({ error: !!errors[k], helperText: errors[k] });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="schedule-title">
      <DialogTitle id="schedule-title">Schedule mailing</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Recipients" value={target} onChange={(e) => setTarget(e.target.value)} placeholder="ops@example.com, manager@example.com" {...err('target')}
            helperText={errors.target ?? 'Email addresses, separated by commas.'} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label="How often" value={frequency} onChange={(e) => setFrequency(e.target.value as Frequency)} sx={{ minWidth: 150 }} {...err('frequency')}>
              {FREQUENCIES.filter(([v]) => v !== 'none').map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
            </TextField>
            {frequency === 'weekly' && (
              <TextField select label="On" value={weekday} onChange={(e) => setWeekday(e.target.value)} sx={{ minWidth: 150 }} {...err('weekday')}>
                {WEEKDAYS.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
              </TextField>
            )}
            {frequency === 'monthly' && (
              <TextField label="On day" type="number" value={day} onChange={(e) => setDay(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 31 } }} {...err('day_of_month')}
                helperText={errors.day_of_month ?? 'Past the month\'s last day: its last day.'} />
            )}
            <TextField label={`At (${mailing.time_zone})`} type="time" value={time} onChange={(e) => setTime(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} {...err('time')} />
          </Stack>
          <TextField select label="As" value={format} onChange={(e) => setFormat(e.target.value as FileFormat)} {...err('format')}>
            {FILE_FORMATS.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
          </TextField>
          {errors.source && <Alert severity="error">{errors.source}</Alert>}
          <Typography variant="body2" color="text.secondary">The report runs as you, with what you may read when it is mailed.</Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        {mailing.frequency !== 'none' && <Button color="error" disabled={busy} onClick={() => save(true)}>Stop mailing</Button>}
        <Button onClick={onClose} disabled={busy}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => save(false)}>Save schedule</Button>
      </DialogActions>
    </Dialog>
  );
}
