/** The filter-import dialog (docs/table.md, Filter import): paste values, split them, add them to or replace the column's filter. */
import { useMemo, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { type Separator, SEPARATORS, pickSeparator, splitValues } from './import-split';

export interface FilterImportDialogProps {
  open: boolean;
  title?: string;
  onCancel(): void;
  /** `only`: replace the column's filter with these values. */
  onImport(values: string[], only: boolean): void;
}

export function FilterImportDialog(props: FilterImportDialogProps) {
  return props.open ? <ImportForm {...props} /> : null;
}

function ImportForm({ title = 'Enter filter values:', onCancel, onImport }: FilterImportDialogProps) {
  const [text, setText] = useState('');
  // Until the user picks a separator, the one yielding the most pieces is used.
  const [chosen, setChosen] = useState<Separator | null>(null);
  const separator = chosen ?? pickSeparator(text);
  const values = useMemo(() => splitValues(text, separator), [text, separator]);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth multiline minRows={6} maxRows={16} margin="dense" label="Values" value={text} onChange={(e) => setText(e.target.value)} />
        <FormLabel id="split-on">Split on:</FormLabel>
        <RadioGroup row aria-labelledby="split-on" value={separator} onChange={(e) => setChosen(e.target.value as Separator)}>
          {SEPARATORS.map((s) => <FormControlLabel key={s.value} value={s.value} control={<Radio size="small" />} label={s.label} />)}
        </RadioGroup>
        <Typography variant="body2" aria-live="polite">{values.length} to import</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button disabled={!values.length} onClick={() => onImport(values, false)}>Add values to filter</Button>
        <Button variant="contained" disabled={!values.length} onClick={() => onImport(values, true)}>Only these values</Button>
      </DialogActions>
    </Dialog>
  );
}
