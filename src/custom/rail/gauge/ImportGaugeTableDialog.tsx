/**
 * Import a gauge table from the CSV a car owner sends (docs/loading.md, Importing a table): the
 * file is read in the browser (src/lib/gauge-csv.ts), its header guesses the kind and units, and
 * the preview shows each bad line and row by the server's own rule before anything is sent. The
 * server checks it all again and writes all of it or nothing; its messages show here. A new table
 * is for a car (mark and number) or a class; an existing one gets its rows replaced.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider } from 'react-admin';
import { type DepthKind, type DepthUnit, type VolumeUnit, DEPTH_KINDS, DEPTH_UNITS, gaugeRowErrors, VOLUME_UNITS } from '../../../lib/gauge-table';
import { type GaugeCsv, parseGaugeCsv } from '../../../lib/gauge-csv';
import { formatDecimal } from '../../../lib/format';
import { errorPayload, plainMessage } from '../../../notify/error-toasts';
import { gaugeTable } from '../../../resources/rail/gauge-table';
import type { GaugeTableRecord } from './GaugeTableView';

const PREVIEW = 8;

interface Props {
  open: boolean;
  /** The table whose rows the file replaces; without it a new table is made. */
  replacing?: GaugeTableRecord | null;
  /** A car the new table is for, when the page was looking at one. */
  car?: { mark: string; number: string } | null;
  onClose(): void;
  onSaved(table: GaugeTableRecord): void;
}

