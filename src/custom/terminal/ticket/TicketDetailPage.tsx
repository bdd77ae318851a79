/**
 * `v3/ticket/{entityUUID}/`: the ticket as terminal staff work with it. Header with the product
 * card; status buttons for the moves allowed from the current status (can_change_ticket_status);
 * print as bill of lading or run ticket (PDF in a new tab, `ticket-{code}.pdf`); add a customs
 * invoice; tabs for measurements, entries, properties, attachments and (with
 * can_view_ticket_api_history) the history; Edit with change_ticket.
 */
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Menu, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import EditIcon from '@mui/icons-material/Edit';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Loading, Title, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../../routes/define-route';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_TICKET } from '../../../resources/terminal/common';
import { NEW_ID } from '../../../routes/terminal-screens';
import { TerminalRecord } from '../TerminalRecord';
import { TicketHeader } from './TicketHeader';
import { MeasurementBlock } from './MeasurementBlock';
import { InlineRows } from './InlineRows';
import { TicketAttachments } from './TicketAttachments';
import { TicketHistory } from './TicketHistory';
import { TicketEditForm } from './TicketEditForm';
import { StatusButtons } from './StatusButtons';
import { StatusDialog } from './StatusDialog';
import { type TemplateType, ticketApi } from './ticket-api';
import { type StatusMove, statusLabel, ticketMoves } from './ticket-moves';
import { isEditable } from '../../../lib/lifecycle';
import { getResource } from '../../../resources/index';
import { useProfile } from '../../../hooks/useProfile';
import { useTicketPerms } from './useTicketPerms';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { useCompanyTimeZone } from '../../../hooks/useCompanyTimeZone';
import { rowTimeZone } from '../../../lib/time-zone';
import { plainMessage } from '../../../notify/error-toasts';

const ENTRY_COLUMNS = ['sequence', 'entry_type', 'recorded_at', 'start_reading', 'end_reading', 'gross_volume', 'net_volume', 'temperature', 'density', 'comments'];
const PROPERTY_COLUMNS = ['name', 'value', 'unit'];

export default function TicketDetailPage({ params }: PageProps) {
  const id = String(params.entityUUID);
  if (id === NEW_ID) return <TerminalRecord resource={TB_TICKET} />;
  return <TicketDetail key={id} id={id} />;
}

