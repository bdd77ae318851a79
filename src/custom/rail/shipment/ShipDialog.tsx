/**
 * Ship a shipment (docs/rail.md §8.1, §11.9): the person who signs the dangerous goods
 * certification when the product is hazardous, and, when the server refuses, everything still
 * missing in one list (each message names what it is about), so the dispatcher fixes it all
 * in one pass instead of one toast at a time.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { httpBody, httpStatus } from '../../../generic/submit-errors';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { railShipment } from '../../../resources/rail/rail-shipment';

interface Props {
  shipment: Record<string, unknown>;
  hazardous: boolean;
  /** Who signs when the shipment names nobody yet: the user. */
  signer: string;
  onClose(): void;
  onShipped(answer: Record<string, unknown>): void;
}

const faultsOf = (body: unknown): [string, string][] =>
  Object.entries((body ?? {}) as Record<string, unknown>)
    .filter(([k]) => k !== 'errors')
    .flatMap(([field, v]) => (Array.isArray(v) ? v : [v]).map((m) => [field, String(m)] as [string, string]));

export function ShipDialog({ shipment, hazardous, signer, onClose, onShipped }: Props) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [person, setPerson] = useState(String(shipment.hazardous_certificate_person ?? '') || signer);
  const [faults, setFaults] = useState<[string, string][]>([]);
  const [busy, setBusy] = useState(false);
  const reship = shipment.status === 'in_correction';
  const ship = async () => {
    setBusy(true);
    try {
      const answer = await dp.callAction(railShipment.name, { id: shipment.id as number, action: 'ship', body: hazardous && person.trim() ? { hazardous_certificate_person: person.trim() } : {} });
      onShipped(answer as Record<string, unknown>);
    } catch (e) {
      if (httpStatus(e) === 400) setFaults(faultsOf(httpBody(e)));
      else notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{reship ? `Ship the corrected bill of lading ${String(shipment.bol_number)}` : 'Ship and issue the bill of lading'}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {reship
            ? 'The corrected document is issued as the next revision, and the cars count again on the ship date.'
            : 'The shipment gets its BOL number and is locked; the cars count on its ship date.'}
        </Typography>
        {hazardous && (
          <TextField label="Dangerous goods certified by" required fullWidth value={person} onChange={(e) => setPerson(e.target.value)}
            helperText="The person who signs the shipper's certification." slotProps={{ htmlInput: { maxLength: 120 } }} />
        )}
        {faults.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert" aria-label="Before shipping">
            <Typography variant="subtitle2">Before shipping:</Typography>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {faults.map(([, msg], i) => (
                <li key={i}><Typography variant="body2">{msg}</Typography></li>
              ))}
            </ul>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not now</Button>
        <Button variant="contained" disabled={busy || (hazardous && !person.trim())} onClick={() => void ship()}>{reship ? 'Ship correction' : 'Ship'}</Button>
      </DialogActions>
    </Dialog>
  );
}
