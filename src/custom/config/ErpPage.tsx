/**
 * `config/erp/` (docs/erp.md): where the company's documents go to its ERP, in the shared table. A
 * row opens its form in a dialog with "Send a test", which delivers one sample document marked as a
 * test and says how it went; Add makes one (and opens it, to test it).
 */
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Stack, type Theme, useMediaQuery } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { CreateBase, EditBase, ResourceContextProvider, Title, useCanAccess, useDataProvider, useEditContext } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { ResourceTable } from '../../table/ResourceTable';
import { ResourceForm } from '../../generic/ResourceForm';
import { EditForm } from '../../generic/GenericEdit';
import { useSubmit } from '../../generic/useSubmit';
import { useNotifyError } from '../../hooks/useNotifyError';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { erpExport } from '../../resources/accounts/erp-export';

interface TestResult { ok: boolean; message: string; status: number | null; filename: string }

function TestSend() {
  const { record, refetch } = useEditContext();
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  if (!record) return null;
  const send = async () => {
    setBusy(true);
    try {
      setResult(await dp.callAction(erpExport.name, { id: record.id, action: 'test_send', method: 'POST' }) as TestResult);
      await queryClient.invalidateQueries({ queryKey: [erpExport.name] });
      void refetch();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ px: 2, pb: 2 }}>
      <Box>
        <Button variant="outlined" startIcon={<SendIcon />} disabled={busy} onClick={() => void send()}>{busy ? 'Sending…' : 'Send a test'}</Button>
      </Box>
      {result && <Alert severity={result.ok ? 'success' : 'error'} role="status">{result.message}</Alert>}
      {!result && record.last_test_at && (
        <Alert severity={record.last_test_ok ? 'success' : 'warning'} variant="outlined">
          Last test {new Date(String(record.last_test_at)).toLocaleString()}: {String(record.last_test_message ?? '')}
        </Alert>
      )}
    </Stack>
  );
}

function ExportDialog({ id, onClose }: { id: number | 'new'; onClose(opened?: number): void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" scroll="body" fullScreen={phone}>
      <DialogTitle sx={{ pr: 6 }}>
        {id === 'new' ? 'New ERP export' : 'ERP export'}
        <IconButton aria-label="Close" onClick={() => onClose()} sx={{ position: 'absolute', right: 8, top: 8 }}><CloseIcon /></IconButton>
      </DialogTitle>
      <DialogContent sx={{ px: 0 }}>
        {id === 'new' ? (
          <CreateBase resource={erpExport.name}><CreateExport onMade={(made) => onClose(made)} /></CreateBase>
        ) : (
          <EditBase resource={erpExport.name} id={id} mutationMode="pessimistic">
            <TestSend />
            <EditForm onSaved={() => onClose()} />
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateExport({ onMade }: { onMade(id: number): void }) {
  const { submit } = useSubmit(erpExport, 'create', undefined, { onSaved: (saved) => onMade(Number(saved.id)) });
  return <ResourceForm resource={erpExport} mode="create" onSubmit={submit} />;
}

export default function ErpPage() {
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const { canAccess: canAdd } = useCanAccess({ resource: erpExport.name, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: erpExport.name, action: 'edit' });
  return (
    <ResourceContextProvider value={erpExport.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>
        <Title title="ERP" />
        <ResourceTable resource={erpExport.name} title="ERP exports" onRowClick={canEdit ? (row) => setOpen(Number(row.id)) : undefined}
          toolbar={canAdd ? <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setOpen('new')}>Add</Button> : null} />
      </Box>
      {/* A new export opens its own dialog once made, so it can be tested at once. */}
      {open !== null && <ExportDialog id={open} onClose={(made) => setOpen(made ?? null)} />}
    </ResourceContextProvider>
  );
}