function TicketDetail({ id }: { id: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const api = ticketApi(dp);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const perms = useTicketPerms();
  const { permissions: profile } = useProfile();
  const { data: ticket, isPending, error, refetch } = useGetOne(TB_TICKET, { id });
  const [tab, setTab] = useState('measurement');
  const [editing, setEditing] = useState(false);
  const [move, setMove] = useState<StatusMove | null>(null);
  const [printMenu, setPrintMenu] = useState<HTMLElement | null>(null);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [invoice, setInvoice] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  // The entries' times are the ticket's site's, like the ticket's own (docs/terminal.md, Site time).
  const companyZone = useCompanyTimeZone();

  if (isPending || perms.isPending) return <Loading />;
  if (error || !ticket) return <Alert severity="error" sx={{ m: 2 }}>{(error as Error | null)?.message ?? 'Ticket not found.'}</Alert>;

  // A final (void) ticket stays as it is: no edit, no invoice number added.
  const editable = perms.change && isEditable(getResource(TB_TICKET), ticket);
  const zone = rowTimeZone(ticket, companyZone);
  const reload = async () => {
    await refetch();
    await queryClient.invalidateQueries({ queryKey: [TB_TICKET, 'getList'] });
  };
  // A refused move (a limit, a billed ticket) stays on the page in words until the next move:
  // the operator at the rack reads why the load may not start.
  const changeStatus = (status: string, voidReason?: string) => run(async () => {
    try {
      await api.changeStatus([ticket.id], status, voidReason);
    } catch (e) {
      if ((e as { status?: number }).status !== 400) throw e;
      setRefusal(plainMessage(e, 'The status could not be changed.'));
      setMove(null);
      return;
    }
    setRefusal(null);
    setMove(null);
    notify(`Ticket ${String(ticket.code)} is now ${statusLabel(status).toLowerCase()}`, { type: 'success' });
    await reload();
  });
  const print = (template: TemplateType) => run(async () => {
    setPrintMenu(null);
    await api.print(ticket.id, template);
  });

  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <StatusButtons moves={ticketMoves(profile, ticket)} disabled={busy} onMove={(m) => (m.needsReason ? setMove(m) : void changeStatus(m.to))} />
      <Button size="small" variant="outlined" startIcon={<PrintIcon />} disabled={busy} onClick={(e) => setPrintMenu(e.currentTarget)}>Print</Button>
      <Menu anchorEl={printMenu} open={!!printMenu} onClose={() => setPrintMenu(null)}>
        <MenuItem onClick={() => void print('BOL')}>Bill of lading</MenuItem>
        <MenuItem onClick={() => void print('RUN')}>Run ticket</MenuItem>
      </Menu>
      {editable && <Button size="small" startIcon={<ReceiptIcon />} disabled={busy} onClick={() => { setInvoice(String(ticket.customs_invoice ?? '')); setInvoiceOpen(true); }}>Add customs invoice</Button>}
      {editable && !editing && <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>Edit</Button>}
    </Stack>
  );

  return (
    <Box sx={{ p: { xs: 0, sm: 1 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Title title={`Ticket ${String(ticket.code ?? '')}`} />
      {refusal && <Alert severity="error" onClose={() => setRefusal(null)} data-testid="status-refused" sx={{ whiteSpace: 'pre-line' }}>{refusal}</Alert>}
      <TicketHeader ticket={ticket} actions={actions} />
      {editing ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <TicketEditForm ticket={ticket} showSave={perms.showSave} onCancel={() => setEditing(false)} onSaved={() => { setEditing(false); void reload(); }} />
        </Box>
      ) : (
        <>
          <Tabs value={tab} onChange={(_, v: string) => setTab(v)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tab value="measurement" label="Measurement" />
            <Tab value="entries" label="Entries" />
            <Tab value="properties" label="Properties" />
            <Tab value="attachments" label="Attachments" />
            {perms.viewHistory && <Tab value="history" label="History" />}
          </Tabs>
          {tab === 'measurement' && <MeasurementBlock ticket={ticket} />}
          {tab === 'entries' && <InlineRows resource="terminalboss/v3/ticketentry" ticketId={ticket.id} columns={ENTRY_COLUMNS} zone={zone} title="Entries" sort={{ field: 'sequence', order: 'ASC' }} />}
          {tab === 'properties' && <InlineRows resource="terminalboss/v3/ticketproperty" ticketId={ticket.id} columns={PROPERTY_COLUMNS} zone={zone} title="Properties" sort={{ field: 'name', order: 'ASC' }} />}
          {tab === 'attachments' && <TicketAttachments ticketId={ticket.id} />}
          {tab === 'history' && perms.viewHistory && <TicketHistory ticketId={ticket.id} zone={zone} />}
        </>
      )}
      {move && (
        <StatusDialog open title={`${move.label} ticket ${String(ticket.code)}`} targets={[move.to]} busy={busy}
          onCancel={() => setMove(null)} onConfirm={(s, reason) => void changeStatus(s, reason)} />
      )}
      <Dialog open={invoiceOpen} onClose={() => setInvoiceOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>Add customs invoice</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField label="Invoice number" fullWidth autoFocus value={invoice} onChange={(e) => setInvoice(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setInvoiceOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy || !invoice.trim()} onClick={() => void run(async () => {
            await api.addCustomsInvoice(ticket.id, invoice.trim());
            setInvoiceOpen(false);
            notify('Customs invoice added', { type: 'success' });
            await reload();
          })}>Add</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
