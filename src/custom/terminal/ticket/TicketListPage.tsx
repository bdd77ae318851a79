/**
 * `v3/ticket/`: the shared table of tickets with a filter bar for the common filters (date range,
 * status, site, product, shipper; the table's own filters, so chips, saved filters and exports
 * follow them), bulk selection and the bulk actions (docs/terminal.md, Screens): change status (all
 * or nothing; a void needs a reason), print selected (a zip of PDFs, or one PDF with the tickets one
 * after another) and email selected. 400 answers (`{status: [...]}`, `{ticket_ids: [...]}`) show as
 * error toasts. A print or mail of many tickets is a server job: its progress shows above the list,
 * and a print's file downloads when it is done.
 */
import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { useNavigate } from 'react-router-dom';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../../routes/define-route';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_TICKET } from '../../../resources/terminal/common';
import { TerminalList } from '../TerminalListPage';
import { terminalScreenOf } from '../useTerminalScreen';
import { BULK_TARGETS, statusLabel } from './ticket-moves';
import { StatusDialog } from './StatusDialog';
import { ticketApi } from './ticket-api';
import { useTicketPerms } from './useTicketPerms';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { useTicketPrinting } from './useTicketPrinting';
import { invoiceApi } from '../invoice/invoice-api';
import { useInvoiceRights } from '../invoice/InvoiceListPage';
import { TB_TICKET_INVOICE } from '../../../resources/terminal/common';
import { countLabel } from '../../../lib/format';
import { screenOfResource, terminalListPath, terminalRecordPath } from '../../../routes/terminal-screens';

/** The ticket list's filter bar: the filters the terminal staff use most. */
const FILTER_BAR = ['ticket_date', 'status', 'created_by_server', 'product', 'shipper'] as const;

export default function TicketListPage({ route }: PageProps) {
  const { screen } = terminalScreenOf(route);
  const dp = useDataProvider<AppDataProvider>();
  const api = ticketApi(dp);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const perms = useTicketPerms();
  const [selected, setSelected] = useState<Identifier[]>([]);
  const [dialog, setDialog] = useState<'status' | null>(null);
  const { busy, run } = useBusyAction();
  const printing = useTicketPrinting(TB_TICKET, selected, perms.email);
  const n = selected.length;
  const invoices = invoiceApi(dp);
  const mayInvoice = useInvoiceRights().build;
  const navigate = useNavigate();

  // Invoices are built from the selected completed tickets (docs/terminal.md, Ticket invoices); one made opens, several open the list.
  const createInvoices = () => run(async () => {
    const res = await invoices.build(selected);
    notify(`${countLabel(res.created, 'invoice')} made: ${res.invoices.map((i) => i.code).join(', ')}`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [TB_TICKET] });
    await queryClient.invalidateQueries({ queryKey: [TB_TICKET_INVOICE] });
    const screen = screenOfResource(TB_TICKET_INVOICE)!;
    navigate((res.created === 1 ? terminalRecordPath(screen, res.invoices[0].id) : undefined) ?? terminalListPath(screen));
  });

  const changeStatus = (status: string, voidReason?: string) => run(async () => {
    const res = await api.changeStatus(selected, status, voidReason);
    setDialog(null);
    notify(`${res.updated} ticket${res.updated === 1 ? '' : 's'} now ${statusLabel(status).toLowerCase()}`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [TB_TICKET] });
  });

  // Bulk actions appear once tickets are selected (the toolbar has no room for them and Create at once).
  const toolbar = n > 0 ? (
    <>
      <Typography variant="body2" sx={{ mr: 1 }} data-testid="selected-count">{n} selected</Typography>
      {perms.changeStatus && (
        <Button size="small" startIcon={<SyncAltIcon />} disabled={busy} onClick={() => setDialog('status')}>Change status</Button>
      )}
      {mayInvoice && <Button size="small" startIcon={<RequestQuoteIcon />} disabled={busy} onClick={() => void createInvoices()}>Create invoices</Button>}
      {printing.buttons}
    </>
  ) : null;

  return (
    <>
      {printing.progress}
      <TerminalList screen={screen} toolbar={toolbar} hideCreate={n > 0} onSelectionChange={setSelected} filterBar={FILTER_BAR} />
      {dialog === 'status' && (
        <StatusDialog open title={`Change the status of ${n} ticket${n === 1 ? '' : 's'}`} targets={BULK_TARGETS} busy={busy}
          onCancel={() => setDialog(null)} onConfirm={(s, reason) => void changeStatus(s, reason)} />
      )}
      {printing.dialog}
    </>
  );
}
