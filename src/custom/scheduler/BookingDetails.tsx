/**
 * One booking as the terminal sees it (docs/scheduler.md, Booking statuses): its details, and the
 * moves this user may make now (`get_actions/`): check in, start loading, loaded, no-show,
 * cancel with a reason; a booked one may be changed.
 */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { booking as bookingResource, BOOKING_DETAILS } from '../../resources/schedule/booking';
import { BOOKING_STATUSES } from '../../resources/schedule/common';
import { choiceWord, labelOf } from '../../resources/fields';
import { ActionDialog } from '../../generic/ActionDialog';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { StatusChip } from '../../generic/StatusChip';
import { useNotifyError } from '../../hooks/useNotifyError';
import { type Booking, type Slot, scheduleApi } from './schedule-api';

const SHOWN = ['carrier_name', 'truck_plate', 'trailer_plate', 'driver_name', 'driver_phone', 'product', 'quantity', 'reference', 'contact_email', 'notes', 'booked_by'] as const;

/** A detail's text: a reference by its label, a quantity with its unit. */
function shown(b: Booking, name: (typeof SHOWN)[number]): string | null {
  const v = b[name];
  if (v === null || v === undefined || v === '') return null;
  if (name === 'product') return String((b._labels?.product as string | undefined) ?? v);
  if (name === 'quantity') return `${String(v)} m³`;
  return String(v);
}

interface Props {
  booking: Booking; zone: string; onClose(): void; onChanged(): void;
  /** The slots shown beside it: a booked booking moves to a free one of them (a drag, without a mouse). */
  slots?: readonly Slot[];
  /** Opens the booking's slot (its loads, booking it, blocking it): where the booking covers the slot on the calendar. */
  onOpenSlot?(): void;
}

export function BookingDetails({ booking: b, zone, onClose, onChanged, onOpenSlot, slots = [] }: Props) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const api = scheduleApi(useDataProvider<AppDataProvider>());
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [step, setStep] = useState<'show' | 'change' | 'cancel' | 'move'>('show');
  const [busy, setBusy] = useState(false);
  const { data: moves, isPending } = useQuery({ queryKey: ['schedule/booking', b.id, 'get_actions', b.version], queryFn: () => api.moves(b.id) });
  const run = async (action: string, label: string) => {
    setBusy(true);
    try {
      await api.run(b.id, action);
      notify(`${label}: done`, { type: 'success' });
      onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  if (step === 'change') {
    const defaults = Object.fromEntries(Object.keys(BOOKING_DETAILS).map((k) => [k, b[k as keyof Booking] ?? undefined]));
    return <ActionDialog resource={bookingResource} action="update_booking" id={b.id} title="Change booking" submitLabel="Save" only={Object.keys(BOOKING_DETAILS)} defaults={defaults} onClose={onClose} onDone={() => { notify('Booking changed', { type: 'success' }); onChanged(); }} />;
  }
  if (step === 'move') {
    const free = slots.filter((x) => x.id !== b.slot && x.status === 'open' && x.booked < x.capacity && new Date(x.ends_at).getTime() > Date.now());
    return <MoveDialog free={free} zone={zone} onClose={onClose} onMove={(to) => api.move(b.id, to).then(() => { notify('Booking moved', { type: 'success' }); onChanged(); }, notifyError)} />;
  }
  if (step === 'cancel') {
    return <ReasonDialog title="Cancel booking" label="Reason (told to the carrier)" confirm="Cancel booking" busy={busy} onClose={onClose} onConfirm={(reason) => api.cancel(b.id, reason).then(() => { notify('Booking cancelled', { type: 'info' }); onChanged(); }, notifyError)} />;
  }
  const start = DateTime.fromISO(b.starts_at, { zone }).toFormat('cccc d LLLL yyyy, HH:mm');
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby="booking-title">
      <DialogTitle id="booking-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        Booking {b.id} <StatusChip value={b.status} label={choiceWord(BOOKING_STATUSES, b.status)} />
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>{start} ({zone})</Typography>
        {b.slot_blocked && b.status === 'booked' && <Alert severity="warning" sx={{ mb: 1 }}>Its slot was blocked: move it to another slot or cancel it.</Alert>}
        {b.cancel_reason && <Alert severity="info" sx={{ mb: 1 }}>Cancelled: {b.cancel_reason}</Alert>}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, mb: { xs: 1, sm: 0 } } }}>
          {SHOWN.map((name) => {
            const v = shown(b, name);
            return v === null ? null : [<dt key={`${name}-t`}>{labelOf(name, (bookingResource.fields as Record<string, { label?: string }>)[name])}</dt>, <dd key={`${name}-d`}>{v}</dd>];
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {isPending && <CircularProgress size={20} />}
        <Button onClick={onClose}>Close</Button>
        {onOpenSlot && <Button onClick={onOpenSlot}>Slot…</Button>}
        {b.status === 'booked' && moves?.some((m) => m.action === 'cancel_booking') && <Button onClick={() => setStep('change')}>Change…</Button>}
        {b.status === 'booked' && moves?.some((m) => m.action === 'cancel_booking') && slots.length > 0 && <Button onClick={() => setStep('move')}>Move…</Button>}
        {moves?.map((m) => (m.action === 'cancel_booking'
          ? <Button key={m.action} color="error" disabled={busy} onClick={() => setStep('cancel')}>Cancel…</Button>
          : <Button key={m.action} variant="contained" disabled={busy} onClick={() => void run(m.action, m.label)}>{m.label}</Button>))}
      </DialogActions>
    </Dialog>
  );
}

/** Another free slot of those shown, by its local time: a move without dragging (a phone). */
function MoveDialog({ free, zone, onClose, onMove }: { free: Slot[]; zone: string; onClose(): void; onMove(slot: number): void }) {
  const [to, setTo] = useState('');
  const label = (x: Slot) => `${DateTime.fromISO(x.starts_at, { zone }).toFormat('ccc d LLL, HH:mm')} (${x.capacity - x.booked} free)`;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Move booking</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {free.length
          ? <TextField select fullWidth label="To slot" value={to} onChange={(e) => setTo(e.target.value)}>{free.map((x) => <MenuItem key={x.id} value={String(x.id)}>{label(x)}</MenuItem>)}</TextField>
          : <Typography>No free slot in the days shown: show other days first.</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!to} onClick={() => onMove(Number(to))}>Move</Button>
      </DialogActions>
    </Dialog>
  );
}
