/**
 * What a click on a slot of the calendar offers (docs/scheduler.md, Pages): its loads and its
 * bookings (each opens), book it, block it with a reason (its bookings' carriers are mailed), or
 * open it again.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { DateTime } from 'luxon';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { booking as bookingResource } from '../../resources/schedule/booking';
import { ActionDialog } from '../../generic/ActionDialog';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { StatusChip } from '../../generic/StatusChip';
import { choiceWord } from '../../resources/fields';
import { BOOKING_STATUSES } from '../../resources/schedule/common';
import { useNotifyError } from '../../hooks/useNotifyError';
import { type Booking, type Slot, scheduleApi } from './schedule-api';

/** The booking form's fields, the slot aside (it is this one). */
const BOOK_FIELDS = Object.keys(bookingResource.actions.create_booking.input!).filter((n) => n !== 'slot');

interface Props {
  slot: Slot; zone: string; canBook: boolean; canBlock: boolean;
  onClose(): void; onChanged(): void; onOpenBooking(b: Booking): void;
}

export function SlotMenu({ slot, zone, canBook, canBlock, onClose, onChanged, onOpenBooking }: Props) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const api = scheduleApi(useDataProvider<AppDataProvider>());
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [step, setStep] = useState<'menu' | 'book' | 'block'>('menu');
  const when = `${DateTime.fromISO(slot.starts_at, { zone }).toFormat('cccc d LLLL, HH:mm')}–${DateTime.fromISO(slot.ends_at, { zone }).toFormat('HH:mm')}`;
  const blocked = slot.status === 'blocked';
  const full = slot.booked >= slot.capacity;
  const over = new Date(slot.ends_at).getTime() <= Date.now();

  if (step === 'book') {
    return <ActionDialog resource={bookingResource} action="create_booking" title={`Book ${when}`} submitLabel="Book" only={BOOK_FIELDS} defaults={{ slot: slot.id }} onClose={onClose} onDone={() => { notify('Booked', { type: 'success' }); onChanged(); }} />;
  }
  if (step === 'block') {
    return (
      <ReasonDialog title={`Block ${when}`} label="Why (told to the carriers of its bookings)" confirm="Block slot" keep="Keep it open" onClose={onClose}
        onConfirm={(reason) => api.block([slot.id], reason).then((r) => { notify(`Blocked: ${r.flagged} booking(s) flagged, ${r.mailed} carrier(s) mailed`, { type: 'info' }); onChanged(); }, notifyError)} />
    );
  }
  const active = slot.bookings.filter((b) => b.status !== 'cancelled');
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="xs" fullWidth aria-labelledby="slot-menu-title">
      <DialogTitle id="slot-menu-title">{when}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>{slot.booked} of {slot.capacity} loads booked{blocked ? '' : `, ${Math.max(0, slot.capacity - slot.booked)} free`}.</Typography>
        {slot.volume_capacity !== null && <Typography variant="body2" sx={{ mb: 1 }}>{Number(slot.booked_volume)} of {Number(slot.volume_capacity)} m³ booked: a booking gives its quantity.</Typography>}
        {blocked && <Alert severity="warning" sx={{ mb: 1 }}>Blocked: {slot.block_reason}</Alert>}
        {active.length > 0 && (
          <List dense aria-label="Bookings of the slot">
            {active.map((b) => (
              <ListItemButton key={b.id} onClick={() => onOpenBooking(b)}>
                <ListItemText primary={[b.truck_plate, b.carrier_name].filter(Boolean).join(' · ') || `Booking ${b.id}`} secondary={b.reference} />
                <StatusChip value={b.status} label={choiceWord(BOOKING_STATUSES, b.status)} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Close</Button>
        {canBlock && (blocked
          ? <Button onClick={() => api.unblock([slot.id]).then(() => { notify('Slot open again', { type: 'success' }); onChanged(); }, notifyError)}>Unblock</Button>
          : !over && <Button color="warning" onClick={() => setStep('block')}>Block…</Button>)}
        {canBook && !blocked && !full && !over && <Button variant="contained" onClick={() => setStep('book')}>Book…</Button>}
      </DialogActions>
    </Dialog>
  );
}
