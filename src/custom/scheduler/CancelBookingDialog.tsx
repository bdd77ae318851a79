/** Cancel a booking made with the link: the reason is required, and told to the terminal. */
import { type FormEvent, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { httpBody, httpStatus, splitSubmitErrors } from '../../generic/submit-errors';
import { plainMessage } from '../../notify/error-toasts';
import { type LinkBooking, cancelBooking } from './booking-link-api';
import { whenAt } from './booking-times';

interface Props { token: string; booking: LinkBooking; zone: string; onClose(): void; onDone(booking: LinkBooking): void; onStale(): void }

export function CancelBookingDialog({ token, booking, zone, onClose, onDone, onStale }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) { setError('Say why, so the terminal knows.'); return; }
    setBusy(true);
    setError(null);
    setProblem(null);
    try {
      onDone(await cancelBooking(token, booking.id, reason.trim()));
    } catch (err) {
      const status = httpStatus(err);
      const { fields, rest } = status === 400 ? splitSubmitErrors(httpBody(err), ['reason']) : { fields: {}, rest: {} };
      if (fields.reason) setError(fields.reason);
      if (status !== 400 || Object.keys(rest).length) setProblem(status === 400 ? Object.values(rest).join('\n') : plainMessage(err, 'The booking could not be cancelled. Try again.'));
      if (status === 409 || status === 404) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>Cancel the booking of {whenAt(booking.starts_at, zone)}?</DialogTitle>
      <DialogContent>
        <form id="cancel-form" noValidate onSubmit={(e) => void submit(e)}>
          <DialogContentText sx={{ mb: 2 }}>The slot is given back for others to book.</DialogContentText>
          {problem && <Alert severity="error" sx={{ mb: 2 }}>{problem}</Alert>}
          <TextField name="reason" label="Reason" required fullWidth autoFocus value={reason} onChange={(e) => setReason(e.target.value)}
            error={!!error} helperText={error ?? 'Told to the terminal.'} slotProps={{ htmlInput: { maxLength: 255 } }} />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>Keep it</Button>
        <Button type="submit" form="cancel-form" color="error" variant="contained" disabled={busy}>Cancel booking</Button>
      </DialogActions>
    </Dialog>
  );
}
