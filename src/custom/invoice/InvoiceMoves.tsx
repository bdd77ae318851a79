/**
 * An invoice's buttons (docs/invoicing.md, Screens), each only where its state and the user's
 * codenames allow (the lifecycle's `allowedMoves`, the rule the server enforces): Issue, Mark paid
 * (asking the day), Void (asking why), Credit note (of the chosen lines, or all, asking why),
 * Print (the PDF in a new tab) and Delete (a draft). On a phone they fold into one Actions menu.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type Identifier, type RaRecord, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ActionDialog } from '../../generic/ActionDialog';
import { type RecordAct, RecordActions } from '../../generic/RecordActions';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { useDeleteRecord } from '../../generic/useDeleteRecord';
import { trackInFlight, useInFlight } from '../../generic/useInFlight';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useProfile } from '../../hooks/useProfile';
import { allowedMoves, deleteRefusal } from '../../lib/lifecycle';
import { mayCallAction } from '../../authProvider/permissions';
import { invoice } from '../../resources/invoice/invoice';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { invoicePath } from './invoice-paths';


const today = () => new Date().toISOString().slice(0, 10);

export function InvoiceMoves({ inv, selected, onChanged }: { inv: RaRecord; selected: Identifier[]; onChanged(): void }) {
  const { permissions: profile } = useProfile();
  const { canAccess: canDelete } = useCanAccess({ resource: invoice.name, action: 'delete' });
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const remove = useDeleteRecord(invoice, 'Draft deleted');
  const { inFlight } = useInFlight();
  const [open, setOpen] = useState<'void' | 'paid' | 'credit' | null>(null);
  const [paidOn, setPaidOn] = useState(today());
  const name = inv.code ? String(inv.code) : 'The draft';

  const refresh = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: [invoice.name] });
    await queryClient.invalidateQueries({ queryKey: ['invoice_item'] });
    notify(message, { type: 'success' });
    onChanged();
  };
  const move = (to: string, extra: Record<string, unknown>, done: string) => trackInFlight(async () => {
    try {
      await dp.update(invoice.name, { id: inv.id, data: { id: inv.id, version: inv.version, status: to, ...extra }, previousData: inv });
      setOpen(null);
      await refresh(done);
    } catch (e) {
      notifyError(e);
    }
  });
  const print = () => trackInFlight(async () => {
    try {
      await dp.callAction(invoice.name, { id: inv.id, action: 'print', method: 'GET', query: { code: 'invoice-custom' } });
    } catch (e) {
      notifyError(e);
    }
  });

  const moves = new Set((allowedMoves(profile, invoice, inv).status ?? []).map((m) => m.value));
  const creditable = inv.kind === 'invoice' && (inv.status === 'issued' || inv.status === 'paid') && mayCallAction(profile, invoice, invoice.actions.credit_note);
  const acts: RecordAct[] = [
    ...(moves.has('issued') ? [{ key: 'issue', label: inv.kind === 'credit_note' ? 'Issue credit note' : 'Issue', primary: true, run: () => void move('issued', {}, 'Issued: numbered and ready to send') }] : []),
    ...(moves.has('paid') ? [{ key: 'paid', label: 'Mark paid', run: () => setOpen('paid') }] : []),
    ...(creditable ? [{ key: 'credit', label: selected.length ? `Credit ${selected.length} line${selected.length === 1 ? '' : 's'}` : 'Credit note', run: () => setOpen('credit') }] : []),
    { key: 'print', label: 'Print', run: () => void print() },
    ...(moves.has('void') ? [{ key: 'void', label: 'Void', danger: true, run: () => setOpen('void') }] : []),
    ...(canDelete && !deleteRefusal(invoice, inv) ? [{ key: 'delete', label: 'Delete draft', danger: true, run: () => void remove(inv) }] : []),
  ];

  return (
    <>
      <RecordActions acts={acts} disabled={inFlight} testId="invoice-actions" />
      {open === 'void' && (
        <ReasonDialog title={`Void ${name}`} label="Why is it void?" confirm="Void" busy={inFlight} onClose={() => setOpen(null)}
          onConfirm={(reason) => void move('void', { void_reason: reason }, 'Invoice void: its cars may be invoiced again')} />
      )}
      {open === 'paid' && (
        <Dialog open onClose={() => setOpen(null)} maxWidth="xs" fullWidth>
          <DialogTitle>Mark {name} paid</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <TextField type="date" label="Paid on" required fullWidth value={paidOn} onChange={(e) => setPaidOn(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(null)}>Cancel</Button>
            <Button variant="contained" disabled={inFlight || !paidOn} onClick={() => void move('paid', { paid_date: paidOn }, 'Marked paid')}>Mark paid</Button>
          </DialogActions>
        </Dialog>
      )}
      {open === 'credit' && (
        <ActionDialog resource={invoice} action="credit_note" id={inv.id} title={`Credit note for ${name}${selected.length ? ` (${selected.length} line${selected.length === 1 ? '' : 's'})` : ' (every line)'}`}
          submitLabel="Make credit note" only={['reason']} defaults={selected.length ? { items: selected } : {}}
          onClose={() => setOpen(null)} onDone={(made) => { setOpen(null); void refresh('Credit note drafted: check it, then issue it'); navigate(invoicePath((made as { id: number }).id)); }} />
      )}
    </>
  );
}
