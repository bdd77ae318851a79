/**
 * The moves a shipment's page offers (docs/rail.md §3.2, §8.1, §8.2, §11.9): only those its state
 * allows and this user's codenames open (the lifecycle's `allowedMoves`, the rule the server
 * enforces). Ship asks for the certification's signer and shows what is still missing; Void and
 * Cancel ask their reason; Open for correction its optional reason. At 390 px the buttons wrap
 * under the header.
 */
import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useDataProvider, useGetIdentity, useGetOne, useNotify } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { ReasonDialog } from '../../../generic/ReasonDialog';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { useProfile } from '../../../hooks/useProfile';
import { isHazardous } from '../../../lib/hazmat';
import { allowedMoves } from '../../../lib/lifecycle';
import { product } from '../../../resources/logistics/product';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { ShipDialog } from './ShipDialog';

type Asking = null | 'ship' | 'cancelled' | 'void' | 'in_correction';

const REASON_MOVES = {
  cancelled: { action: 'cancel_shipment', title: 'Cancel the shipment', label: 'Why is it cancelled?', confirm: 'Cancel shipment', done: 'Shipment cancelled.', optional: false },
  void: { action: 'void_shipment', title: 'Void the bill of lading', label: 'Why is it void?', confirm: 'Void', done: 'Bill of lading void.', optional: false },
  in_correction: {
    action: 'open_for_correction', title: 'Open for correction', label: 'What is corrected? (optional)', confirm: 'Open for correction',
    done: 'Open for correction: the cars are off the schedule until it ships again.', optional: true,
  },
} as const;

export function ShipmentMoves({ shipment, onMoved }: { shipment: Record<string, unknown>; onMoved(): void }) {
  const { permissions: profile } = useProfile();
  const { data: me } = useGetIdentity();
  const dp = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const { data: goods } = useGetOne(product.name, { id: shipment.product }, { enabled: Boolean(shipment.product), retry: false });
  const moves = new Set((allowedMoves(profile, railShipment, shipment).status ?? []).map((m) => m.value));
  const move = async (to: keyof typeof REASON_MOVES, reason: string) => {
    const m = REASON_MOVES[to];
    setBusy(true);
    try {
      await dp.callAction(railShipment.name, { id: shipment.id as number, action: m.action, body: reason ? { reason } : {} });
      notify(m.done, { type: 'info' });
      setAsking(null);
      onMoved();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  const reasonMove = asking && asking !== 'ship' ? REASON_MOVES[asking] : null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {moves.has('shipped') && <Button variant="contained" onClick={() => setAsking('ship')}>{shipment.status === 'in_correction' ? 'Ship correction' : 'Ship'}</Button>}
        {moves.has('in_correction') && <Button variant="outlined" onClick={() => setAsking('in_correction')}>Open for correction</Button>}
        {moves.has('void') && <Button variant="outlined" color="error" onClick={() => setAsking('void')}>Void</Button>}
        {moves.has('cancelled') && <Button variant="outlined" color="error" onClick={() => setAsking('cancelled')}>Cancel shipment</Button>}
      </Stack>
      {asking === 'ship' && (
        <ShipDialog shipment={shipment} hazardous={Boolean(goods && isHazardous(goods))} signer={String(me?.fullName ?? '')}
          onClose={() => setAsking(null)}
          onShipped={(x) => { notify(`Shipped: BOL ${String(x.bol_number)}${Number(x.bol_revision) ? ` revision ${String(x.bol_revision)}` : ''}.`, { type: 'info' }); setAsking(null); onMoved(); }} />
      )}
      {reasonMove && (
        <ReasonDialog title={reasonMove.title} label={reasonMove.label} confirm={reasonMove.confirm} optional={reasonMove.optional}
          color={reasonMove.optional ? 'primary' : 'error'} busy={busy} onClose={() => setAsking(null)} onConfirm={(r) => void move(asking as keyof typeof REASON_MOVES, r)} />
      )}
    </>
  );
}
