/**
 * The fleet table's bulk buttons (docs/fleet.md, Bulk changes): Add cars (pasted marks and numbers,
 * one fleet status for all, `car/bulk_create/`) and Change status of the selected cars
 * (`car/bulk_update/`). Both are all or nothing on the server: a refusal lists each car's fault in
 * the dialog, which keeps what was typed so it can be corrected and sent again.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useCanAccess, useDataProvider, useGetMany, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { httpBody } from '../../generic/submit-errors';
import { useBusyAction } from '../../hooks/useBusyAction';
import { countLabel } from '../../lib/format';
import { car, FLEET_STATUSES, MAX_BULK_CARS } from '../../resources/fleet/car';
import { TableButton } from '../../table/TableButton';
import { carBulkFaults } from './car-bulk-errors';
import { carEntries } from '../../lib/reporting-mark';


function StatusSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <TextField select label="Fleet status" value={value} onChange={(e) => onChange(e.target.value)} sx={{ mt: 2 }}>
      {FLEET_STATUSES.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
    </TextField>
  );
}

function useBulkCall() {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [faults, setFaults] = useState<string[] | null>(null);
  const call = (method: 'POST' | 'PUT', action: string, body: unknown, names: string[], done: (answer: Record<string, unknown>) => string, close: () => void) => run(async () => {
    setFaults(null);
    try {
      const answer = (await dp.callAction(car.name, { action, method, body })) as Record<string, unknown>;
      notify(done(answer), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [car.name] });
      close();
    } catch (e) {
      const listed = carBulkFaults(httpBody(e), names);
      if (!listed) throw e;
      setFaults(listed);
    }
  });
  return { busy, faults, setFaults, call };
}

function Faults({ faults }: { faults: string[] | null }) {
  if (!faults) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      Nothing was changed. {faults.length === 1 ? 'One fault' : `${faults.length} faults`}:
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>{faults.slice(0, 50).map((f) => <li key={f}>{f}</li>)}</ul>
    </Alert>
  );
}

export function AddCarsButton() {
  const { canAccess } = useCanAccess({ resource: car.name, action: 'create' });
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [status, setStatus] = useState('P');
  const { busy, faults, setFaults, call } = useBulkCall();
  if (!canAccess) return null;
  const entries = carEntries(text);
  const close = () => { setOpen(false); setText(''); setFaults(null); };
  return (
    <>
      <TableButton label="Add cars" icon={<PlaylistAddIcon />} tooltip="Add many cars at once by mark and number" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
        <DialogTitle>Add cars to the fleet</DialogTitle>
        <DialogContent>
          <TextField
            label="Cars" multiline minRows={5} maxRows={14} fullWidth autoFocus value={text} onChange={(e) => setText(e.target.value)}
            helperText={`Mark and number, one a line or separated by commas: TILX 123456. Up to ${MAX_BULK_CARS.toLocaleString('en-CA')}.`}
            sx={{ mt: 1 }}
          />
          <StatusSelect value={status} onChange={setStatus} />
          <Faults faults={faults} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>Cancel</Button>
          <Button variant="contained" disabled={busy || entries.length === 0} onClick={() => void call('POST', 'bulk_create', { cars: entries, status }, entries,
            (a) => `Added ${countLabel(Number(a.created), 'car')}`, close)}>
            {entries.length ? `Add ${countLabel(entries.length, 'car')}` : 'Add'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ChangeStatusButton({ ids }: { ids: (string | number)[] }) {
  const { canAccess } = useCanAccess({ resource: car.name, action: 'edit' });
  const [open, setOpen] = useState(false);
  // The selected cars by mark and number, for the faults of a refusal.
  const { data } = useGetMany(car.name, { ids }, { enabled: open && ids.length > 0 });
  const labels = ids.map((id) => car.choiceLabel(data?.find((c) => String(c.id) === String(id)) ?? { mark: 'Car', number: id }));
  const [status, setStatus] = useState('P');
  const { busy, faults, setFaults, call } = useBulkCall();
  if (!canAccess) return null;
  const close = () => { setOpen(false); setFaults(null); };
  return (
    <>
      <TableButton label="Change status" icon={<EditNoteIcon />} disabled={ids.length === 0} tooltip={ids.length ? `Set the fleet status of ${countLabel(ids.length, 'selected car')}` : 'Select cars first'} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
        <DialogTitle>Fleet status of {countLabel(ids.length, 'car')}</DialogTitle>
        <DialogContent>
          <StatusSelect value={status} onChange={setStatus} />
          <Faults faults={faults} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={() => void call('PUT', 'bulk_update', { cars: ids.map((id) => ({ id: Number(id), fleet_status: status })) }, labels,
            (a) => `Changed ${countLabel(Number(a.updated), 'car')}`, close)}>Change</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
