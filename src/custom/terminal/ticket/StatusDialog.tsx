/** Choosing a ticket status (bulk) or confirming one move; a void needs a reason. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { statusLabel } from './ticket-moves';

interface Props {
  open: boolean;
  title: string;
  /** Offered targets; with one, no choice is shown. */
  targets: string[];
  busy?: boolean;
  onCancel(): void;
  onConfirm(status: string, voidReason?: string): void;
}

export function StatusDialog({ open, title, targets, busy, onCancel, onConfirm }: Props) {
  const [status, setStatus] = useState(targets[0] ?? '');
  const [reason, setReason] = useState('');
  const chosen = targets.length === 1 ? targets[0] : status;
  const needsReason = chosen === 'void';
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {targets.length > 1 && (
          <TextField select label="New status" value={status} onChange={(e) => setStatus(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'status-select' } }}>
            {targets.map((t) => <MenuItem key={t} value={t}>{statusLabel(t)}</MenuItem>)}
          </TextField>
        )}
        {needsReason && <TextField label="Reason for voiding" required autoFocus value={reason} onChange={(e) => setReason(e.target.value)} multiline minRows={2} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={busy || !chosen || (needsReason && !reason.trim())} onClick={() => onConfirm(chosen, needsReason ? reason.trim() : undefined)}>
          {needsReason ? 'Void' : 'Change status'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
