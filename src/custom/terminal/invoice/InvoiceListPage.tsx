/**
 * `v3/ticket-invoice/`: the shared table of ticket invoices with the workflow on the selected ones
 * (docs/terminal.md, Invoice screens): send for approval, approve, send for payment (how it
 * goes: a dialog), export (CSV, Excel, SAP IDoc zip) and send to Jobutrax, each shown to those who
 * hold its codename. Invoices are made from tickets (the ticket list's "Create invoices"), so the
 * list offers no Create. A refusal names each invoice, as an error toast; nothing moves then.
 */
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, Menu, MenuItem, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import PaymentsIcon from '@mui/icons-material/Payments';
import DownloadIcon from '@mui/icons-material/Download';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { type Identifier, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../../routes/define-route';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_TICKET_INVOICE } from '../../../resources/terminal/common';
import { INVOICE_METHODS, ticketInvoice } from '../../../resources/terminal/ticket-invoice';
import { mayCallAction } from '../../../authProvider/permissions';
import { useProfile } from '../../../hooks/useProfile';
import { useBusyAction } from '../../../hooks/useBusyAction';
import { countLabel } from '../../../lib/format';
import { TerminalList } from '../TerminalListPage';
import { terminalScreenOf } from '../useTerminalScreen';
import { invoiceApi } from './invoice-api';

const FILTER_BAR = ['invoice_date', 'status', 'customer'] as const;

/** Which workflow actions the user holds (the server asks the same). */
export function useInvoiceRights() {
  const { permissions } = useProfile();
  const may = (action: keyof typeof ticketInvoice.actions) => mayCallAction(permissions, ticketInvoice, ticketInvoice.actions[action]);
  return {
    build: may('bulk_create_invoices'), sendApproval: may('send_approval'), approve: may('bulk_approve_invoices'),
    sendForPayment: may('send_for_payment'), export: may('get_invoice_export'), jobutrax: may('send_jobutrax'),
  };
}

export default function InvoiceListPage({ route }: PageProps) {
  const { screen } = terminalScreenOf(route);
  const api = invoiceApi(useDataProvider<AppDataProvider>());
  const notify = useNotify();
  const queryClient = useQueryClient();
  const rights = useInvoiceRights();
  const { busy, run } = useBusyAction();
  const [selected, setSelected] = useState<Identifier[]>([]);
  const [paying, setPaying] = useState(false);
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null);
  const n = selected.length;

  const moved = (verb: string) => async (answer: Promise<{ updated: number }>) => {
    const res = await answer;
    notify(`${countLabel(res.updated, 'invoice')} ${verb}`, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [TB_TICKET_INVOICE] });
  };
  const act = (work: () => Promise<unknown>) => () => void run(async () => { await work(); });

  const toolbar = n > 0 ? (
    <>
      <Typography variant="body2" sx={{ mr: 1 }} data-testid="selected-count">{n} selected</Typography>
      {rights.sendApproval && <Button size="small" startIcon={<SendIcon />} disabled={busy} onClick={act(() => moved('sent for approval')(api.sendApproval(selected)))}>For approval</Button>}
      {rights.approve && <Button size="small" startIcon={<TaskAltIcon />} disabled={busy} onClick={act(() => moved('approved')(api.approve(selected)))}>Approve</Button>}
      {rights.sendForPayment && <Button size="small" startIcon={<PaymentsIcon />} disabled={busy} onClick={() => setPaying(true)}>For payment</Button>}
      {rights.export && <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={(e) => setExportMenu(e.currentTarget)} aria-haspopup="menu" aria-label="Download the selected invoices">Download</Button>}
      {rights.jobutrax && (
        <Button size="small" startIcon={<CloudUploadIcon />} disabled={busy} onClick={act(async () => {
          const res = await api.jobutrax(selected);
          const failed = res.results.filter((r) => !r.ok);
          if (failed.length) notify(`Jobutrax took ${res.sent}; not sent: ${failed.map((f) => `${f.code}: ${f.message}`).join('; ')}`, { type: 'error', autoHideDuration: 10000 });
          else notify(`${countLabel(res.sent, 'invoice')} sent to Jobutrax`, { type: 'success' });
          await queryClient.invalidateQueries({ queryKey: [TB_TICKET_INVOICE] });
        })}>Jobutrax</Button>
      )}
      <Menu anchorEl={exportMenu} open={!!exportMenu} onClose={() => setExportMenu(null)}>
        <MenuItem onClick={() => { setExportMenu(null); act(() => api.exportFile(selected, 'csv'))(); }}>CSV</MenuItem>
        <MenuItem onClick={() => { setExportMenu(null); act(() => api.exportFile(selected, 'xlsx'))(); }}>Excel (XLSX)</MenuItem>
        <MenuItem onClick={() => { setExportMenu(null); act(() => api.exportSap(selected))(); }}>SAP IDoc XML (zip)</MenuItem>
      </Menu>
    </>
  ) : null;

  return (
    <>
      <TerminalList screen={screen} toolbar={toolbar} hideCreate onSelectionChange={setSelected} filterBar={FILTER_BAR} />
      {paying && (
        <PaymentDialog count={n} busy={busy} onCancel={() => setPaying(false)}
          onSend={(methods) => void run(async () => { await moved('sent for payment')(api.sendForPayment(selected, methods)); setPaying(false); })} />
      )}
    </>
  );
}

function PaymentDialog({ count, busy, onCancel, onSend }: { count: number; busy: boolean; onCancel(): void; onSend(methods: string[]): void }) {
  const [methods, setMethods] = useState<string[]>(['email']);
  const toggle = (m: string) => setMethods((was) => (was.includes(m) ? was.filter((x) => x !== m) : [...was, m]));
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>Send {countLabel(count, 'invoice')} for payment</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>How they reach the customers. Email mails each invoice as a PDF to its customer&apos;s address.</Typography>
        <FormGroup>
          {INVOICE_METHODS.map(([value, label]) => (
            <FormControlLabel key={value} control={<Checkbox checked={methods.includes(value)} onChange={() => toggle(value)} />} label={label} />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={busy || !methods.length} onClick={() => onSend(methods)}>Send</Button>
      </DialogActions>
    </Dialog>
  );
}