export function ImportGaugeTableDialog({ open, replacing, car, onClose, onSaved }: Props) {
  const dp = useDataProvider();
  const [file, setFile] = useState<{ name: string; csv: GaugeCsv } | null>(null);
  const [name, setName] = useState(car ? `${car.mark} ${car.number}` : '');
  const [mark, setMark] = useState(car?.mark ?? '');
  const [number, setNumber] = useState(car?.number ?? '');
  const [kind, setKind] = useState<DepthKind>(replacing?.depth_kind ?? 'outage');
  const [depthUnit, setDepthUnit] = useState<DepthUnit>(replacing?.depth_unit ?? 'in');
  const [volumeUnit, setVolumeUnit] = useState<VolumeUnit>(replacing?.volume_unit ?? 'gal');
  const [source, setSource] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const read = async (f: File | undefined) => {
    if (!f) return;
    const csv = parseGaugeCsv(await f.text());
    setFile({ name: f.name, csv });
    setRefused([]);
    if (csv.guess.depth_kind) setKind(csv.guess.depth_kind);
    if (csv.guess.depth_unit) setDepthUnit(csv.guess.depth_unit);
    if (csv.guess.volume_unit) setVolumeUnit(csv.guess.volume_unit);
    if (!replacing && !name) setName(f.name.replace(/\.[^.]+$/, ''));
  };

  // The rows' rule as the server applies it, with each row's line in the file beside its number.
  const rowErrors = file ? gaugeRowErrors({ depth_kind: kind, depth_unit: depthUnit, volume_unit: volumeUnit, rows: file.csv.rows })
    .map((m) => m.replace(/^Row (\d+):/, (_, n: string) => `Row ${n} (line ${file.csv.lines[Number(n) - 1]}):`)) : [];
  const problems = file ? [...file.csv.problems, ...rowErrors] : [];
  const ready = !!file && !problems.length && (replacing || name.trim() !== '');

  const save = async () => {
    if (!file) return;
    setSaving(true);
    setRefused([]);
    const shape = { depth_kind: kind, depth_unit: depthUnit, volume_unit: volumeUnit, rows: file.csv.rows };
    try {
      const { data } = replacing
        ? await dp.update(gaugeTable.name, { id: replacing.id, data: { ...shape, ...(source ? { source } : {}), version: replacing.version }, previousData: replacing })
        : await dp.create(gaugeTable.name, { data: { ...shape, name: name.trim(), source: source || null, car_mark: mark.trim() || null, car_number: number.trim() === '' ? null : Number(number) } });
      onSaved(data as GaugeTableRecord);
    } catch (e) {
      const body = errorPayload(e);
      const fields = body && typeof body === 'object' ? Object.entries(body as Record<string, unknown>) : [];
      setRefused(fields.length ? fields.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((m) => (k === 'rows' || k === 'non_field_errors' ? String(m) : `${k.replace(/_/g, ' ')}: ${String(m)}`))) : [plainMessage(e, 'The table could not be saved.')]);
    } finally {
      setSaving(false);
    }
  };

  const select = (label: string, value: string, set: (v: never) => void, choices: readonly (readonly [string, string])[]) => (
    <TextField select size="small" label={label} value={value} onChange={(e) => set(e.target.value as never)} sx={{ minWidth: 150 }}>
      {choices.map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
    </TextField>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="gauge-import-title">
      <DialogTitle id="gauge-import-title">{replacing ? `Replace the rows of ${replacing.name}` : 'Import a gauge table'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            A CSV of two columns, the reading and the volume of liquid at it, one row a line, the reading increasing. A header line such as "Outage (in), US gal" sets the kind and units.
          </Typography>
          <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
            {file ? `File: ${file.name}` : 'Choose a CSV file'}
            <input hidden type="file" accept=".csv,.txt,text/csv" data-testid="gauge-file" onChange={(e) => { void read(e.target.files?.[0]); e.target.value = ''; }} />
          </Button>
          {!replacing && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField size="small" label="Name" required value={name} onChange={(e) => setName(e.target.value)} sx={{ flex: 2 }} />
              <TextField size="small" label="Reporting mark" value={mark} onChange={(e) => setMark(e.target.value.toUpperCase())} helperText="A car's own table; empty for a class" sx={{ flex: 1 }} />
              <TextField size="small" label="Car number" value={number} onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ flex: 1 }} />
            </Stack>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {select('Reading', kind, setKind, DEPTH_KINDS)}
            {select('Reading unit', depthUnit, setDepthUnit, DEPTH_UNITS)}
            {select('Volume unit', volumeUnit, setVolumeUnit, VOLUME_UNITS)}
            <TextField size="small" label="Source" value={source} onChange={(e) => setSource(e.target.value)} placeholder="Owner's certificate 44-123" sx={{ flex: 1 }} />
          </Stack>
          {file && (
            <>
              <Typography variant="subtitle2">{file.csv.rows.length.toLocaleString('en-US')} rows read{problems.length ? `; ${problems.length} to fix` : ''}</Typography>
              {problems.length > 0 && (
                <Alert severity="error" data-testid="gauge-import-problems">
                  {problems.slice(0, 10).map((p) => <div key={p}>{p}</div>)}
                  {problems.length > 10 && <div>and {problems.length - 10} more.</div>}
                </Alert>
              )}
              <Table size="small" aria-label="First rows of the file">
                <TableHead><TableRow><TableCell>Line</TableCell><TableCell align="right">Reading ({depthUnit})</TableCell><TableCell align="right">Volume ({volumeUnit})</TableCell></TableRow></TableHead>
                <TableBody>
                  {file.csv.rows.slice(0, PREVIEW).map((r, i) => (
                    <TableRow key={i}><TableCell>{file.csv.lines[i]}</TableCell><TableCell align="right">{formatDecimal(r.depth)}</TableCell><TableCell align="right">{formatDecimal(r.volume)}</TableCell></TableRow>
                  ))}
                </TableBody>
              </Table>
              {file.csv.rows.length > PREVIEW && <Typography variant="caption" color="text.secondary">and {file.csv.rows.length - PREVIEW} more rows.</Typography>}
            </>
          )}
          {refused.length > 0 && <Alert severity="error" data-testid="gauge-import-refused">{refused.map((m) => <div key={m}>{m}</div>)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!ready || saving} onClick={() => void save()}>{replacing ? 'Replace rows' : 'Save table'}</Button>
      </DialogActions>
    </Dialog>
  );
}
