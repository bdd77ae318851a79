/**
 * Upload a CSV of cars onto a shipment (docs/loading.md, Bulk car upload): the file is read in the
 * browser (src/lib/car-csv.ts) and each row's faults are shown, by line and field, before anything
 * is sent (car-upload-check.ts); the server checks it all again, and against the open shipments,
 * and adds all the cars or none, its faults shown the same way.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { httpBody, httpStatus } from '../../../generic/submit-errors';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { type CarCsv, parseCarCsv } from '../../../lib/car-csv';
import { formatDecimal } from '../../../lib/format';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { carUploadFaults, type RowFault, sayFault, serverFaults } from './car-upload-check';

const PREVIEW = 8;
const SHOWN_FAULTS = 12;

interface Props { shipment: Record<string, unknown>; onClose(): void; onAdded(count: number): void }

export function UploadCarsDialog({ shipment, onClose, onAdded }: Props) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [file, setFile] = useState<{ f: File; csv: CarCsv; faults: RowFault[] } | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const read = async (f: File | undefined) => {
    if (!f) return;
    const csv = parseCarCsv(await f.text());
    setFile({ f, csv, faults: carUploadFaults(csv) });
    setRefused([]);
  };
  const problems = file ? [...file.csv.problems, ...file.csv.unknown.map((c) => `Column "${c}" is not a field of a loaded car.`), ...file.faults.map(sayFault)] : [];
  const send = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('rail_shipment', String(shipment.id));
      form.append('file', file.f, file.f.name);
      const answer = await dp.callAction(loadedRailCar.name, { action: 'bulk_create', body: form }) as { created: number };
      onAdded(answer.created);
    } catch (e) {
      if (httpStatus(e) === 400) {
        const body = httpBody(e) as Record<string, unknown>;
        const rows = serverFaults(body).map(sayFault);
        const rest = Object.entries(body ?? {}).filter(([k]) => k !== 'rows' && k !== 'errors').flatMap(([, v]) => (Array.isArray(v) ? v : [v]).map(String));
        setRefused([...rest, ...rows]);
      } else notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const list = (items: string[], label: string) => (
    <Alert severity="error" sx={{ mt: 2 }} role="alert" aria-label={label}>
      <Typography variant="subtitle2">{label}: fix the file and choose it again.</Typography>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {items.slice(0, SHOWN_FAULTS).map((m, i) => <li key={i}><Typography variant="body2">{m}</Typography></li>)}
        {items.length > SHOWN_FAULTS && <li><Typography variant="body2">and {items.length - SHOWN_FAULTS} more.</Typography></li>}
      </ul>
    </Alert>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Upload cars onto {railShipment.choiceLabel(shipment)}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A CSV with a header line (Car, or Mark and Number; Seal, Shell capacity, Outage, Temp F, Density, …) and one car a line.
        </Typography>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {file ? `File: ${file.f.name}` : 'Choose a CSV file'}
          <input hidden type="file" accept=".csv,.txt,text/csv" data-testid="cars-file" onChange={(e) => { void read(e.target.files?.[0]); e.target.value = ''; }} />
        </Button>
        {file && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>{file.csv.rows.length.toLocaleString('en-US')} cars read{problems.length ? `; ${problems.length} to fix` : ''}</Typography>
            {problems.length > 0 && list(problems, 'Not sent')}
            <Table size="small" aria-label="First cars of the file" sx={{ mt: 1 }}>
              <TableHead><TableRow><TableCell>Line</TableCell><TableCell>Car</TableCell><TableCell align="right">Shell (gal)</TableCell><TableCell align="right">Outage (gal)</TableCell><TableCell align="right">Temp (°F)</TableCell></TableRow></TableHead>
              <TableBody>
                {file.csv.rows.slice(0, PREVIEW).map((r) => (
                  <TableRow key={r.line}>
                    <TableCell>{r.line}</TableCell>
                    <TableCell>{`${(r.values.car_mark ?? '').toUpperCase()} ${r.values.car_number ?? ''}`}</TableCell>
                    <TableCell align="right">{formatDecimal(r.values.shell_capacity)}</TableCell>
                    <TableCell align="right">{formatDecimal(r.values.volume_outage)}</TableCell>
                    <TableCell align="right">{r.values.load_temperature ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        {refused.length > 0 && list(refused, 'Nothing was added')}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!file || problems.length > 0 || busy} onClick={() => void send()}>
          {file && !problems.length ? `Upload ${file.csv.rows.length.toLocaleString('en-US')} cars` : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
