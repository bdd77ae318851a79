/**
 * `rail/gaugeTableView/` (docs/loading.md, The gauge table page): pick a car by its reporting mark
 * and number and see the table it is gauged by (its own, else its fleet class's: `for_car/`), or
 * pick any of the company's tables from the list; the table's chart, a reading to try and its
 * rows. Who may add tables imports one from a CSV, or replaces a table's rows. The address holds
 * what is looked at (`?mark=&number=` or `?table=`), so it can be shared and survives a reload.
 */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SearchIcon from '@mui/icons-material/Search';
import { Title, useCanAccess, useGetOne } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { plainMessage } from '../../../notify/error-toasts';
import { gaugeTable } from '../../../resources/rail/gauge-table';
import { ResourceTable } from '../../../table/ResourceTable';
import { GaugeTableView, type GaugeTableRecord } from './GaugeTableView';
import { ImportGaugeTableDialog } from './ImportGaugeTableDialog';
import { useCarGaugeTable } from './useCarGaugeTable';

export default function GaugeTablesPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const mark = params.get('mark') ?? '';
  const number = params.get('number') ?? '';
  const tableId = params.get('table');
  const [typedMark, setTypedMark] = useState(mark);
  const [typedNumber, setTypedNumber] = useState(number);
  const [importing, setImporting] = useState<'new' | 'replace' | null>(null);
  const { canAccess: mayAdd } = useCanAccess({ resource: gaugeTable.name, action: 'create' });
  const { canAccess: mayChange } = useCanAccess({ resource: gaugeTable.name, action: 'edit' });

  const byCar = useCarGaugeTable(mark, number, !tableId);
  const byId = useGetOne<GaugeTableRecord>(gaugeTable.name, { id: Number(tableId) }, { enabled: !!tableId, retry: false });
  const shown = tableId ? byId.data : byCar.data?.table;
  const via = tableId ? undefined : byCar.data?.via;
  const pending = tableId ? byId.isPending : byCar.isFetching;
  const error = tableId ? byId.error : byCar.error;

  const find = () => {
    const m = typedMark.trim().toUpperCase();
    const n = typedNumber.trim();
    if (m && n) setParams({ mark: m, number: n });
  };
  const saved = (t: GaugeTableRecord) => {
    setImporting(null);
    void queryClient.invalidateQueries({ queryKey: [gaugeTable.name] });
    setParams({ table: String(t.id) });
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Gauge tables" />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>A car's gauge table</Typography>
          <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={(e) => { e.preventDefault(); find(); }}>
            <TextField size="small" label="Reporting mark" sx={{ width: { sm: 150 } }} value={typedMark} onChange={(e) => setTypedMark(e.target.value.toUpperCase())} slotProps={{ htmlInput: { maxLength: 4, autoCapitalize: 'characters' } }} />
            <TextField size="small" label="Car number" sx={{ width: { sm: 170 } }} value={typedNumber} onChange={(e) => setTypedNumber(e.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }} />
            <Button type="submit" variant="contained" sx={{ whiteSpace: 'nowrap' }} startIcon={<SearchIcon />} disabled={!typedMark.trim() || !typedNumber.trim()}>Find table</Button>
            {mayAdd && <Button variant="outlined" sx={{ whiteSpace: 'nowrap' }} startIcon={<UploadFileIcon />} onClick={() => setImporting('new')}>Import a table</Button>}
          </Stack>
        </Paper>
        {pending && (mark || tableId) && <CircularProgress size={24} />}
        {error && !pending && (
          <Alert severity="info" data-testid="gauge-none"
            action={mayAdd && !tableId ? <Button color="inherit" size="small" onClick={() => setImporting('new')}>Import its table</Button> : undefined}>
            {plainMessage(error, 'The gauge table could not be read.')}
          </Alert>
        )}
        {shown && !pending && (
          <GaugeTableView table={shown} via={via}
            actions={mayChange ? <Button variant="outlined" size="small" startIcon={<UploadFileIcon />} onClick={() => setImporting('replace')}>Replace rows</Button> : undefined} />
        )}
        <ResourceTable resource={gaugeTable.name} title="All gauge tables" onRowClick={(row) => setParams({ table: String(row.id) })} />
      </Stack>
      {importing && (
        <ImportGaugeTableDialog open replacing={importing === 'replace' ? shown : null}
          car={importing === 'new' && mark && number && !tableId ? { mark, number } : null}
          onClose={() => setImporting(null)} onSaved={saved} />
      )}
    </Box>
  );
}
