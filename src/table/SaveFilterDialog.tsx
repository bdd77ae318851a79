/** "Enter filter name:" (docs/table.md, Saved filters): prefilled with the selected filter, OK disabled while empty, Enter confirms. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';

export interface SaveFilterDialogProps {
  open: boolean;
  initialName: string;
  existingNames: string[];
  onCancel(): void;
  onSave(name: string): void;
}

export function SaveFilterDialog({ open, initialName, existingNames, onCancel, onSave }: SaveFilterDialogProps) {
  return open ? <SaveFilterForm initialName={initialName} existingNames={existingNames} onCancel={onCancel} onSave={onSave} /> : null;
}

/** Mounted only while open, so the name starts from the selected filter each time. */
function SaveFilterForm({ initialName, existingNames, onCancel, onSave }: Omit<SaveFilterDialogProps, 'open'>) {
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const overwrites = trimmed !== '' && existingNames.includes(trimmed);
  const submit = () => { if (trimmed) onSave(trimmed); };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>Enter filter name:</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus fullWidth margin="dense" label="Filter name" value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); submit(); } }}
        />
        {overwrites && <Typography color="error" variant="body2">This will overwrite the saved filter with the same name.</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!trimmed} onClick={submit}>OK</Button>
      </DialogActions>
    </Dialog>
  );
}
