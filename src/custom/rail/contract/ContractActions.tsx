/**
 * The contract page's buttons (docs/rail.md §11.3), each only where the user may: Edit, the status
 * moves the lifecycle allows this user now (src/lib/lifecycle.ts, the server's rules: Activate,
 * Close, Reopen, Cancel asking for its reason), Create sale / Create purchase (the mirror, asking the
 * counterparty), Connect, Copy, Roll over (asking the period), Delete (drafts, the one delete
 * dialog). On a phone they fold into one Actions menu.
 */
import { useState } from 'react';
import { type RaRecord, useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ActionDialog } from '../../../generic/ActionDialog';
import { type RecordAct, RecordActions } from '../../../generic/RecordActions';
import { ReasonDialog } from '../../../generic/ReasonDialog';
import { useDeleteRecord } from '../../../generic/useDeleteRecord';
import { trackInFlight, useInFlight } from '../../../generic/useInFlight';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useProfile } from '../../../hooks/useProfile';
import { allowedMoves, deleteRefusal } from '../../../lib/lifecycle';
import { mayCallAction } from '../../../authProvider/permissions';
import { contract } from '../../../resources/rail/contract';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { contractPath } from './contract-api';
import { ContractFormDialog } from './ContractFormDialog';

/** What a move means on the contract page. */
const VERB: Record<string, string> = { active: 'Activate', closed: 'Close', cancelled: 'Cancel' };
const moveLabel = (from: unknown, to: string) => (from === 'closed' && to === 'active' ? 'Reopen' : VERB[to] ?? to);


export function ContractActions({ c, onChanged }: { c: RaRecord; onChanged(): void }) {
  const { permissions: profile } = useProfile();
  const { canAccess: canEdit } = useCanAccess({ resource: contract.name, action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: contract.name, action: 'delete' });
  const dp = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const remove = useDeleteRecord(contract);
  const { inFlight } = useInFlight();
  const [open, setOpen] = useState<'edit' | 'cancel' | 'mirror' | 'rollover' | null>(null);
  const may = (action: string) => mayCallAction(profile, contract, contract.actions[action]);
  const final = c.status === 'cancelled';

  const saved = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: [contract.name] });
    notify(message, { type: 'success' });
    onChanged();
  };
  const move = (to: string, cancel_reason?: string) => trackInFlight(async () => {
    try {
      await dp.update(contract.name, { id: c.id, data: { ...c, status: to, ...(cancel_reason ? { cancel_reason } : {}) }, previousData: c });
      setOpen(null);
      await saved(to === 'cancelled' ? 'Contract cancelled' : 'Contract saved');
    } catch (e) {
      notifyError(e);
    }
  });
  const copy = () => trackInFlight(async () => {
    try {
      const { created } = await dp.callAction(contract.name, { action: 'clone_multiple', body: { contract_ids: [c.id] } }) as { created: { id: number }[] };
      await queryClient.invalidateQueries({ queryKey: [contract.name] });
      navigate(contractPath(created[0].id));
    } catch (e) {
      notifyError(e);
    }
  });

  const moves = allowedMoves(profile, contract, c).status ?? [];
  const mirror = c.contract_type === 'purchase' ? 'create_sale' : 'create_purchase';
  const acts: RecordAct[] = [
    ...(canEdit && !final ? [{ key: 'edit', label: 'Edit', run: () => setOpen('edit') }] : []),
    ...moves.map((m): RecordAct => ({
      key: `move-${m.value}`, label: moveLabel(c.status, m.value), danger: m.value === 'cancelled', primary: m.value === 'active',
      run: () => (m.value === 'cancelled' ? setOpen('cancel') : void move(m.value)),
    })),
    ...(may(mirror) && !final && !(mirror === 'create_purchase' && c.supply_contract) ? [{ key: 'mirror', label: mirror === 'create_sale' ? 'Create sale' : 'Create purchase', run: () => setOpen('mirror') }] : []),
    ...(may('connect') ? [{ key: 'connect', label: 'Connect', run: () => navigate(`/contract/connect/?${c.contract_type === 'sale' ? 'sale' : 'purchase'}=${String(c.id)}`) }] : []),
    ...(may('clone_multiple') ? [{ key: 'copy', label: 'Copy', run: () => void copy() }, { key: 'rollover', label: 'Roll over', run: () => setOpen('rollover') }] : []),
    ...(canDelete && !deleteRefusal(contract, c) ? [{ key: 'delete', label: 'Delete', danger: true, run: () => void remove(c) }] : []),
  ];

  return (
    <>
      <RecordActions acts={acts} disabled={inFlight} testId="contract-actions" />
      {open === 'edit' && <ContractFormDialog id={Number(c.id)} onClose={() => { setOpen(null); onChanged(); }} />}
      {open === 'cancel' && <ReasonDialog title="Cancel the contract" label="Why is it cancelled?" confirm="Cancel contract" busy={inFlight} onClose={() => setOpen(null)} onConfirm={(reason) => void move('cancelled', reason)} />}
      {open === 'mirror' && (
        <ActionDialog resource={contract} action={mirror} id={c.id} title={mirror === 'create_sale' ? 'Create the sale this purchase supplies' : 'Create the purchase that supplies this sale'}
          submitLabel={mirror === 'create_sale' ? 'Create sale' : 'Create purchase'} only={['party', 'price', 'contract_number']}
          onClose={() => setOpen(null)} onDone={(made) => { setOpen(null); void queryClient.invalidateQueries({ queryKey: [contract.name] }); navigate(contractPath((made as { id: number }).id)); }} />
      )}
      {open === 'rollover' && (
        <ActionDialog resource={contract} action="clone_multiple" title="Roll over to the next period" submitLabel="Roll over" only={['period']}
          defaults={{ contract_ids: [c.id], roll_over: true, period: 'month' }} onClose={() => setOpen(null)}
          onDone={(out) => { setOpen(null); void queryClient.invalidateQueries({ queryKey: [contract.name] }); navigate(contractPath((out as { created: { id: number }[] }).created[0].id)); }} />
      )}
    </>
  );
}
