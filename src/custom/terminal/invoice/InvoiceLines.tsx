/**
 * What an invoice's page adds (docs/terminal.md, Invoice screens): Print (the PDF in a new
 * tab) and its lines in the shared table, each ticket a link. The totals are the record's own
 * fields above; the lines are what they add up.
 */
import { Box, Button, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_TICKET_INVOICE_LINE } from '../../../resources/terminal/common';
import { ResourceTable } from '../../../table/ResourceTable';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { invoiceApi } from './invoice-api';

export function InvoiceLinesOfRecord() {
  const record = useRecordContext();
  const api = invoiceApi(useDataProvider<AppDataProvider>());
  const { busy, run } = useBusyAction();
  if (!record?.id) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, pt: 0 }} data-testid="invoice-lines">
      <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>Lines</Typography>
        <Button variant="outlined" size="small" startIcon={<PrintIcon />} disabled={busy} onClick={() => void run(async () => { await api.print(record.id); })}>
          Print invoice
        </Button>
      </Stack>
      <ResourceTable embedded resource={TB_TICKET_INVOICE_LINE} table="invoice-lines" title="Lines" permanentFilter={{ invoice: record.id }} opensRecords={false} />
    </Box>
  );
}
