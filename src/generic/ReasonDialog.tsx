/** Asks the reason of a move (a cancel, a void): the move waits for a reason that is not blank, unless the reason is `optional` (a correction). */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

interface Props {
  title: string;
  label: string;
  /** The button that makes the move, e.g. "Cancel contract". */
  confirm: string;
  /** The button that leaves it, e.g. "Keep it". */
  keep?: string;
  busy?: boolean;
  /** The reason field's limit (the declaration's, 255 by default). */
  max?: number;
  /** The move may be made without a reason. */
  optional?: boolean;
  /** The button's colour: `error` for a move that ends something. */
  color?: 'error' | 'primary';
  onClose(): void;
  onConfirm(reason: string): void;
}

export function ReasonDialog({ title, label, confirm, keep = 'Keep it', busy = false, max = 255, optional = false, color = 'error', onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField label={label} required={!optional} autoFocus fullWidth multiline minRows={2} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: max } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{keep}</Button>
        <Button variant="contained" color={color} disabled={busy || (!optional && !reason.trim())} onClick={() => onConfirm(reason.trim())}>{confirm}</Button>
      </DialogActions>
    </Dialog>
  );
}
