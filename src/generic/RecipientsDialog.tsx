/**
 * Asking whom to mail documents to (tickets, bills of lading): addresses separated by commas,
 * semicolons or spaces; Send is enabled once there is one and nothing is under way.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

/** `a@x.test, b@y.test; c@z.test` -> the addresses. */
export const splitRecipients = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

export function RecipientsDialog({ open, title, help, busy, onCancel, onSend }: {
  open: boolean; title: string; help: string; busy: boolean; onCancel(): void; onSend(recipients: string[]): void;
}) {
  const [text, setText] = useState('');
  const to = splitRecipients(text);
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField label="Recipients" fullWidth autoFocus value={text} onChange={(e) => setText(e.target.value)} helperText={help} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={busy || !to.length} onClick={() => onSend(to)}>Send</Button>
      </DialogActions>
    </Dialog>
  );
}
