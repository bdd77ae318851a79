/**
 * What a bill of lading says, as read from its file or typed by a person (docs/documents.md,
 * Documents): saved with the document's version, and matched again on the server. The server's
 * refusals show on their fields.
 */
import { useState } from 'react';
import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { type RaRecord, useDataProvider, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { httpBody } from '../../generic/submit-errors';
import { useBusyAction } from '../../hooks/useBusyAction';
import { billOfLading } from '../../resources/documents/bill-of-lading';
import { carEntries } from '../../lib/reporting-mark';

const TEXTS = [['bol_number', 'BOL number'], ['shipper', 'Shipper'], ['consignee', 'Consignee'], ['origin', 'Origin'], ['destination', 'Destination']] as const;

export function BolForm({ record, mayChange, onSaved }: { record: RaRecord; mayChange: boolean; onSaved(): Promise<unknown> }) {
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const initial = () => ({
    ...Object.fromEntries(TEXTS.map(([f]) => [f, String(record[f] ?? '')])),
    bol_date: String(record.bol_date ?? ''),
    cars: ((record.cars ?? []) as string[]).join(', '),
  });
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () => run(async () => {
    setErrors({});
    const data: Record<string, unknown> = { ...Object.fromEntries(TEXTS.map(([f]) => [f, values[f].trim() || null])), bol_date: values.bol_date || null, cars: carEntries(values.cars) };
    try {
      await dp.update(billOfLading.name, { id: record.id, data: { ...data, version: record.version }, previousData: record });
      notify('Saved and matched again', { type: 'success' });
      await onSaved();
    } catch (e) {
      const body = httpBody(e) as Record<string, unknown> | undefined;
      const fields = body ? Object.fromEntries(Object.entries(body).filter(([, v]) => Array.isArray(v)).map(([k, v]) => [k, (v as string[]).join(' ')])) : {};
      if (Object.keys(fields).length) setErrors(fields); else throw e;
    }
  });
  const field = (name: string, label: string, extra: object = {}) => (
    <TextField key={name} label={label} value={values[name]} disabled={!mayChange || busy} error={Boolean(errors[name])} helperText={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))} size="small" {...extra} />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>What it says</Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('bol_number', 'BOL number')}
        {field('bol_date', 'BOL date', { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
        {TEXTS.slice(1).map(([f, l]) => field(f, l))}
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          {field('cars', 'Cars', { fullWidth: true, helperText: errors.cars ?? 'Mark and number, separated by commas: TILX 123456, GATX 55.' })}
        </Box>
      </Box>
      {mayChange && <Button variant="contained" sx={{ mt: 2 }} disabled={busy} onClick={() => void save()}>Save and match</Button>}
    </Paper>
  );
}
