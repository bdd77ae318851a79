/**
 * A customs invoice's buttons (docs/invoicing.md, Customs screens), each only where its state and
 * the user's codenames allow (the lifecycle's `allowedMoves`, the rule the server enforces): Send
 * to broker (a draft, a returned one, or again), Returned (asking what to correct), Cleared
 * (asking the entry number), Print, Broker CSV, Void (asking why), Delete draft. On a phone they
 * fold into one Actions menu.
 */
import { useState } from 'react';
import { type RaRecord, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { type RecordAct, RecordActions } from '../../generic/RecordActions';
import { ReasonDialog } from '../../generic/ReasonDialog';
import { useDeleteRecord } from '../../generic/useDeleteRecord';
import { trackInFlight, useInFlight } from '../../generic/useInFlight';
import { useNotifyError } from '../../hooks/useNotifyError';
import { useProfile } from '../../hooks/useProfile';
import { allowedMoves, deleteRefusal } from '../../lib/lifecycle';
import { CUSTOMS_ITEM, CUSTOMS_TEMPLATE, customsInvoice } from '../../resources/invoice/customs-invoice';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { SendDialog, useCustomsRights } from './CustomsSend';

type Asking = 'send' | 'returned' | 'cleared' | 'void' | null;

export function CustomsMoves({ inv, onChanged }: { inv: RaRecord; onChanged(): void }) {
  const { permissions: profile } = useProfile();
  const { canAccess: canDelete } = useCanAccess({ resource: customsInvoice.name, action: 'delete' });
  const { maySend } = useCustomsRights();
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const remove = useDeleteRecord(customsInvoice, 'Draft deleted: its cars wait for customs papers again');
  const { inFlight } = useInFlight();
  const [asking, setAsking] = useState<Asking>(null);
  const name = String(inv.code ?? inv.id);

  const refresh = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: [customsInvoice.name] });
    await queryClient.invalidateQueries({ queryKey: [CUSTOMS_ITEM] });
    notify(message, { type: 'success' });
    onChanged();
  };
  const move = (to: string, extra: Record<string, unknown>, done: string) => trackInFlight(async () => {
    try {
      await dp.update(customsInvoice.name, { id: inv.id, data: { id: inv.id, version: inv.version, status: to, ...extra }, previousData: inv });
      setAsking(null);
      await refresh(done);
    } catch (e) {
      notifyError(e);
    }
  });
  const call = (action: string, body: unknown) => trackInFlight(async () => {
    try {
      await dp.callAction(customsInvoice.name, { action, body });
    } catch (e) {
      notifyError(e);
    }
  });
  const print = () => trackInFlight(async () => {
    try {
      await dp.callAction(customsInvoice.name, { id: inv.id, action: 'print', method: 'GET', query: { code: CUSTOMS_TEMPLATE } });
    } catch (e) {
      notifyError(e);
    }
  });

  const moves = new Set((allowedMoves(profile, customsInvoice, inv).status ?? []).map((m) => m.value));
  const sendable = maySend && ['draft', 'returned', 'sent'].includes(String(inv.status));
  const acts: RecordAct[] = [
    ...(sendable ? [{ key: 'send', label: inv.status === 'sent' ? 'Send again' : 'Send to broker', primary: inv.status !== 'sent', run: () => setAsking('send') }] : []),
    ...(moves.has('cleared') ? [{ key: 'cleared', label: 'Cleared', primary: true, run: () => setAsking('cleared') }] : []),
    ...(moves.has('returned') ? [{ key: 'returned', label: 'Returned by broker', run: () => setAsking('returned') }] : []),
    { key: 'print', label: 'Print', run: () => void print() },
    { key: 'csv', label: 'Broker CSV', run: () => void call('generate_csv', { invoices: [inv.id] }) },
    ...(moves.has('void') ? [{ key: 'void', label: 'Void', danger: true, run: () => setAsking('void') }] : []),
    ...(canDelete && !deleteRefusal(customsInvoice, inv) ? [{ key: 'delete', label: 'Delete draft', danger: true, run: () => void remove(inv) }] : []),
  ];

  return (
    <>
      <RecordActions acts={acts} disabled={inFlight} testId="customs-actions" />
      {asking === 'send' && <SendDialog invoices={[inv.id]} onClose={() => setAsking(null)} onDone={() => { setAsking(null); onChanged(); }} />}
      {asking === 'returned' && (
        <ReasonDialog title={`${name} returned by the broker`} label="What is to be corrected?" confirm="Mark returned" color="primary" busy={inFlight}
          onClose={() => setAsking(null)} onConfirm={(reason) => void move('returned', { return_reason: reason }, 'Returned: correct it, then send it again')} />
      )}
      {asking === 'cleared' && (
        <ReasonDialog title={`${name} cleared by customs`} label="Entry (transaction) number" confirm="Mark cleared" color="primary" max={40} busy={inFlight}
          onClose={() => setAsking(null)} onConfirm={(entry) => void move('cleared', { entry_number: entry }, 'Cleared: the cars are released')} />
      )}
      {asking === 'void' && (
        <ReasonDialog title={`Void ${name}`} label="Why is it void?" confirm="Void" busy={inFlight}
          onClose={() => setAsking(null)} onConfirm={(reason) => void move('void', { void_reason: reason }, 'Void: its cars wait for customs papers again')} />
      )}
    </>
  );
}
