/**
 * Paste cars onto a shipment (docs/rail.md §6.3, §11.9): one car a line as people type them or a
 * spreadsheet copies them; `add_cars/` adds them all or none. When it refuses, every bad line's
 * message (its number and what is wrong) is listed under the text, which stays as pasted, so the
 * lines are fixed in place and sent again.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { httpBody, httpStatus } from '../../../generic/submit-errors';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { readCarLines } from '../../../lib/car-lines';
import { railShipment } from '../../../resources/rail/rail-shipment';
import type { TextField as TextDecl } from '../../../resources/fields';

const ACTION = railShipment.actions.add_cars;
const INPUT = ACTION.input!.cars as TextDecl;

/** Every message of a refusal, whatever field it is on (the lines', or the shipment's status). */
const messagesOf = (body: unknown): string[] =>
  Object.entries((body ?? {}) as Record<string, unknown>).filter(([k]) => k !== 'errors').flatMap(([, v]) => (Array.isArray(v) ? v : [v]).map(String));

interface Props { shipment: Record<string, unknown>; onClose(): void; onAdded(count: number): void }

export function PasteCarsDialog({ shipment, onClose, onAdded }: Props) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [text, setText] = useState('');
  const [faults, setFaults] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // The count the button offers is read by the server's rule; the server still decides.
  const count = readCarLines(text).cars.length;
  const add = async () => {
    setBusy(true);
    try {
      const answer = await dp.callAction(railShipment.name, { id: shipment.id as number, action: 'add_cars', body: { cars: text } }) as { cars: unknown[] };
      onAdded(answer.cars.length);
    } catch (e) {
      if (httpStatus(e) === 400) setFaults(messagesOf(httpBody(e)));
      else notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Paste cars onto {railShipment.choiceLabel(shipment)}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField label="Cars, one a line" autoFocus fullWidth multiline minRows={6} maxRows={16} value={text} helperText={INPUT.help}
          onChange={(e) => { setText(e.target.value); }}
          slotProps={{ htmlInput: { maxLength: INPUT.max, spellCheck: false, style: { fontFamily: 'monospace' } } }} />
        {faults.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert" aria-label="Cars not added">
            <Typography variant="subtitle2">Nothing was added. Fix these lines and add again:</Typography>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {faults.map((m, i) => <li key={i}><Typography variant="body2">{m}</Typography></li>)}
            </ul>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void add()}>
          {count ? `Add ${count} ${count === 1 ? 'car' : 'cars'}` : 'Add cars'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
